package dev.petrel.compat.broker;

import dev.petrel.compat.namesrv.PetrelProcess;
import dev.petrel.testkit.Await;
import org.apache.rocketmq.client.producer.DefaultMQProducer;
import org.apache.rocketmq.client.producer.SendResult;
import org.apache.rocketmq.common.message.Message;
import org.apache.rocketmq.remoting.protocol.body.GroupList;
import org.apache.rocketmq.remoting.protocol.heartbeat.MessageModel;
import org.apache.rocketmq.tools.admin.DefaultMQAdminExt;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.Properties;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The official admin tool (rocketmq-tools 5.3.1, its {@code mqadmin} main class) against Petrel's NameServer and
 * broker as real processes, with a producer and a consumer online. Each test runs one or a few sub-commands and checks
 * what they print; the methods run in order because later commands look at what earlier ones created.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class AdminInteropTest {

    private static final Duration WAIT = Duration.ofSeconds(30);
    private static final String TOPIC = "AdminTopic";
    private static final String GROUP = "adminCG";
    private static final String PRODUCER_GROUP = "adminPG";

    @TempDir
    static Path dir;
    static PetrelProcess namesrv;
    static PetrelBroker broker;
    static String ns;
    static DefaultMQProducer producer;
    static Clients.Recording consumer;
    static DefaultMQAdminExt admin;
    static SendResult keyed;

    @BeforeAll
    static void start() throws Exception {
        namesrv = PetrelProcess.namesrv(dir.resolve("namesrv")).start();
        broker = PetrelBroker.start(dir.resolve("broker"), namesrv.namesrvAddr(), Map.of());
        ns = namesrv.namesrvAddr();
        admin = Clients.admin(ns);
    }

    @AfterAll
    static void stop() {
        if (consumer != null) {
            consumer.close();
        }
        if (producer != null) {
            producer.shutdown();
        }
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
    void updateTopicByBrokerAndByClusterThenTopicListAndRoute() throws Exception {
        assertThat(MqAdmin.run("updateTopic", "-n", ns, "-b", broker.address(), "-t", TOPIC, "-r", "4", "-w", "4"))
            .contains("create topic to " + broker.address() + " success.");
        assertThat(MqAdmin.run("updateTopic", "-n", ns, "-c", "DefaultCluster", "-t", "AdminTopic2"))
            .contains("create topic to " + broker.address() + " success.");
        Await.until(WAIT, "both topics routed", () -> MqAdmin.run("topicList", "-n", ns).contains("AdminTopic2")
            && MqAdmin.run("topicRoute", "-n", ns, "-t", TOPIC).contains("\"writeQueueNums\":4"));
        assertThat(MqAdmin.run("topicRoute", "-n", ns, "-t", TOPIC)).contains("\"brokerName\":\"broker-a\"")
            .contains(broker.address());

        producer = Clients.producer(ns, PRODUCER_GROUP);
        for (int i = 0; i < 8; i++) {
            producer.send(new Message(TOPIC, "TagA", "admin-key-" + i, ("admin-" + i).getBytes(StandardCharsets.UTF_8)));
        }
        keyed = producer.send(new Message(TOPIC, "TagK", "unique-admin-key", "keyed".getBytes(StandardCharsets.UTF_8)));
        consumer = new Clients.Recording(ns, GROUP, TOPIC, "*", MessageModel.CLUSTERING).start();
        Await.until(WAIT, "the consumer read everything", () -> consumer.received.size() >= 9);
    }

    @Test
    @Order(2)
    void topicStatusClusterListAndBrokerStatus() {
        String status = MqAdmin.run("topicStatus", "-n", ns, "-t", TOPIC);
        assertThat(status).contains("#Broker Name").contains("broker-a");
        assertThat(status.lines().filter(l -> l.startsWith("broker-a")).count()).isEqualTo(4);
        String clusters = MqAdmin.run("clusterList", "-n", ns);
        assertThat(clusters).contains("DefaultCluster").contains("broker-a").contains(broker.address()).contains("V5_3_1");
        String brokerStatus = MqAdmin.run("brokerStatus", "-n", ns, "-b", broker.address());
        assertThat(brokerStatus).contains("brokerVersionDesc").contains("putTps").contains("msgPutTotalTodayNow")
            .contains("petrelSubscriptionConflicts");
    }

    @Test
    @Order(3)
    void consumerAndProducerViews() throws Exception {
        // The client commits offsets on its next pull or every 5 s (first after 10 s), as with Apache's broker.
        Await.until(WAIT, "consumer offsets committed", () -> {
            String p = MqAdmin.run("consumerProgress", "-n", ns, "-g", GROUP);
            return p.contains(TOPIC) && p.contains("Consume Diff Total: 0");
        });
        String progress = MqAdmin.run("consumerProgress", "-n", ns, "-g", GROUP);
        assertThat(progress).contains(TOPIC).contains("broker-a");
        assertThat(MqAdmin.run("consumerProgress", "-n", ns)).contains(GROUP);
        String brokerStats = MqAdmin.run("brokerConsumeStats", "-n", ns, "-b", broker.address());
        assertThat(brokerStats).contains(TOPIC).contains(GROUP).contains("Diff Total: 0");
        String connection = MqAdmin.run("consumerConnection", "-n", ns, "-g", GROUP);
        assertThat(connection).contains("JAVA").contains("V5_3_1").contains(TOPIC).contains("ConsumeType: CONSUME_PASSIVELY")
            .contains("MessageModel: CLUSTERING");
        assertThat(MqAdmin.run("producerConnection", "-n", ns, "-g", PRODUCER_GROUP, "-t", TOPIC)).contains("JAVA")
            .contains("V5_3_1");
        GroupList who = admin.queryTopicConsumeByWho(TOPIC);
        assertThat(who.getGroupList()).contains(GROUP);
        assertThat(MqAdmin.run("topicList", "-n", ns, "-c")).contains(GROUP);
    }

    @Test
    @Order(4)
    void queriesByIdKeyUniqueKeyAndOffset() {
        String byId = MqAdmin.run("queryMsgById", "-n", ns, "-t", TOPIC, "-i", keyed.getOffsetMsgId());
        assertThat(byId).contains("OffsetID:").contains(keyed.getOffsetMsgId()).contains("[unique-admin-key]")
            .contains("[TagK]");
        String byKey = MqAdmin.run("queryMsgByKey", "-n", ns, "-t", TOPIC, "-k", "unique-admin-key");
        assertThat(byKey).contains("#Message ID").contains(keyed.getMsgId());
        String byUnique = MqAdmin.run("queryMsgByUniqueKey", "-n", ns, "-t", TOPIC, "-i", keyed.getMsgId());
        assertThat(byUnique).contains("[unique-admin-key]").contains("Queue Offset:");
        String byOffset = MqAdmin.run("queryMsgByOffset", "-n", ns, "-t", TOPIC, "-b", "broker-a", "-i",
            String.valueOf(keyed.getMessageQueue().getQueueId()), "-o", String.valueOf(keyed.getQueueOffset()));
        assertThat(byOffset).contains("[unique-admin-key]").contains(keyed.getOffsetMsgId());
    }

    @Test
    @Order(5)
    void resetOffsetByTimeMakesTheGroupConsumeAgain() {
        int before = consumer.received.size();
        String reset = MqAdmin.run("resetOffsetByTime", "-n", ns, "-g", GROUP, "-t", TOPIC, "-s", "0");
        assertThat(reset).contains("#brokerName").contains("broker-a");
        Await.until(WAIT, "the group consumed everything again", () -> consumer.received.size() >= before + 9);
    }

    @Test
    @Order(6)
    void subscriptionGroupAndBrokerConfig() throws Exception {
        assertThat(MqAdmin.run("updateSubGroup", "-n", ns, "-b", broker.address(), "-g", "adminSubGroup", "-r", "3"))
            .contains("create subscription group to " + broker.address() + " success.");
        assertThat(admin.examineSubscriptionGroupConfig(broker.address(), "adminSubGroup").getRetryMaxTimes()).isEqualTo(3);

        String config = MqAdmin.run("getBrokerConfig", "-n", ns, "-b", broker.address());
        assertThat(config).containsPattern("brokerClusterName\\s+=\\s+DefaultCluster").containsPattern("traceOn\\s+=\\s+true");
        assertThat(MqAdmin.run("updateBrokerConfig", "-n", ns, "-b", broker.address(), "-k", "traceOn", "-v", "false"))
            .contains("update broker config success, " + broker.address());
        Properties after = admin.getBrokerConfig(broker.address());
        assertThat(after.getProperty("traceOn")).isEqualTo("false");
        String refused = MqAdmin.run("updateBrokerConfig", "-n", ns, "-b", broker.address(), "-k", "listenPort", "-v", "1");
        assertThat(refused).contains("listenPort cannot be changed at runtime");
    }

    @Test
    @Order(7)
    void deleteTopicRemovesItFromBrokerAndNameServer() {
        assertThat(MqAdmin.run("deleteTopic", "-n", ns, "-c", "DefaultCluster", "-t", "AdminTopic2"))
            .contains("delete topic [AdminTopic2] from cluster [DefaultCluster] success.");
        assertThat(MqAdmin.run("topicList", "-n", ns)).doesNotContain("AdminTopic2").contains(TOPIC);
    }
}
