package dev.petrel.compat.ha;

import static org.assertj.core.api.Assertions.assertThat;

import dev.petrel.compat.ha.HaBrokers.PetrelHa;
import dev.petrel.compat.namesrv.PetrelProcess;
import dev.petrel.testkit.Await;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Collectors;
import org.apache.rocketmq.client.consumer.store.ReadOffsetType;
import org.apache.rocketmq.client.producer.DefaultMQProducer;
import org.apache.rocketmq.client.producer.SendResult;
import org.apache.rocketmq.client.producer.SendStatus;
import org.apache.rocketmq.common.TopicConfig;
import org.apache.rocketmq.common.message.Message;
import org.apache.rocketmq.common.message.MessageExt;
import org.apache.rocketmq.common.message.MessageQueue;
import org.apache.rocketmq.tools.admin.DefaultMQAdminExt;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.CleanupMode;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue #11 acceptance (c): a Petrel SYNC_MASTER with a Petrel SLAVE, as real processes, the official 5.3.1 client
 * sending acknowledged messages steadily while a clustering push consumer consumes and commits its offsets every
 * {@value #COMMIT_INTERVAL_MS} ms ({@code persistConsumerOffsetInterval}).
 * <ol>
 *   <li>SIGKILL the master mid-stream: every message answered SEND_OK is in the slave's CommitLog (SYNC_MASTER
 *       answered only after the slave held it), and the consumer, unchanged, receives all of them from the slave.</li>
 *   <li>Restart the master on the same store: sends are acknowledged again (the slave follows it again), and the
 *       master's committed offsets catch up with what the consumer consumed from the slave within one commit
 *       interval.</li>
 *   <li>A second consumer of the group, started after the first stopped, resumes from the master's offsets: it
 *       re-delivers nothing beyond what the first consumed within the last commit interval (counted per message), and
 *       receives what was sent after.</li>
 *   <li>Finally master and slave CommitLogs are equal byte for byte.</li>
 * </ol>
 */
class SyncMasterKillTest {

    private static final Duration WAIT = Duration.ofSeconds(120);
    private static final String BROKER = "ha-sync";
    private static final String TOPIC = "HaSyncKill";
    private static final String GROUP = "haSyncKillCG";
    private static final int QUEUES = 4;
    private static final int COMMIT_INTERVAL_MS = 1_000;
    private static final int BEFORE_KILL = 400;
    private static final int AFTER_RETURN = 200;

    @TempDir(cleanup = CleanupMode.ON_SUCCESS)
    Path dir;

    @Test
    void killingTheSyncMasterLosesNoAcknowledgedMessageAndItsReturnRedeliversAtMostOneCommitInterval()
        throws Exception {
        Phases phases = new Phases("SYNC_MASTER kill");
        try (PetrelProcess namesrv = PetrelProcess.namesrv(dir.resolve("namesrv")).start()) {
            String ns = namesrv.namesrvAddr();
            int haPort = HaBrokers.freeHaPort();
            DefaultMQAdminExt admin = HaClients.admin(ns);
            try (PetrelHa master = HaBrokers.petrel(dir.resolve("master"), ns, HaBrokers.master(BROKER, "SYNC_MASTER"),
                haPort)) {
                // The topic before the slave starts: the slave copies it from the master at once when it learns its
                // master, and must know it to serve pulls once the master is gone.
                admin.createAndUpdateTopicConfig(master.address(), new TopicConfig(TOPIC, QUEUES, QUEUES, 6));
                try (PetrelHa slave = HaBrokers.petrel(dir.resolve("slave"), ns,
                    HaBrokers.slave(BROKER, master.haAddress()), HaBrokers.freeHaPort())) {
                    phases.done("master and slave up");
                    run(phases, admin, ns, master, slave);
                }
            } finally {
                admin.shutdown();
            }
        }
    }

