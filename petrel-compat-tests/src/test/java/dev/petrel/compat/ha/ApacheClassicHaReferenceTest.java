package dev.petrel.compat.ha;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.petrel.compat.ha.HaBrokers.ApacheHa;
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
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.CleanupMode;
import org.junit.jupiter.api.io.TempDir;

/**
 * The fixture, proved on Apache alone, and Apache 5.3.1's own classic HA behaviour as the reference the interop tests
 * compare with: an Apache ASYNC_MASTER and an Apache SLAVE (brokerId 1, its master learnt from the NameServer, defaults otherwise)
 * registered at Petrel's NameServer. The slave's CommitLog equals the master's byte for byte up to the master's max
 * offset, its ConsumeQueues hold every message, and (ha.md §1.10, an open question there: "derived from source, not
 * observed on a running pair") with {@code slaveReadEnable=false}, the default, it refuses pulls with SYSTEM_BUSY.
 */
class ApacheClassicHaReferenceTest {

    private static final Duration WAIT = Duration.ofSeconds(120);
    private static final String BROKER = "ha-apache-ref";
    private static final String TOPIC = "HaRefTopic";
    private static final int QUEUES = 4;
    private static final int N = 500;

    @TempDir(cleanup = CleanupMode.ON_SUCCESS)
    Path dir;

    @Test
    void anApacheSlaveCopiesItsMastersCommitLogByteForByteAndRefusesPullsByDefault() throws Exception {
        try (PetrelProcess namesrv = PetrelProcess.namesrv(dir.resolve("namesrv")).start()) {
            String ns = namesrv.namesrvAddr();
            int masterPort = HaBrokers.freeBrokerPort();
            int slavePort = HaBrokers.freeBrokerPort();
            HaBrokers.Pair<ApacheHa, ApacheHa> pair = HaBrokers.both(
                () -> HaBrokers.apache(dir.resolve("master"), ns, HaBrokers.master(BROKER, "ASYNC_MASTER"), masterPort),
                () -> HaBrokers.apache(dir.resolve("slave"), ns,
                    HaBrokers.slave(BROKER, null), slavePort));
            try (ApacheHa master = pair.first(); ApacheHa slave = pair.second()) {
                DefaultMQAdminExt admin = HaClients.admin(ns);
                DefaultMQProducer producer = HaClients.producer(ns, "haRefPG");
                try {
                    BrokerData group = Await.value(WAIT, "master and slave registered",
                        () -> admin.examineBrokerClusterInfo().getBrokerAddrTable().get(BROKER),
                        b -> b != null && b.getBrokerAddrs().size() == 2);
                    assertThat(group.getBrokerAddrs()).isEqualTo(Map.of(0L, master.address(), 1L, slave.address()));

                    admin.createAndUpdateTopicConfig(master.address(), new TopicConfig(TOPIC, QUEUES, QUEUES, 6));
                    Await.value(WAIT, "the topic's route", () -> admin.examineTopicRouteInfo(TOPIC),
                        r -> !r.getQueueDatas().isEmpty());
                    Set<String> acked = HaClients.sendAcknowledged(producer, TOPIC, "ref", N);
                    assertThat(acked).hasSize(N);

                    long masterMax = HaClients.maxOffset(admin, master.address());
                    Await.until(WAIT, "the slave's max offset reaches the master's " + masterMax,
                        () -> HaClients.maxOffset(admin, slave.address()) == masterMax);
                    CommitLogFiles m = CommitLogFiles.of(master.commitLogDir());
                    CommitLogFiles s = CommitLogFiles.of(slave.commitLogDir());
                    assertThat(s.firstOffset()).as("an empty slave starts at the master's last file").isZero();
                    assertThat(m.dataEnd()).isEqualTo(masterMax);
                    assertThat(s.dataEnd()).isEqualTo(masterMax);
                    long diff = CommitLogFiles.firstDifference(m, s, 0, masterMax);
                    assertThat(diff).as(diff < 0 ? "" : CommitLogFiles.describeDifference(m, s, diff)).isEqualTo(-1);
                    Set<String> stored = s.messages().stream().filter(x -> TOPIC.equals(x.getTopic()))
                        .map(MessageExt::getKeys).collect(Collectors.toSet());
                    assertThat(stored).isEqualTo(acked);

                    long inQueues = 0;
                    for (int q = 0; q < QUEUES; q++) {
                        int queue = q;
                        long onMaster = HaClients.queueMaxOffset(admin, master.address(), TOPIC, queue);
                        inQueues += Await.value(WAIT, "the slave's ConsumeQueue " + q + " at " + onMaster,
                            () -> HaClients.queueMaxOffset(admin, slave.address(), TOPIC, queue),
                            max -> max == onMaster);
                    }
                    assertThat(inQueues).as("the slave dispatched every replicated message").isEqualTo(N);

                    master.kill9();
                    assertThatThrownBy(() -> HaClients.pullOnce(admin, slave.address(), "haRefCG", TOPIC, 0, 0))
                        .as("ha.md §1.10: a 5.3.1 slave with slaveReadEnable=false refuses pulls")
                        .isInstanceOfSatisfying(MQBrokerException.class,
                            e -> assertThat(e.getResponseCode()).isEqualTo(ResponseCode.SYSTEM_BUSY));
                } finally {
                    producer.shutdown();
                    admin.shutdown();
                }
            }
        }
    }
}
