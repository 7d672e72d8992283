package dev.petrel.admin.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.petrel.namesrv.testing.TestNameServers;
import dev.petrel.broker.BrokerConfig;
import dev.petrel.broker.BrokerServer;
import dev.petrel.client.Message;
import dev.petrel.client.producer.PetrelProducer;
import dev.petrel.common.time.Clock;
import dev.petrel.namesrv.NameServer;
import dev.petrel.testkit.Await;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code petrel admin haStatus} against a real Petrel master and its slave in this JVM (a NameServer, two brokers,
 * real HA sockets on 127.0.0.1; the slave learns its master from the NameServer): mqadmin's master block and slave
 * block, and the same facts in {@code --json}.
 */
class HaStatusCommandTest {

    private static final Duration WAIT = Duration.ofSeconds(60);
    private static final String CLUSTER = "HaCluster";

    @TempDir
    static Path dir;

    private static NameServer nameServer;
    private static BrokerServer master;
    private static BrokerServer slave;
    private static String ns;

    @BeforeAll
    static void start() {
        nameServer = new NameServer(TestNameServers.config(dir.resolve("namesrv")), Clock.system());
        nameServer.start();
        ns = "127.0.0.1:" + nameServer.port();
        master = broker("master", "ASYNC_MASTER", 0);
        slave = broker("slave", "SLAVE", 1);
    }

    private static BrokerServer broker(String name, String role, long id) {
        Map<String, String> raw = new HashMap<>();
        raw.put("storePathRootDir", dir.resolve(name).toString());
        raw.put("listenPort", "0"); // the HA port is then picked freely too and registered as bound
        raw.put("bindAddress", "127.0.0.1");
        raw.put("brokerIP1", "127.0.0.1");
        raw.put("brokerIP2", "127.0.0.1");
        raw.put("namesrvAddr", ns);
        raw.put("brokerName", "ha-broker");
        raw.put("brokerClusterName", CLUSTER);
        raw.put("brokerRole", role);
        raw.put("brokerId", Long.toString(id));
        raw.put("mappedFileSizeCommitLog", Integer.toString(1024 * 1024));
        raw.put("mappedFileSizeConsumeQueue", Integer.toString(60_000));
        for (String pool : List.of("sendMessageThreadPoolNums", "pullMessageThreadPoolNums", "litePullMessageThreadPoolNums",
            "queryMessageThreadPoolNums", "adminBrokerThreadPoolNums", "clientManageThreadPoolNums",
            "consumerManageThreadPoolNums", "heartbeatThreadPoolNums", "serverSelectorThreads")) {
            raw.put(pool, "2");
        }
        BrokerServer b = new BrokerServer(BrokerConfig.FILE.parse(raw, unknown -> {
            throw new IllegalArgumentException("unknown key " + unknown);
        }), Clock.system());
        b.start();
        return b;
    }

