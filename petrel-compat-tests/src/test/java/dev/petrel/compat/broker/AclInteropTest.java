package dev.petrel.compat.broker;

import dev.petrel.compat.namesrv.PetrelProcess;
import dev.petrel.testkit.Await;
import org.apache.rocketmq.acl.common.AclClientRPCHook;
import org.apache.rocketmq.acl.common.SessionCredentials;
import org.apache.rocketmq.client.consumer.DefaultMQPushConsumer;
import org.apache.rocketmq.client.consumer.listener.ConsumeConcurrentlyStatus;
import org.apache.rocketmq.client.consumer.listener.MessageListenerConcurrently;
import org.apache.rocketmq.client.exception.MQBrokerException;
import org.apache.rocketmq.client.producer.DefaultMQProducer;
import org.apache.rocketmq.client.producer.SendStatus;
import org.apache.rocketmq.common.consumer.ConsumeFromWhere;
import org.apache.rocketmq.common.message.Message;
import org.apache.rocketmq.remoting.RPCHook;
import org.apache.rocketmq.remoting.protocol.admin.TopicStatsTable;
import org.apache.rocketmq.tools.admin.DefaultMQAdminExt;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * ACL 2.0 with the official 5.3.1 client and tools against one Petrel broker process (authentication and
 * authorization on): mqadmin createUser / listUser / createAcl / getAcl manage users and ACLs; a producer and a push
 * consumer signing with {@code AclClientRPCHook(SessionCredentials)} send and consume; a wrong secret and a topic
 * outside the ACL are refused with NO_PERMISSION and RocketMQ's remark, and nothing is stored (checked by the
 * topic's offsets); no secret reaches the broker's logs.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class AclInteropTest {

    private static final Duration WAIT = Duration.ofSeconds(60);
    private static final String TOPIC = "AclTopic";
    private static final String ROOT_SECRET = "rootSecret-6402";
    private static final String ALICE_SECRET = "aliceSecret-8817";
    private static final String INNER_SECRET = "innerSecret-2291";
    private static final RPCHook ROOT = new AclClientRPCHook(new SessionCredentials("root", ROOT_SECRET));
    private static final RPCHook ALICE = new AclClientRPCHook(new SessionCredentials("alice", ALICE_SECRET));

    @TempDir
    static Path dir;
    static PetrelProcess namesrv;
    static PetrelBroker broker;
    static String ns;
    static DefaultMQAdminExt admin;

    @BeforeAll
    static void start() throws Exception {
        namesrv = PetrelProcess.namesrv(dir.resolve("namesrv")).start();
        ns = namesrv.namesrvAddr();
        broker = PetrelBroker.start(dir.resolve("broker"), ns, Map.of(
            "authenticationEnabled", "true",
            "authorizationEnabled", "true",
            "initAuthenticationUser", "{\"username\":\"root\",\"password\":\"" + ROOT_SECRET + "\"}",
            "innerClientAuthenticationCredentials", "{\"accessKey\":\"inner\",\"secretKey\":\"" + INNER_SECRET + "\"}"));
        admin = new DefaultMQAdminExt(ROOT, 10_000);
        admin.setNamesrvAddr(ns);
        admin.setInstanceName(Clients.instance("acl-admin"));
        admin.start();
    }

    @AfterAll
    static void stop() {
        if (admin != null) {
            admin.shutdown();
        }
        if (broker != null) {
            broker.close();
        }
        if (namesrv != null) {
            namesrv.close();
        }
    }

    @Test
    @Order(1)
    void mqadminCreatesUsersAndAcls() {
        String b = broker.address();
        assertThat(MqAdmin.run(ROOT, "createUser", "-n", ns, "-b", b, "-u", "alice", "-p", ALICE_SECRET))
            .contains("create user to " + b + " success.");
        assertThat(MqAdmin.run(ROOT, "listUser", "-n", ns, "-b", b)).contains("alice").contains("root").contains("Normal");
        assertThat(MqAdmin.run(ROOT, "createAcl", "-n", ns, "-b", b, "-s", "User:alice", "-r",
            "Topic:" + TOPIC + ",Group:aclCG", "-a", "Pub,Sub,Get", "-d", "Allow"))
            .contains("create acl to " + b + " success.");
        assertThat(MqAdmin.run(ROOT, "getAcl", "-n", ns, "-b", b, "-s", "User:alice"))
            .contains("Topic:" + TOPIC).contains("Group:aclCG").contains("Allow");
        assertThat(MqAdmin.run(ROOT, "updateTopic", "-n", ns, "-b", b, "-t", TOPIC, "-r", "2", "-w", "2"))
            .contains("success");
    }

    @Test
    @Order(2)
    void correctCredentialsSendAndConsume() throws Exception {
        DefaultMQProducer producer = producer(ALICE);
        DefaultMQPushConsumer consumer = new DefaultMQPushConsumer("aclCG", ALICE);
        consumer.setNamesrvAddr(ns);
        consumer.setInstanceName(Clients.instance("acl-consumer"));
        try {
            Clients.sendThreeAndConsumeThem(producer, consumer, TOPIC, WAIT);
        } finally {
            producer.shutdown();
        }
        assertThat(storedMessages()).isEqualTo(3);
    }

    @Test
    @Order(3)
    void wrongSecretAndTopicsOutsideTheAclAreRefusedAndNothingIsStored() throws Exception {
        DefaultMQProducer wrong = producer(new AclClientRPCHook(new SessionCredentials("alice", "not-the-secret")));
        try {
            MQBrokerException refused = brokerRefusal(
                () -> wrong.send(new Message(TOPIC, "bad".getBytes(StandardCharsets.UTF_8))));
            assertThat(refused).isNotNull();
            assertThat(refused.getResponseCode()).isEqualTo(16);
            assertThat(refused.getErrorMessage()).isEqualTo("check signature failed.");
        } finally {
            wrong.shutdown();
        }
        DefaultMQProducer alice = producer(ALICE);
        try {
            MQBrokerException denied = brokerRefusal(
                () -> alice.send(new Message("OtherAclTopic", "x".getBytes(StandardCharsets.UTF_8))));
            assertThat(denied).isNotNull();
            assertThat(denied.getResponseCode()).isEqualTo(16);
            assertThat(denied.getErrorMessage()).startsWith("User:alice has no permission to access Topic:OtherAclTopic from ")
                .endsWith(", no matched policies.");
        } finally {
            alice.shutdown();
        }
        assertThat(storedMessages()).as("refused sends stored nothing").isEqualTo(3);
    }

    @Test
    @Order(4)
    void noSecretInTheBrokersLogsOrConfigDump() throws Exception {
        assertThat(MqAdmin.run(ROOT, "getBrokerConfig", "-n", ns, "-b", broker.address()))
            .contains("authenticationEnabled").doesNotContain(ROOT_SECRET).doesNotContain(INNER_SECRET);
        try (Stream<Path> files = Files.walk(dir.resolve("broker"))) {
            // Every log and console file of the broker; broker.conf holds the secrets by design, the store holds
            // config/auth.json (passwords, as RocketMQ's own store does).
            for (Path p : files.filter(Files::isRegularFile).filter(p -> !p.toString().contains("store"))
                .filter(p -> !p.getFileName().toString().equals("broker.conf")).toList()) {
                String text = Files.readString(p, StandardCharsets.ISO_8859_1);
                assertThat(text).as("%s", p).doesNotContain(ROOT_SECRET).doesNotContain(INNER_SECRET)
                    .doesNotContain(ALICE_SECRET);
            }
        }
    }

    /** The broker's answer inside what the producer throws (it wraps it once its retries are spent). */
    private static MQBrokerException brokerRefusal(org.assertj.core.api.ThrowableAssert.ThrowingCallable send) {
        Throwable t = org.assertj.core.api.Assertions.catchThrowable(send);
        while (t != null && !(t instanceof MQBrokerException)) {
            t = t.getCause();
        }
        return (MQBrokerException) t;
    }

    private static DefaultMQProducer producer(RPCHook hook) throws Exception {
        DefaultMQProducer p = new DefaultMQProducer("aclPG", hook);
        p.setNamesrvAddr(ns);
        p.setInstanceName(Clients.instance("acl-producer"));
        p.setSendMsgTimeout(30_000);
        p.setRetryTimesWhenSendFailed(0);
        p.start();
        return p;
    }

    private static long storedMessages() throws Exception {
        TopicStatsTable stats = admin.examineTopicStats(TOPIC);
        return stats.getOffsetTable().values().stream().mapToLong(o -> o.getMaxOffset() - o.getMinOffset()).sum();
    }
}
