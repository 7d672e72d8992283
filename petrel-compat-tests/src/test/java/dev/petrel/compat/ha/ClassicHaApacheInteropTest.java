package dev.petrel.compat.ha;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.petrel.compat.ha.HaBrokers.ApacheHa;
import dev.petrel.compat.ha.HaBrokers.PetrelHa;
import dev.petrel.compat.namesrv.PetrelProcess;
import dev.petrel.testkit.Await;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.apache.rocketmq.client.exception.MQBrokerException;
import org.apache.rocketmq.client.producer.DefaultMQProducer;
import org.apache.rocketmq.common.TopicConfig;
import org.apache.rocketmq.common.message.MessageExt;
import org.apache.rocketmq.remoting.protocol.ResponseCode;
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
 *   <li>Apache 5.3.1 ASYNC_MASTER → Petrel SLAVE (brokerId 1), which learns its master's HA address from the
 *       NameServer, as an Apache slave does, with Petrel's defaults otherwise (so the pulls after the kill use
 *       Petrel's slave-read default). Beside it, as the reference, Apache's own SLAVE (brokerId 2, Apache's defaults):
 *       it too copies the master byte for byte, and it refuses pulls with SYSTEM_BUSY (ha.md §1.10, listed there as
 *       "derived from source, not observed on a running pair"). It is killed before the master, so that the consumer
 *       can only read Petrel's slave.</li>
 *   <li>Petrel ASYNC_MASTER → Apache 5.3.1 SLAVE with {@code slaveReadEnable=true}: a 5.3.1 slave refuses pulls
 *       without it (case 1). Its topic is created on it directly: an Apache slave's first metadata sync comes ~60 s
 *       after its start (ha.md §1.8).</li>
 * </ol>
 * Apache slaves learn their master from the NameServer: a 5.3.1 slave drops a configured {@code haMasterAddress}
 * ({@link HaBrokers#slave}). One NameServer for both cases; each has its own broker name and processes.
 */
class ClassicHaApacheInteropTest {

    private static final Duration WAIT = Duration.ofSeconds(120);
    private static final int QUEUES = 4;
    private static final int N = 2_000;
    /** Sync senders sharing the producer: one at a time, 2,000 sends took 17-30 s on the loaded CI machine. */
    private static final int SENDERS = 4;

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
        Phases phases = new Phases("Apache master -> Petrel slave (and Apache's own slave)");
        // The master first: each slave takes the master's HA address from its first registration's response.
        try (ApacheHa master = HaBrokers.apache(dir.resolve("a-master"), ns, HaBrokers.master(name, "ASYNC_MASTER"),
            HaBrokers.freeBrokerPort())) {
            HaBrokers.Pair<PetrelHa, ApacheHa> slaves = HaBrokers.both(
                () -> HaBrokers.petrel(dir.resolve("p-slave"), ns, HaBrokers.slave(name, null),
                    HaBrokers.freeHaPort()),
                () -> HaBrokers.apache(dir.resolve("a-slave-ref"), ns,
                    HaBrokers.with(HaBrokers.slave(name, null), "brokerId", "2"), HaBrokers.freeBrokerPort()));
            try (PetrelHa slave = slaves.first(); ApacheHa reference = slaves.second()) {
                phases.done("master and both slaves up");
                awaitGroup(name, Map.of(0L, master.address(), 1L, slave.address(), 2L, reference.address()));
                createTopic(topic, master.address(), null);
                // As for an Apache slave, the topic must have reached the slave's metadata before the master dies.
                Await.until(WAIT, "Petrel's slave knowing " + topic + " (its metadata sync)",
                    () -> HaClients.knowsTopic(admin, slave.address(), topic));
                Set<String> acked = sendAcknowledged(name, topic);
                phases.done(N + " messages acknowledged");
                long masterMax = HaClients.maxOffset(admin, master.address());

                // The reference: Apache's own slave, with Apache's defaults.
                assertReplicated(topic, acked, masterMax, master.commitLogDir(), reference.address(),
                    reference.commitLogDir());
                assertThatThrownBy(() -> HaClients.pullOnce(admin, reference.address(), "haRefCG", topic, 0, 0))
                    .as("ha.md §1.10: a 5.3.1 slave with slaveReadEnable=false refuses pulls")
                    .isInstanceOfSatisfying(MQBrokerException.class,
                        e -> assertThat(e.getResponseCode()).isEqualTo(ResponseCode.SYSTEM_BUSY));
                phases.done("Apache's slave caught up, byte for byte, and refuses pulls");

                assertReplicated(topic, acked, masterMax, master.commitLogDir(), slave.address(), slave.commitLogDir());
                phases.done("Petrel's slave caught up, byte for byte");

                reference.kill9(); // the consumer's only way to the data is now Petrel's slave
                killMasterAndConsumeFromSlave(phases, name, topic, master::kill9, slave.address(), acked);
            }
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
            awaitGroup(name, Map.of(0L, master.address(), 1L, slave.address()));
            createTopic(topic, master.address(), slave.address());
            Set<String> acked = sendAcknowledged(name, topic);
            phases.done(N + " messages acknowledged");
            long masterMax = HaClients.maxOffset(admin, master.address());
            assertReplicated(topic, acked, masterMax, master.commitLogDir(), slave.address(), slave.commitLogDir());
            phases.done("Apache's slave caught up, byte for byte");
            killMasterAndConsumeFromSlave(phases, name, topic, () -> master.broker().kill9(), slave.address(), acked);
        }
    }

    private static void awaitGroup(String name, Map<Long, String> expected) {
        BrokerData group = Await.value(WAIT, "the brokers of " + name + " registered",
            () -> admin.examineBrokerClusterInfo().getBrokerAddrTable().get(name),
            b -> b != null && b.getBrokerAddrs().size() == expected.size());
        assertThat(group.getBrokerAddrs()).isEqualTo(expected);
    }

    /** Creates the topic on the master and, if {@code slaveAddr} is not null, on the slave too. */
    private static void createTopic(String topic, String masterAddr, String slaveAddr) throws Exception {
        TopicConfig config = new TopicConfig(topic, QUEUES, QUEUES, 6);
        admin.createAndUpdateTopicConfig(masterAddr, config);
        if (slaveAddr != null) {
            admin.createAndUpdateTopicConfig(slaveAddr, config);
        }
        Await.value(WAIT, "the route of " + topic, () -> admin.examineTopicRouteInfo(topic),
            r -> !r.getQueueDatas().isEmpty());
    }

    private static Set<String> sendAcknowledged(String name, String topic) throws Exception {
        DefaultMQProducer producer = HaClients.producer(namesrv.namesrvAddr(), "haPG-" + name);
        try {
            Set<String> acked = HaClients.sendAcknowledged(producer, topic, name, N, SENDERS);
            assertThat(acked).as("every send answered SEND_OK").hasSize(N);
            return acked;
        } finally {
            producer.shutdown();
        }
    }

    /**
     * The slave reaches the master's max offset; its CommitLog starts where an empty slave's must (the start of the
     * master's last file, here 0), ends at the master's max offset and equals the master's byte for byte; it holds
     * exactly the acknowledged keys, and its ConsumeQueues (built by the slave from the replicated bytes) count N.
     */
    private static void assertReplicated(String topic, Set<String> acked, long masterMax, Path masterLog,
                                         String slaveAddr, Path slaveLog) throws Exception {
        Await.until(WAIT, "the max offset of " + slaveAddr + " reaching the master's " + masterMax,
            () -> HaClients.maxOffset(admin, slaveAddr) == masterMax);
        CommitLogFiles m = CommitLogFiles.of(masterLog);
        CommitLogFiles s = CommitLogFiles.of(slaveLog);
        assertThat(s.firstOffset()).as("an empty slave starts at the start of the master's last file").isZero();
        assertThat(m.dataEnd()).as("the master's data end on disk").isEqualTo(masterMax);
        assertThat(s.dataEnd()).as("the slave's data end on disk").isEqualTo(masterMax);
        long diff = CommitLogFiles.firstDifference(m, s, 0, masterMax);
        assertThat(diff).as(diff < 0 ? "" : CommitLogFiles.describeDifference(m, s, diff)).isEqualTo(-1);
        Set<String> stored = s.messages().stream().filter(x -> topic.equals(x.getTopic())).map(MessageExt::getKeys)
            .collect(Collectors.toSet());
        assertThat(stored).as("keys in the slave's CommitLog").isEqualTo(acked);
        Await.until(WAIT, "the ConsumeQueues of " + slaveAddr + " holding all " + N,
            () -> consumeQueueTotal(slaveAddr, topic) == N);
    }

    private static long consumeQueueTotal(String brokerAddr, String topic) {
        long total = 0;
        for (int q = 0; q < QUEUES; q++) {
            try {
                total += HaClients.queueMaxOffset(admin, brokerAddr, topic, q);
            } catch (Exception e) {
                throw new IllegalStateException("GET_MAX_OFFSET at " + brokerAddr + ": " + e, e);
            }
        }
        return total;
    }

    /** SIGKILL the master; once the routes hold only the slave, a new consumer group consumes all N from it. */
    private static void killMasterAndConsumeFromSlave(Phases phases, String name, String topic, Runnable killMaster,
                                                      String slaveAddr, Set<String> acked) throws Exception {
        killMaster.run();
        Await.value(WAIT, "routes of " + topic + " without the master",
            () -> admin.examineTopicRouteInfo(topic).getBrokerDatas().get(0).getBrokerAddrs(),
            addrs -> addrs.equals(Map.of(1L, slaveAddr)));
        phases.done("master killed, routes updated");
        try (HaClients.CountingConsumer consumer = new HaClients.CountingConsumer(namesrv.namesrvAddr(),
            "haCG-" + name, topic, 1_000).start()) {
            Await.until(WAIT, "all " + N + " messages consumed from the slave",
                () -> consumer.keys().containsAll(acked));
            assertThat(consumer.keys()).isEqualTo(acked);
        }
        phases.done("all consumed from the slave");
    }
}
