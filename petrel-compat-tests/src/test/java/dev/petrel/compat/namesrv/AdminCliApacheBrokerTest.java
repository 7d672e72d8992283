package dev.petrel.compat.namesrv;

import static org.assertj.core.api.Assertions.assertThat;

import dev.petrel.compat.broker.MqAdmin;
import dev.petrel.testkit.Await;
import dev.petrel.testkit.ChildJvm;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.rocketmq.common.message.MessageQueue;
import org.apache.rocketmq.remoting.protocol.admin.ConsumeStats;
import org.apache.rocketmq.remoting.protocol.admin.TopicStatsTable;
import org.apache.rocketmq.tools.admin.DefaultMQAdminExt;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code petrel admin} against Apache RocketMQ 5.3.1's broker, registered with Petrel's NameServer: the CLI runs as
 * a child process from petrel-server's build output (Petrel's Netty never joins this class path), and what it prints
 * is checked against what Apache's own admin client ({@link DefaultMQAdminExt}) reads from the same broker and, for
 * clusterList, topicStatus, queryMsgByKey and consumerProgress, against what the official mqadmin prints. One
 * NameServer and one broker for the class; the tests build on each other (topic, message, group).
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class AdminCliApacheBrokerTest {

    private static final String CLUSTER = "CliApacheCluster";
    private static final String BROKER = "broker-cli";
    private static final String TOPIC = "CliOnApache";
    private static final String GROUP = "cli_apache_group";
    private static final Duration WAIT = Duration.ofSeconds(60);
    private static final AtomicInteger RUNS = new AtomicInteger();

    @TempDir
    static Path dir;

    private static PetrelProcess namesrv;
    private static ApacheBrokerProcess broker;
    private static DefaultMQAdminExt apache;
    private static String ns;
    private static String sentMsgId;

    @BeforeAll
    static void start() throws Exception {
        namesrv = PetrelProcess.namesrv(dir.resolve("namesrv")).start();
        ns = namesrv.namesrvAddr();
        broker = ApacheBrokerProcess.start(dir.resolve("broker"), ns, CLUSTER, BROKER, Map.of());
        apache = AdminTools.admin(ns);
    }

    @AfterAll
    static void stop() {
        if (apache != null) {
            apache.shutdown();
        }
        if (broker != null) {
            broker.close();
        }
        if (namesrv != null) {
            namesrv.close();
        }
    }

    /** {@code petrel admin ARGS} as a process; returns its output lines after checking the exit code. */
    private static List<String> admin(int expectedExit, String... args) {
        List<String> command = new ArrayList<>(List.of("admin"));
        command.addAll(List.of(args));
        Path logDir = dir.resolve("cli");
        int run = RUNS.incrementAndGet();
        ChildJvm cli = ChildJvm.start("petrel-admin-" + run, PetrelProcess.serverClassPath(),
            List.of("-Xmx128m", "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1", "-Dpetrel.log.dir=" + logDir),
            "dev.petrel.server.PetrelMain", command, Map.of(), logDir.resolve("run-" + run + ".out"));
        try {
            assertThat(cli.waitForExit(WAIT)).as("petrel admin %s exited", args[0]).isTrue();
            assertThat(cli.process().exitValue()).as("exit code of petrel admin %s\n%s", String.join(" ", args), cli.tail())
                .isEqualTo(expectedExit);
            return cli.lines();
        } finally {
            cli.close();
        }
    }

    /** The official mqadmin's table lines (its own log noise left out). */
    private static List<String> mqadmin(String... args) {
        return MqAdmin.run(args).lines().filter(l -> l.startsWith("#") || l.startsWith(BROKER) || l.startsWith(TOPIC)
            || l.startsWith(CLUSTER) || l.matches("[0-9A-F]{32}.*")).toList();
    }

    private static String[] cells(String line) {
        return line.trim().split("\\s{2,}");
    }

    @Test
    @Order(1)
    void updateTopicCreatesTheTopicOnTheApacheBroker() throws Exception {
        List<String> out = admin(0, "updateTopic", "-n", ns, "-c", CLUSTER, "-t", TOPIC, "-r", "2", "-w", "2");

        assertThat(out).contains("create topic to " + broker.brokerAddr() + " success.");
        var queues = Await.value(WAIT, "the topic's route", () -> apache.examineTopicRouteInfo(TOPIC).getQueueDatas(),
            q -> !q.isEmpty());
        assertThat(queues).singleElement().satisfies(q -> {
            assertThat(q.getBrokerName()).isEqualTo(BROKER);
            assertThat(q.getReadQueueNums()).isEqualTo(2);
            assertThat(q.getWriteQueueNums()).isEqualTo(2);
        });
    }

    @Test
    @Order(2)
    void clusterListBrokerStatusAndHaStatusReadTheApacheBroker() {
        List<String> cluster = admin(0, "clusterList", "-n", ns);
        assertThat(cluster.get(0)).startsWith("#Cluster Name").endsWith("#ACTIVATED");
        assertThat(cluster).anySatisfy(l -> assertThat(l).startsWith(String.format("%-22s  %-22s  %-4s  %-22s %-16s",
            CLUSTER, BROKER, 0, broker.brokerAddr(), "V5_3_1")).endsWith("true"));

        List<String> official = mqadmin("clusterList", "-n", ns);
        assertThat(official).hasSize(2);
        assertThat(official.get(0)).as("the same header as mqadmin").isEqualTo(cluster.get(0));
        assertThat(List.of(cells(cluster.get(1))).subList(0, 5)).as("the same broker facts as mqadmin")
            .isEqualTo(List.of(cells(official.get(1))).subList(0, 5));

        List<String> status = admin(0, "brokerStatus", "-n", ns, "-b", broker.brokerAddr());
        assertThat(status).contains(String.format("%-32s: %s", "brokerVersionDesc", "V5_3_1"));

        List<String> ha = admin(0, "haStatus", "-n", ns, "-b", broker.brokerAddr());
        assertThat(ha).as("Apache answers GET_BROKER_HA_STATUS: a master without slaves")
            .contains("#MasterAddr\t" + broker.brokerAddr(), "#SlaveNum\t0", "#InSyncSlaveNum\t0")
            .anyMatch(l -> l.matches("#MasterCommitLogMaxOffset\t\\d+"));
        assertThat(ha).as("mqadmin's HAStatusSubCommand header").contains(String.format("%-32s  %-16s %16s %16s %16s %16s",
            "#SlaveAddr", "#SlaveAckOffset", "#Diff", "#TransferSpeed(KB/s)", "#Status", "#TransferFromWhere"));
    }

    @Test
    @Order(3)
    void sendMessageStoresAMessageTopicStatusAndQueryMsgByKeyFind() throws Exception {
        List<String> sent = admin(0, "sendMessage", "-n", ns, "-t", TOPIC, "-p", "hello apache", "-k", "cli-key");
        String[] row = cells(sent.get(1));
        assertThat(row).hasSize(4).startsWith(BROKER);
        assertThat(row[2]).isEqualTo("SEND_OK");
        sentMsgId = row[3];
        int queueId = Integer.parseInt(row[1]);

        TopicStatsTable stats = apache.examineTopicStats(TOPIC);
        List<String> status = admin(0, "topicStatus", "-n", ns, "-t", TOPIC);
        assertThat(status).hasSize(3);
        for (int q = 0; q < 2; q++) {
            long max = stats.getOffsetTable().get(new MessageQueue(TOPIC, BROKER, q)).getMaxOffset();
            assertThat(max).as("Apache's count of queue " + q).isEqualTo(q == queueId ? 1 : 0);
            assertThat(cells(status.get(1 + q))).as("queue " + q).startsWith(BROKER, Integer.toString(q), "0",
                Long.toString(max));
        }
        assertThat(status).as("line for line what mqadmin prints").isEqualTo(mqadmin("topicStatus", "-n", ns, "-t", TOPIC));

        Await.value(WAIT, "the Apache broker indexed the key", () -> apache.queryMessage(TOPIC, "cli-key", 32, 0,
            Long.MAX_VALUE).getMessageList(), list -> !list.isEmpty());
        List<String> byKey = admin(0, "queryMsgByKey", "-n", ns, "-t", TOPIC, "-k", "cli-key");
        assertThat(byKey).hasSize(2);
        assertThat(byKey.get(1)).isEqualTo(String.format("%-50s %4d %40d", sentMsgId, queueId, 0));
        assertThat(byKey).as("line for line what mqadmin prints").isEqualTo(mqadmin("queryMsgByKey", "-n", ns, "-t", TOPIC,
            "-k", "cli-key"));
    }

    @Test
    @Order(4)
    void consumerProgressAgreesWithApachesConsumeStats() throws Exception {
        List<String> created = admin(0, "updateSubGroup", "-n", ns, "-c", CLUSTER, "-g", GROUP);
        assertThat(created).contains("create subscription group to " + broker.brokerAddr() + " success.");
        apache.updateConsumeOffset(broker.brokerAddr(), GROUP, new MessageQueue(TOPIC, BROKER, 0), 0);
        apache.updateConsumeOffset(broker.brokerAddr(), GROUP, new MessageQueue(TOPIC, BROKER, 1), 0);
        ConsumeStats stats = Await.value(WAIT, "the group's offsets", () -> apache.examineConsumeStats(GROUP, TOPIC),
            s -> s.getOffsetTable().size() == 2);

        List<String> out = admin(0, "consumerProgress", "-n", ns, "-g", GROUP, "-t", TOPIC);

        assertThat(out.get(0)).startsWith("#Topic").endsWith("#LastTime");
        for (int q = 0; q < 2; q++) {
            var o = stats.getOffsetTable().get(new MessageQueue(TOPIC, BROKER, q));
            assertThat(cells(out.get(1 + q))).as("queue " + q).startsWith(TOPIC, BROKER, Integer.toString(q),
                Long.toString(o.getBrokerOffset()), Long.toString(o.getConsumerOffset()),
                Long.toString(o.getBrokerOffset() - o.getConsumerOffset()));
        }
        assertThat(out).contains("Consume Diff Total: 1");
        assertThat(out.subList(0, 3)).as("header and rows as mqadmin prints them")
            .isEqualTo(mqadmin("consumerProgress", "-n", ns, "-g", GROUP, "-t", TOPIC).subList(0, 3));
    }

    @Test
    @Order(5)
    void aRefusalOfTheApacheBrokerIsExitOneWithItsCode() {
        List<String> out = admin(1, "consumerConnection", "-n", ns, "-g", GROUP, "-b", broker.brokerAddr());

        assertThat(String.join("\n", out)).contains("code 206 (CONSUMER_NOT_ONLINE)");
    }
}