    private void run(Phases phases, DefaultMQAdminExt admin, String ns, PetrelHa master, PetrelHa slave)
        throws Exception {
        Await.value(WAIT, "the topic's route", () -> admin.examineTopicRouteInfo(TOPIC),
            r -> !r.getQueueDatas().isEmpty());
        Await.until(WAIT, "the slave knowing the topic (its metadata sync)", () -> slaveKnowsTopic(admin, slave));
        Set<String> acked = ConcurrentHashMap.newKeySet();
        Map<SendStatus, AtomicInteger> notAcked = new ConcurrentHashMap<>();

        HaClients.CountingConsumer first = new HaClients.CountingConsumer(ns, GROUP, TOPIC, COMMIT_INTERVAL_MS).start();
        HaClients.CountingConsumer second = null;
        try {
            AtomicBoolean sending = new AtomicBoolean(true);
            List<Thread> producers = new ArrayList<>();
            for (int t = 0; t < 2; t++) {
                producers.add(steadyProducer(ns, "p" + t, sending, acked, notAcked));
            }
            Await.until(WAIT, "consumption under way", () -> first.keys().size() >= BEFORE_KILL / 4);
            // Paused, so that the rest can only come from the slave: the consumer resumes after the kill.
            first.consumer.suspend();
            Await.until(WAIT, BEFORE_KILL + " acknowledged",
                () -> acked.size() >= BEFORE_KILL && acked.size() >= first.keys().size() + BEFORE_KILL / 4);
            master.broker().kill9();
            sending.set(false);
            for (Thread p : producers) {
                p.join(WAIT.toMillis());
                assertThat(p.isAlive()).as(p.getName() + " stopped").isFalse();
            }
            Set<String> ackedAtKill = Set.copyOf(acked);
            Set<String> consumedFromMaster = Set.copyOf(first.keys());
            phases.done(ackedAtKill.size() + " acknowledged when the master was killed (not acknowledged: " + notAcked
                + "), " + consumedFromMaster.size() + " consumed");
            assertThat(difference(ackedAtKill, consumedFromMaster)).as("left for the slave to deliver").isNotEmpty();
            first.consumer.resume();

            // 1. Nothing acknowledged is lost: the slave held each before its SEND_OK.
            Set<String> onSlave = keysIn(slave.commitLogDir());
            assertThat(difference(ackedAtKill, onSlave)).as("acknowledged but not in the slave's CommitLog").isEmpty();
            Await.until(WAIT, "the consumer receiving every acknowledged message from the slave",
                () -> first.keys().containsAll(ackedAtKill));
            phases.done("all acknowledged consumed, from the slave for the rest");

            // 2. The master returns on its store; the pair acknowledges sends again.
            master.broker().restart();
            Await.value(WAIT, "the master back in the routes",
                () -> admin.examineTopicRouteInfo(TOPIC).getBrokerDatas().get(0).getBrokerAddrs(),
                addrs -> master.address().equals(addrs.get(0L)));
            phases.done("master restarted and registered");
            DefaultMQProducer after = HaClients.producer(ns, "haSyncAfterPG");
            Set<String> ackedAfter;
            try {
                AtomicInteger probes = new AtomicInteger();
                ackedAfter = Await.value(WAIT, "a SEND_OK from the returned master (its slave following it again)",
                    () -> HaClients.sendAcknowledged(after, TOPIC, "probe" + probes.incrementAndGet(), 1),
                    s -> s.size() == 1);
                ackedAfter = new HashSet<>(ackedAfter);
                ackedAfter.addAll(HaClients.sendAcknowledged(after, TOPIC, "after", AFTER_RETURN));
            } finally {
                after.shutdown();
            }
            assertThat(ackedAfter).as("sends after the master's return").hasSize(AFTER_RETURN + 1);
            Set<String> all = new HashSet<>(ackedAtKill);
            all.addAll(ackedAfter);
            Await.until(WAIT, "the consumer receiving what was sent after the return",
                () -> first.keys().containsAll(all));
            phases.done("sends after the return acknowledged and consumed");

            // The master's offsets catch up with the consumer's (consumption from the slave included).
            Await.until(WAIT, "the master's committed offsets equal to the consumer's",
                () -> offsetsReconciled(admin, master.address(), first));
            phases.done("offsets reconciled on the master");
            assertThat(first.redelivered()).as("re-delivered to the consumer that lived through the failover")
                .isEmpty();
            long stoppedAt = System.nanoTime();
            Set<String> recent = firstSeenSince(first, stoppedAt - (COMMIT_INTERVAL_MS + 1_000) * 1_000_000L);
            Set<String> consumedByFirst = Set.copyOf(first.deliveries.keySet());
            first.close();

            // 3. A newcomer resumes from the master's offsets.
            DefaultMQProducer last = HaClients.producer(ns, "haSyncLastPG");
            Set<String> ackedLast;
            second = new HaClients.CountingConsumer(ns, GROUP, TOPIC, COMMIT_INTERVAL_MS).start();
            try {
                ackedLast = HaClients.sendAcknowledged(last, TOPIC, "last", 20);
            } finally {
                last.shutdown();
            }
            HaClients.CountingConsumer newcomer = second;
            Await.until(WAIT, "the second consumer receiving what was sent after it started",
                () -> newcomer.keys().containsAll(ackedLast));
            Set<String> again = newcomer.deliveries.keySet().stream().filter(consumedByFirst::contains)
                .collect(Collectors.toSet());
            phases.done("second consumer: " + again.size() + " re-delivered, " + recent.size()
                + " consumed by the first in its last commit interval");
            assertThat(difference(again, recent)).as("re-delivered beyond one offset-commit interval").isEmpty();
            assertThat(newcomer.redelivered()).isEmpty();

            // 4. The slave follows the returned master: equal bytes up to the master's max offset.
            long masterMax = HaClients.maxOffset(admin, master.address());
            Await.until(WAIT, "the slave reaching the master's max offset " + masterMax,
                () -> HaClients.maxOffset(admin, slave.address()) >= masterMax);
            CommitLogFiles m = CommitLogFiles.of(master.commitLogDir());
            CommitLogFiles s = CommitLogFiles.of(slave.commitLogDir());
            long diff = CommitLogFiles.firstDifference(m, s, Math.max(m.firstOffset(), s.firstOffset()), masterMax);
            assertThat(diff).as(diff < 0 ? "" : CommitLogFiles.describeDifference(m, s, diff)).isEqualTo(-1);
            phases.done("CommitLogs equal up to " + masterMax);
        } finally {
            first.close();
            if (second != null) {
                second.close();
            }
        }
    }

