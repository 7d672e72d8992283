package dev.petrel.compat.ha;

import static org.assertj.core.api.Assertions.assertThat;

import dev.petrel.compat.ha.HaBrokers.ApacheHa;
import dev.petrel.compat.ha.HaBrokers.PetrelHa;
import dev.petrel.compat.namesrv.PetrelProcess;
import dev.petrel.testkit.Await;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.apache.rocketmq.client.producer.DefaultMQProducer;
import org.apache.rocketmq.common.TopicConfig;
import org.apache.rocketmq.common.message.MessageExt;
import org.apache.rocketmq.remoting.protocol.route.BrokerData;
import org.apache.rocketmq.tools.admin.DefaultMQAdminExt;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.CleanupMode;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue #11's "Apache interop": Petrel's classic HA speaks Apache 5.3.1's both ways. In each case N acknowledged
 * messages go to the master with the official client, the slave's CommitLog reaches the master's max offset and equals
 * it byte for byte, the master is killed with SIGKILL, and the official push consumer, with no configuration change,
 * consumes all N from the slave (the routes then hold only brokerId 1 of the broker name).
 * <ol>
 *   <li>Apache 5.3.1 ASYNC_MASTER → Petrel SLAVE, which learns its master's HA address from the NameServer, as an
 *       Apache slave does; Petrel's defaults otherwise (so the pulls after the kill use Petrel's slave-read default).</li>
 *   <li>Petrel ASYNC_MASTER → Apache 5.3.1 SLAVE with {@code slaveReadEnable=true}: a 5.3.1 slave refuses pulls
 *       without it (ha.md §1.10; {@link ApacheClassicHaReferenceTest} shows the refusal). Its topic is created on it
 *       directly: its first metadata sync comes ~60 s after its start (ha.md §1.8).</li>
 * </ol>
 * One NameServer for both; each case has its own broker name and processes.
 */
class ClassicHaApacheInteropTest {

    private static final Duration WAIT = Duration.ofSeconds(120);
    private static final int QUEUES = 4;
    private static final int N = 2_000;

    @TempDir(cleanup = CleanupMode.ON_SUCCESS)
    static Path dir;

    private static PetrelProcess namesrv;
    private static DefaultMQAdminExt admin;

    @BeforeAll
    static void startNameServer() throws Exception {
        namesrv = PetrelProcess.namesrv(dir.resolve("namesrv")).start();
        admin = HaClients.admin(namesrv.namesrvAddr());
    }

    @AfterAll
    static void stopNameServer() {
        if (admin != null) {
            admin.shutdown();
        }
        if (namesrv != null) {
            namesrv.close();
        }
    }

    @Test
    void apacheMasterToPetrelSlave() throws Exception {
        String ns = namesrv.namesrvAddr();
        String name = "ha-apache-to-petrel";
        String topic = "HaApacheToPetrel";
        Phases phases = new Phases("Apache master -> Petrel slave");
        // The master first: the slave takes the master's HA address from its first registration's response.
        try (ApacheHa master = HaBrokers.apache(dir.resolve("a-master"), ns,
                 HaBrokers.master(name, "ASYNC_MASTER"), HaBrokers.freeBrokerPort());
             PetrelHa slave = HaBrokers.petrel(dir.resolve("p-slave"), ns, HaBrokers.slave(name, null),
                 HaBrokers.freeHaPort())) {
            phases.done("both brokers up");
            replicateKillAndConsume(phases, name, topic, master.address(), master.commitLogDir(), master::kill9,
                slave.address(), slave.commitLogDir(), false);
        }
    }