    @AfterAll
    static void stop() {
        for (AutoCloseable c : new AutoCloseable[] {slave, master, nameServer}) {
            if (c != null) {
                try {
                    c.close();
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
            }
        }
    }

    private static Cli.Run ok(String... args) {
        Cli.Run run = Cli.admin(args);
        assertThat(run.exit()).as("%s", run).isZero();
        assertThat(run.err()).as("stderr").isEmpty();
        return run;
    }

    @Test
    @SuppressWarnings("unchecked")
    void printsTheMasterWithItsSlaveAndTheSlaveWithItsMaster() {
        String masterAddr = master.identity().address();
        String slaveAddr = slave.identity().address();
        ok("updateTopic", "-n", ns, "-b", masterAddr, "-t", "HaCliTopic", "-r", "2", "-w", "2");
        try (PetrelProducer producer = PetrelProducer.builder().namesrvAddr(ns).group("ha-cli-producer").build()) {
            for (int i = 0; i < 10; i++) {
                producer.send(Message.of("HaCliTopic", "ha-" + i), Duration.ofSeconds(30));
            }
        }
        long max = master.store().commitLogMaxOffset();
        Await.until(WAIT, "slave caught up", () -> slave.store().commitLogMaxOffset() == max);
        Await.until(WAIT, "master saw the slave's ack", () -> Cli.admin("haStatus", "-n", ns, "-b", masterAddr).out()
            .contains(" OK "));

        // -c: every master of the cluster (mqadmin prints masters only)
        Cli.Run byCluster = ok("haStatus", "-n", ns, "-c", CLUSTER);
        List<String> lines = byCluster.lines();
        assertThat(lines.subList(0, 6)).containsExactly("", "#MasterAddr\t" + masterAddr,
            "#MasterCommitLogMaxOffset\t" + max, "#SlaveNum\t1", "#InSyncSlaveNum\t1",
            String.format("%-32s  %-16s %16s %16s %16s %16s", "#SlaveAddr", "#SlaveAckOffset", "#Diff",
                "#TransferSpeed(KB/s)", "#Status", "#TransferFromWhere"));
        assertThat(lines).hasSize(7);
        assertThat(lines.get(6)).matches("127\\.0\\.0\\.1:\\d+ +" + max + " +0 +\\d+\\.\\d\\d +OK +" + max);
        assertThat(lines.get(6).substring(0, 34)).endsWith("  ");

        Cli.Run slaveRun = ok("haStatus", "-n", ns, "-b", slaveAddr);
        List<String> s = slaveRun.lines();
        assertThat(s.subList(0, 3)).containsExactly("", "#MasterAddr\t" + master.replication().haServerAddress(),
            "#CommitLogMaxOffset\t" + max);
        assertThat(s.get(3)).matches("#TransferSpeed\\(KB/s\\)\t\\d+\\.\\d\\d");
        Pattern time = Pattern.compile("\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d:\\d\\d,\\d{3}");
        assertThat(s.get(4)).startsWith("#LastReadTime\t").satisfies(l -> assertThat(time.matcher(l).find()).isTrue());
        assertThat(s.get(5)).startsWith("#LastWriteTime\t");
        assertThat(s.get(6)).isEqualTo("#MasterFlushOffset\t0");

        Map<String, Object> json = ok("haStatus", "-n", ns, "-b", slaveAddr, "--json").json();
        Map<String, Object> entry = ((List<Map<String, Object>>) json.get("brokers")).get(0);
        assertThat(entry).containsEntry("address", slaveAddr).containsEntry("replication", true);
        Map<String, Object> status = (Map<String, Object>) entry.get("status");
        assertThat(status).containsEntry("master", false);
        Map<String, Object> client = (Map<String, Object>) status.get("haClientRuntimeInfo");
        assertThat(client).containsEntry("masterAddr", master.replication().haServerAddress());
        assertThat(num(client, "maxOffset")).isEqualTo(max);

        Map<String, Object> masterJson = ok("haStatus", "-n", ns, "-b", masterAddr, "--json").json();
        Map<String, Object> m = (Map<String, Object>) ((List<Map<String, Object>>) masterJson.get("brokers")).get(0)
            .get("status");
        assertThat(m).containsEntry("master", true);
        assertThat(num(m, "masterCommitLogMaxOffset")).isEqualTo(max);
        assertThat(num(m, "inSyncSlaveNums")).isEqualTo(1);
        assertThat((List<Map<String, Object>>) m.get("haConnectionInfo")).singleElement().satisfies(c -> {
            assertThat(num(c, "slaveAckOffset")).isEqualTo(max);
            assertThat(num(c, "diff")).isZero();
            assertThat(c).containsEntry("inSync", true);
        });
    }

    private static long num(Map<String, Object> json, String key) {
        assertThat(json.get(key)).as(key).isInstanceOf(Number.class);
        return ((Number) json.get(key)).longValue();
    }
}