    /** A producer sending keyed messages one by one until told to stop; keys answered SEND_OK go to {@code acked}. */
    private static Thread steadyProducer(String ns, String name, AtomicBoolean sending, Set<String> acked,
                                         Map<SendStatus, AtomicInteger> notAcked) throws Exception {
        DefaultMQProducer producer = HaClients.producer(ns, "haSyncPG-" + name);
        producer.setRetryTimesWhenSendFailed(0);
        producer.setSendMsgTimeout(10_000);
        Thread t = new Thread(() -> {
            try {
                for (int i = 0; sending.get(); i++) {
                    String key = name + "-" + i;
                    try {
                        SendResult r = producer.send(new Message(TOPIC, "tag", key,
                            key.getBytes(StandardCharsets.UTF_8)));
                        if (r.getSendStatus() == SendStatus.SEND_OK) {
                            acked.add(key);
                        } else {
                            notAcked.computeIfAbsent(r.getSendStatus(), k -> new AtomicInteger()).incrementAndGet();
                        }
                    } catch (Exception refused) {
                        // master gone, or not yet in sync: not acknowledged, which is all the checker needs to know
                    }
                }
            } finally {
                producer.shutdown();
            }
        }, "ha-sync-load-" + name);
        t.start();
        return t;
    }

    private static boolean slaveKnowsTopic(DefaultMQAdminExt admin, PetrelHa slave) {
        try {
            return admin.getDefaultMQAdminExtImpl().getMqClientInstance().getMQClientAPIImpl()
                .getAllTopicConfig(slave.address(), 10_000).getTopicConfigTable().containsKey(TOPIC);
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    /** Per queue: the master's committed offset of the group equals the consumer's own (in memory). */
    private static boolean offsetsReconciled(DefaultMQAdminExt admin, String masterAddr,
                                             HaClients.CountingConsumer consumer) {
        for (int q = 0; q < QUEUES; q++) {
            long mine = consumer.consumer.getDefaultMQPushConsumerImpl().getOffsetStore()
                .readOffset(new MessageQueue(TOPIC, BROKER, q), ReadOffsetType.READ_FROM_MEMORY);
            long onMaster;
            try {
                onMaster = HaClients.committedOffset(admin, masterAddr, GROUP, TOPIC, q);
            } catch (Exception e) {
                throw new IllegalStateException("QUERY_CONSUMER_OFFSET at " + masterAddr + ": " + e, e);
            }
            if (mine < 0 || onMaster != mine) {
                return false;
            }
        }
        return true;
    }

    private static Set<String> keysIn(Path commitLogDir) {
        return CommitLogFiles.of(commitLogDir).messages().stream().filter(m -> TOPIC.equals(m.getTopic()))
            .map(MessageExt::getKeys).collect(Collectors.toSet());
    }

    /** Positions the consumer first received at or after {@code sinceNanos}. */
    private static Set<String> firstSeenSince(HaClients.CountingConsumer consumer, long sinceNanos) {
        return consumer.firstSeen.entrySet().stream().filter(e -> e.getValue() - sinceNanos >= 0)
            .map(Map.Entry::getKey).collect(Collectors.toSet());
    }

    private static Set<String> difference(Set<String> a, Set<String> b) {
        Set<String> d = new HashSet<>(a);
        d.removeAll(b);
        return d;
    }
}