    @Test
    void petrelMasterToApacheSlave() throws Exception {
        String ns = namesrv.namesrvAddr();
        String name = "ha-petrel-to-apache";
        String topic = "HaPetrelToApache";
        Phases phases = new Phases("Petrel master -> Apache slave");
        try (PetrelHa master = HaBrokers.petrel(dir.resolve("p-master"), ns, HaBrokers.master(name, "ASYNC_MASTER"),
                 HaBrokers.freeHaPort());
             ApacheHa slave = HaBrokers.apache(dir.resolve("a-slave"), ns,
                 HaBrokers.with(HaBrokers.slave(name, null), "slaveReadEnable", "true"), HaBrokers.freeBrokerPort())) {
            phases.done("both brokers up");
            replicateKillAndConsume(phases, name, topic, master.address(), master.commitLogDir(),
                () -> master.broker().kill9(), slave.address(), slave.commitLogDir(), true);
        }
    }

    private static void replicateKillAndConsume(Phases phases, String name, String topic, String masterAddr,
                                                Path masterLog, Runnable killMaster, String slaveAddr, Path slaveLog,
                                                boolean createTopicOnSlave) throws Exception {
        String ns = namesrv.namesrvAddr();
        BrokerData group = Await.value(WAIT, "master and slave of " + name + " registered",
            () -> admin.examineBrokerClusterInfo().getBrokerAddrTable().get(name),
            b -> b != null && b.getBrokerAddrs().size() == 2);
        assertThat(group.getBrokerAddrs()).isEqualTo(Map.of(0L, masterAddr, 1L, slaveAddr));

        TopicConfig config = new TopicConfig(topic, QUEUES, QUEUES, 6);
        admin.createAndUpdateTopicConfig(masterAddr, config);
        if (createTopicOnSlave) {
            admin.createAndUpdateTopicConfig(slaveAddr, config);
        }
        Await.value(WAIT, "the route of " + topic, () -> admin.examineTopicRouteInfo(topic),
            r -> !r.getQueueDatas().isEmpty());
        DefaultMQProducer producer = HaClients.producer(ns, "haPG-" + name);
        Set<String> acked;
        try {
            acked = HaClients.sendAcknowledged(producer, topic, name, N);
        } finally {
            producer.shutdown();
        }
        assertThat(acked).as("every send answered SEND_OK").hasSize(N);
        phases.done(N + " messages acknowledged");

        long masterMax = HaClients.maxOffset(admin, masterAddr);
        Await.until(WAIT, "the slave's max offset reaching the master's " + masterMax,
            () -> HaClients.maxOffset(admin, slaveAddr) == masterMax);
        phases.done("slave caught up");
        CommitLogFiles m = CommitLogFiles.of(masterLog);
        CommitLogFiles s = CommitLogFiles.of(slaveLog);
        assertThat(s.firstOffset()).as("an empty slave starts at the start of the master's last file").isZero();
        assertThat(m.dataEnd()).as("master's data end on disk").isEqualTo(masterMax);
        assertThat(s.dataEnd()).as("slave's data end on disk").isEqualTo(masterMax);
        long diff = CommitLogFiles.firstDifference(m, s, 0, masterMax);
        assertThat(diff).as(diff < 0 ? "" : CommitLogFiles.describeDifference(m, s, diff)).isEqualTo(-1);
        Set<String> stored = s.messages().stream().filter(x -> topic.equals(x.getTopic())).map(MessageExt::getKeys)
            .collect(Collectors.toSet());
        assertThat(stored).as("keys in the slave's CommitLog").isEqualTo(acked);

        killMaster.run();
        Await.value(WAIT, "routes of " + topic + " without the master",
            () -> admin.examineTopicRouteInfo(topic).getBrokerDatas().get(0).getBrokerAddrs(),
            addrs -> addrs.equals(Map.of(1L, slaveAddr)));
        phases.done("master killed, routes updated");
        try (HaClients.CountingConsumer consumer = new HaClients.CountingConsumer(ns, "haCG-" + name, topic, 1_000)
            .start()) {
            Await.until(WAIT, "all " + N + " messages consumed from the slave",
                () -> consumer.keys().containsAll(acked));
            assertThat(consumer.keys()).isEqualTo(acked);
        }
        phases.done("all consumed from the slave");
    }
}
