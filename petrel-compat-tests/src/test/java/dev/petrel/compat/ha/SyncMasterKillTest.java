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
import org.apache.rocketmq.client.producer.DefaultMQProducer;
import org.apache.rocketmq.client.producer.SendResult;
import org.apache.rocketmq.client.producer.SendStatus;
import org.apache.rocketmq.common.TopicConfig;
import org.apache.rocketmq.common.message.Message;
import org.apache.rocketmq.common.message.MessageExt;
import org.apache.rocketmq.tools.admin.DefaultMQAdminExt;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.CleanupMode;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue #11 acceptance (c): a Petrel SYNC_MASTER with a Petrel SLAVE, as real processes, the official 5.3.1 client
 * sending acknowledged messages steadily while clustering push consumers of two groups consume and commit their
 * offsets every {@value #COMMIT_INTERVAL_MS} ms ({@code persistConsumerOffsetInterval}).
 * <ol>
 *   <li>SIGKILL the master mid-stream (the consumers paused just before, so that the rest can only come from the
 *       slave): every message answered SEND_OK is in the slave's CommitLog (SYNC_MASTER answered only after the slave
 *       held it), and both consumers, unchanged, receive all of them from the slave.</li>
 *   <li>The consumer of one group commits to the slave (as the client does while id 0 is absent) and then dies with
 *       the master still down, without committing again.</li>
 *   <li>Restart the master on the same store: sends are acknowledged again (the slave follows it again).</li>
 *   <li>The consumer that lived through it receives the new messages, each message once, and the master's offsets
 *       catch up with its own. The dead consumer's successor, started after the master's return, resumes from what
 *       was committed on the slave: it re-delivers nothing the dead one received before its last commit interval
 *       (re-deliveries counted per stored message, by queue and offset).</li>
 *   <li>Master and slave CommitLogs are then equal byte for byte.</li>
 * </ol>
 * RocketMQ 5.3.1 without acting master fails 4's second half by design: the returning master keeps the offsets it had
 * when it died and the successor re-reads everything consumed from the slave (ha.md §1.10, last bullet).
 */
class SyncMasterKillTest {

    private static final Duration WAIT = Duration.ofSeconds(120);
    private static final String BROKER = "ha-sync";
    private static final String TOPIC = "HaSyncKill";
    /** The group whose consumer lives through the failover. */
    private static final String LIVING = "haSyncLivingCG";
    /** The group whose consumer dies while the master is down and is started again after its return. */
    private static final String RESTARTED = "haSyncRestartedCG";
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
        Await.until(WAIT, "the slave knowing the topic (its metadata sync)", () -> HaClients.knowsTopic(admin, slave.address(), TOPIC));
        Set<String> acked = ConcurrentHashMap.newKeySet();
        Map<SendStatus, AtomicInteger> notAcked = new ConcurrentHashMap<>();

        HaClients.CountingConsumer living = new HaClients.CountingConsumer(ns, LIVING, TOPIC, COMMIT_INTERVAL_MS)
            .start().awaitQueues(WAIT, QUEUES);
        HaClients.CountingConsumer crashing = new HaClients.CountingConsumer(ns, RESTARTED, TOPIC, COMMIT_INTERVAL_MS)
            .start().awaitQueues(WAIT, QUEUES);
        HaClients.CountingConsumer successor = null;
        try {
            AtomicBoolean sending = new AtomicBoolean(true);
            List<Thread> producers = new ArrayList<>();
            for (int t = 0; t < 2; t++) {
                producers.add(steadyProducer(ns, "p" + t, sending, acked, notAcked));
            }
            Await.until(WAIT, "consumption under way",
                () -> living.keys().size() >= BEFORE_KILL / 4 && crashing.keys().size() >= BEFORE_KILL / 4);
            // Paused, so that the rest can only come from the slave: both resume after the kill.
            living.consumer.suspend();
            crashing.consumer.suspend();
            Await.until(WAIT, BEFORE_KILL + " acknowledged", () -> acked.size() >= BEFORE_KILL
                && acked.size() >= Math.max(living.keys().size(), crashing.keys().size()) + BEFORE_KILL / 4);
            master.broker().kill9();
            sending.set(false);
            for (Thread p : producers) {
                p.join(WAIT.toMillis());
                assertThat(p.isAlive()).as(p.getName() + " stopped").isFalse();
            }
            Set<String> ackedAtKill = Set.copyOf(acked);
            phases.done(ackedAtKill.size() + " acknowledged when the master was killed (not acknowledged: " + notAcked
                + "), consumed " + living.keys().size() + " / " + crashing.keys().size());
            assertThat(difference(ackedAtKill, living.keys())).as("left for the slave to deliver").isNotEmpty();
            assertThat(difference(ackedAtKill, crashing.keys())).as("left for the slave to deliver").isNotEmpty();

            // 1. Nothing acknowledged is lost: the slave held each before its SEND_OK, and delivers them.
            Set<String> onSlave = keysIn(slave.commitLogDir());
            assertThat(difference(ackedAtKill, onSlave)).as("acknowledged but not in the slave's CommitLog").isEmpty();
            living.consumer.resume();
            crashing.consumer.resume();
            Await.until(WAIT, "both consumers receiving every acknowledged message, the rest from the slave",
                () -> living.keys().containsAll(ackedAtKill) && crashing.keys().containsAll(ackedAtKill));
            phases.done("all acknowledged consumed, the rest from the slave");

            // 2. One consumer commits what it consumed to the slave, then dies while the master is down.
            Await.until(WAIT, "the slave holding the commits of " + RESTARTED,
                () -> committedEqualsMemory(admin, slave.address(), RESTARTED, crashing));
            // What a successor may see again: what the dead consumer received after the commit that reached a
            // broker, at most one commit interval's worth. Here the commit covered everything, so nothing may come
            // back: each position below the committed offset of its queue is "consumed and committed".
            Set<String> consumedBeforeCrash = Set.copyOf(crashing.deliveries.keySet());
            Map<Integer, Long> committedOnSlave = committed(admin, slave.address(), RESTARTED);
            Set<String> uncommitted = atOrAbove(consumedBeforeCrash, committedOnSlave);
            crashing.crash();
            assertThat(crashing.redelivered()).as("re-delivered while the master was lost").isEmpty();
            phases.done(RESTARTED + "'s consumer committed to the slave and crashed");

            // 3. The master returns on its store; the pair acknowledges sends again.
            master.broker().restart();
            Await.value(WAIT, "the master back in the routes",
                () -> admin.examineTopicRouteInfo(TOPIC).getBrokerDatas().get(0).getBrokerAddrs(),
                addrs -> master.address().equals(addrs.get(0L)));
            phases.done("master restarted and registered");
            DefaultMQProducer after = HaClients.producer(ns, "haSyncAfterPG");
            Set<String> ackedAfter;
            try {
                AtomicInteger probes = new AtomicInteger();
                ackedAfter = new HashSet<>(Await.value(WAIT,
                    "a SEND_OK from the returned master (its slave following it again)",
                    () -> HaClients.sendAcknowledged(after, TOPIC, "probe" + probes.incrementAndGet(), 1),
                    sent -> sent.size() == 1));
                ackedAfter.addAll(HaClients.sendAcknowledged(after, TOPIC, "after", AFTER_RETURN));
            } finally {
                after.shutdown();
            }
            assertThat(ackedAfter).as("sends after the master's return").hasSize(AFTER_RETURN + 1);
            phases.done("sends acknowledged again");

            // 4a. The consumer that lived through it goes on, and the master's offsets catch up with its own.
            Set<String> all = new HashSet<>(ackedAtKill);
            all.addAll(ackedAfter);
            Await.until(WAIT, "the living consumer receiving what was sent after the return",
                () -> living.keys().containsAll(all));
            Await.until(WAIT, "the master's committed offsets of " + LIVING + " equal to its consumer's",
                () -> committedEqualsMemory(admin, master.address(), LIVING, living));
            assertThat(living.redelivered()).as("re-delivered to the consumer that lived through it").isEmpty();
            phases.done(LIVING + ": everything once, offsets on the master reconciled");

            // 4b. The crashed consumer's successor resumes where the commits to the slave left off.
            Map<Integer, Long> onMasterAtSuccession = committed(admin, master.address(), RESTARTED);
            successor = new HaClients.CountingConsumer(ns, RESTARTED, TOPIC, COMMIT_INTERVAL_MS).start()
                .awaitQueues(WAIT, QUEUES);
            HaClients.CountingConsumer next = successor;
            Await.until(WAIT, "the successor receiving what was sent after the return",
                () -> next.keys().containsAll(ackedAfter));
            Set<String> again = next.deliveries.keySet().stream().filter(consumedBeforeCrash::contains)
                .collect(Collectors.toSet());
            phases.done(RESTARTED + "'s successor: " + again.size() + " of " + consumedBeforeCrash.size()
                + " re-delivered; " + uncommitted.size() + " were consumed but not committed on the slave; committed"
                + " offsets on the slave at the crash " + committedOnSlave + ", on the master when the successor started "
                + onMasterAtSuccession);
            assertThat(difference(again, uncommitted))
                .as("consumed from the slave and committed there, re-delivered after the master's return")
                .isEmpty();
            assertThat(next.redelivered()).isEmpty();

            // 5. The slave follows the returned master: equal bytes up to the master's max offset.
            long masterMax = HaClients.maxOffset(admin, master.address());
            Await.until(WAIT, "the slave reaching the master's max offset " + masterMax,
                () -> HaClients.maxOffset(admin, slave.address()) >= masterMax);
            CommitLogFiles m = CommitLogFiles.of(master.commitLogDir());
            CommitLogFiles s = CommitLogFiles.of(slave.commitLogDir());
            long diff = CommitLogFiles.firstDifference(m, s, Math.max(m.firstOffset(), s.firstOffset()), masterMax);
            assertThat(diff).as(diff < 0 ? "" : CommitLogFiles.describeDifference(m, s, diff)).isEqualTo(-1);
            phases.done("CommitLogs equal up to " + masterMax);
        } finally {
            living.close();
            crashing.close();
            if (successor != null) {
                successor.close();
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

    /** Per queue: {@code brokerAddr}'s committed offset of {@code group} equals the consumer's own (in memory). */
    private static boolean committedEqualsMemory(DefaultMQAdminExt admin, String brokerAddr, String group,
                                                 HaClients.CountingConsumer consumer) {
        for (int q = 0; q < QUEUES; q++) {
            long mine = consumer.offsetInMemory(BROKER, q);
            long committed;
            try {
                committed = HaClients.committedOffset(admin, brokerAddr, group, TOPIC, q);
            } catch (Exception e) {
                throw new IllegalStateException("QUERY_CONSUMER_OFFSET at " + brokerAddr + ": " + e, e);
            }
            if (mine < 0 || committed != mine) {
                return false;
            }
        }
        return true;
    }

    private static Set<String> keysIn(Path commitLogDir) {
        return CommitLogFiles.of(commitLogDir).messages().stream().filter(m -> TOPIC.equals(m.getTopic()))
            .map(MessageExt::getKeys).collect(Collectors.toSet());
    }

    /** The group's committed offset per queue at {@code brokerAddr} (-1 where it has none). */
    private static Map<Integer, Long> committed(DefaultMQAdminExt admin, String brokerAddr, String group)
        throws Exception {
        Map<Integer, Long> out = new java.util.TreeMap<>();
        for (int q = 0; q < QUEUES; q++) {
            out.put(q, HaClients.committedOffset(admin, brokerAddr, group, TOPIC, q));
        }
        return out;
    }

    /** The positions ({@code queueId:queueOffset}) at or above their queue's committed offset. */
    private static Set<String> atOrAbove(Set<String> positions, Map<Integer, Long> committed) {
        return positions.stream().filter(p -> {
            int colon = p.indexOf(':');
            long offset = Long.parseLong(p.substring(colon + 1));
            return offset >= committed.getOrDefault(Integer.parseInt(p.substring(0, colon)), -1L);
        }).collect(Collectors.toSet());
    }

    private static Set<String> difference(Set<String> a, Set<String> b) {
        Set<String> d = new HashSet<>(a);
        d.removeAll(b);
        return d;
    }
}
