package dev.petrel.broker;

import dev.petrel.broker.dledger.StoreCommitLogBytes;
import dev.petrel.client.Message;
import dev.petrel.client.producer.PetrelProducer;
import dev.petrel.client.producer.SendResult;
import dev.petrel.client.producer.SendStatus;
import dev.petrel.common.time.Clock;
import dev.petrel.message.DecodedMessage;
import dev.petrel.message.MessageRecordDecoder;
import dev.petrel.namesrv.NameServer;
import dev.petrel.namesrv.NamesrvConfig;
import dev.petrel.protocol.body.route.BrokerData;
import dev.petrel.protocol.body.stats.HaRuntimeInfo;
import dev.petrel.protocol.code.ResponseCode;
import dev.petrel.protocol.frame.RemotingCommand;
import dev.petrel.raft.RaftRole;
import dev.petrel.remoting.RemotingClient;
import dev.petrel.remoting.RemotingClientConfig;
import dev.petrel.store.GetResult;
import dev.petrel.store.GetStatus;
import dev.petrel.store.MessageFilter;
import dev.petrel.store.MessageStore;
import dev.petrel.store.StoreRole;
import dev.petrel.store.StoredRecord;
import dev.petrel.testkit.Await;
import dev.petrel.testkit.FreePorts;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Three brokers in DLedger mode in one JVM (separate stores, real sockets) with a Petrel NameServer and the Petrel
 * producer: a leader is elected and registered as brokerId 0, sends are acknowledged only once a quorum holds them,
 * closing the leader elects and registers another one, sends continue, no acknowledged message is lost, the CommitLogs
 * are byte-identical up to the commit point, delayed messages (one due before and one during the fail-over) are
 * delivered exactly once, and a follower refuses sends with SERVICE_NOT_AVAILABLE.
 */
class DLedgerGroupTest {

    private static final Duration BOUND = Duration.ofSeconds(60);
    private static final String TOPIC = DLedgerMember.TOPIC;
    private static final int QUEUES = DLedgerMember.QUEUES;

    @TempDir
    Path root;

    private NameServer nameServer;
    private final List<DLedgerMember> nodes = new ArrayList<>();
    private PetrelProducer producer;
    private RemotingClient raw;

    @AfterEach
    void stopAll() {
        if (producer != null) {
            producer.close();
        }
        if (raw != null) {
            raw.close();
        }
        nodes.forEach(DLedgerMember::close);
        if (nameServer != null) {
            nameServer.close();
        }
    }

    @Test
    void electsRegistersReplicatesFailsOverAndDeliversDelayedOnce() throws Exception {
        startNameServer();
        int[] raftPorts = {FreePorts.next(), FreePorts.next(), FreePorts.next()};
        String peers = "n0-127.0.0.1:" + raftPorts[0] + ";n1-127.0.0.1:" + raftPorts[1] + ";n2-127.0.0.1:" + raftPorts[2];
        for (int i = 0; i < 3; i++) {
            nodes.add(new DLedgerMember(i, root.resolve("n" + i), FreePorts.next(), peers, namesrvAddress()));
        }
        nodes.forEach(DLedgerMember::start);

        DLedgerMember leader = awaitRegisteredLeader(nodes);
        for (DLedgerMember n : nodes) {
            if (n != leader) {
                assertThat(n.broker.store().role()).isEqualTo(StoreRole.FOLLOWER);
                assertThat(n.broker.replication().brokerId()).as("a follower registers as selfId + 1").isEqualTo(n.id + 1L);
            }
        }
        Await.until(BOUND, "followers registered as slaves", () -> brokerAddrs().size() == 3);
        assertThat(leader.broker.writableServicesRunning()).isTrue();
        nodes.stream().filter(n -> n != leader).forEach(n -> assertThat(n.broker.writableServicesRunning()).isFalse());

        producer = PetrelProducer.builder().namesrvAddr(namesrvAddress()).group("raft-pg").instanceName("raft-p")
            .set(dev.petrel.client.ClientConfig.POLL_NAME_SERVER_INTERVAL, 200).build();
        Set<String> acked = new LinkedHashSet<>();
        sendAll(acked, "a", 60, leader);
        assertHaStatus(leader, raftPorts);

        // A delayed message the old leader delivers before the fail-over: the new leader must not deliver it again.
        String early = "delayed-early";
        sendDelayed(early);
        Await.until(BOUND, "the early delayed message delivered on " + leader, () -> count(leader.broker.store(), early) == 1);

        // A follower refuses a send with SERVICE_NOT_AVAILABLE.
        DLedgerMember follower = nodes.stream().filter(n -> n != leader).findFirst().orElseThrow();
        raw = new RemotingClient("raw", RemotingClientConfig.defaults(), Clock.system());
        raw.start();
        RemotingCommand refused = rawSend(follower, "to a follower");
        assertThat(refused.code()).isEqualTo(ResponseCode.SERVICE_NOT_AVAILABLE);
        assertThat(refused.remark()).contains("not the leader");

        // Due during the fail-over (1 s level, the leader closes at once).
        String late = "delayed-during-failover";
        sendDelayed(late);
        long closedAt = System.nanoTime();
        leader.close();
        List<DLedgerMember> rest = nodes.stream().filter(n -> n != leader).toList();
        DLedgerMember second = awaitRegisteredLeader(rest);
        long failoverMillis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - closedAt);
        assertThat(second).isNotSameAs(leader);
        assertThat(second.broker.writableServicesRunning()).isTrue();

        sendAll(acked, "b", 60, second);
        Await.until(BOUND, "the delayed message due during the fail-over delivered by " + second,
            () -> count(second.broker.store(), late) == 1);
        assertThat(count(second.broker.store(), early)).as("delivered once, by the old leader").isEqualTo(1);

        assertAllAckedVisible(second.broker.store(), acked);
        awaitSameCommittedBytes(rest);

        // The old leader returns as a follower, catches up; all three agree byte for byte.
        leader.start();
        Await.until(BOUND, "old leader caught up", () -> leader.raft().loop().committedOffset()
            >= second.raft().loop().committedOffset() && leader.raft().loop().role() == RaftRole.FOLLOWER);
        sendAll(acked, "c", 20, second);
        awaitSameCommittedBytes(nodes);
        assertThat(leader.broker.writableServicesRunning()).isFalse();
        Await.until(BOUND, "delayed messages still once on every node", () -> nodes.stream().allMatch(n ->
            count(n.broker.store(), late) == 1 && count(n.broker.store(), early) == 1));
        for (DLedgerMember n : nodes) {
            assertAllAckedVisible(n.broker.store(), acked);
        }
        System.out.printf("dledger group: fail-over (close to the new leader registered as brokerId 0) %d ms; %d "
            + "acknowledged messages on every node%n", failoverMillis, acked.size());
    }

    /**
     * A leader that lost both followers still appends a send (it cannot know yet): that uncommitted tail is never
     * visible (not to a pull on it as leader, nor after it restarts as a follower that knows no commit point), the
     * send is not acknowledged, and when the other two elect a leader of a later term and write on, the returning node
     * cuts the tail and ends byte-identical to them.
     */
    @Test
    void anUncommittedTailIsNeverVisibleAndIsCutWhenItLoses() throws Exception {
        startNameServer();
        int[] raftPorts = {FreePorts.next(), FreePorts.next(), FreePorts.next()};
        String peers = "n0-127.0.0.1:" + raftPorts[0] + ";n1-127.0.0.1:" + raftPorts[1] + ";n2-127.0.0.1:" + raftPorts[2];
        // A check-quorum window (max election timeout) long enough that the lonely leader still takes the send.
        Map<String, String> slow = Map.of("raftElectionTimeoutMinMs", "1500", "raftElectionTimeoutMaxMs", "3000",
            "raftCommitTimeoutMs", "1000");
        for (int i = 0; i < 3; i++) {
            nodes.add(new DLedgerMember(i, root.resolve("n" + i), FreePorts.next(), peers, namesrvAddress(), slow));
        }
        nodes.forEach(DLedgerMember::start);
        DLedgerMember old = awaitRegisteredLeader(nodes);
        producer = PetrelProducer.builder().namesrvAddr(namesrvAddress()).group("raft-pg").instanceName("raft-p")
            .set(dev.petrel.client.ClientConfig.POLL_NAME_SERVER_INTERVAL, 200).build();
        Set<String> acked = new LinkedHashSet<>();
        sendAll(acked, "a", 10, old);
        List<DLedgerMember> others = nodes.stream().filter(n -> n != old).toList();
        others.forEach(n -> n.raft().stop()); // their Raft loops and sockets go at once; the brokers close below

        raw = new RemotingClient("raw", RemotingClientConfig.defaults(), Clock.system());
        raw.start();
        String tail = "uncommitted-tail";
        long committedBefore = old.broker.store().confirmedOffset();
        RemotingCommand answer = rawSend(old, tail);
        assertThat(answer.code()).as("a send no quorum holds is not acknowledged: " + answer.remark())
            .isNotEqualTo(ResponseCode.SUCCESS);
        MessageStore oldStore = old.broker.store();
        assertThat(oldStore.commitLogMaxOffset()).as("the record is in the CommitLog").isGreaterThan(committedBefore);
        assertThat(oldStore.confirmedOffset()).as("but not confirmed").isEqualTo(committedBefore);
        assertNotPulled(old, tail);
        old.close();
        others.forEach(DLedgerMember::close);

        // The other two elect a leader of a later term and write on.
        others.forEach(DLedgerMember::start);
        DLedgerMember second = awaitRegisteredLeader(others);
        sendAll(acked, "b", 10, second);
        awaitSameCommittedBytes(others);
        others.forEach(DLedgerMember::close);

        // The old leader alone: a follower with an uncommitted tail and no commit point known. Nothing is readable.
        old.start();
        assertThat(old.broker.store().role()).isEqualTo(StoreRole.FOLLOWER);
        assertThat(old.broker.store().commitLogMaxOffset()).as("the tail survived the restart")
            .isGreaterThan(old.broker.store().confirmedOffset());
        assertNotPulled(old, tail);

        // The group again: the old leader's log is less up to date, it follows and cuts its tail.
        others.forEach(DLedgerMember::start);
        DLedgerMember third = awaitRegisteredLeader(others);
        sendAll(acked, "c", 5, third);
        awaitSameCommittedBytes(nodes);
        for (DLedgerMember n : nodes) {
            assertThat(bodies(n.broker.store())).as("on " + n).doesNotContain(tail);
            assertAllAckedVisible(n.broker.store(), acked);
        }
        assertThat(old.broker.store().commitLogMaxOffset()).isEqualTo(third.broker.store().commitLogMaxOffset());
    }

    private RemotingCommand rawSend(DLedgerMember to, String body) throws Exception {
        return raw.invokeSync(to.address(), RemotingCommand.request(dev.petrel.protocol.code.RequestCode.SEND_MESSAGE_V2,
            dev.petrel.protocol.header.client.SendMessageV2HeaderCodec.INSTANCE.encode(
                BrokerFixture.sendHeader(TOPIC, 0, BrokerFixture.props())), body.getBytes(StandardCharsets.UTF_8)),
            10_000);
    }

    /** A real PULL of queue 0 from its start on {@code node} returns no record with {@code body}. */
    private void assertNotPulled(DLedgerMember node, String body) throws Exception {
        RemotingCommand r = raw.invokeSync(node.address(), RemotingCommand.request(
            dev.petrel.protocol.code.RequestCode.PULL_MESSAGE,
            dev.petrel.protocol.header.client.PullMessageRequestHeaderCodec.INSTANCE.encode(BrokerFixture.pullHeader(
                "raft-cg", TOPIC, 0, 0, dev.petrel.broker.pull.PullSysFlag.SUBSCRIPTION, 0, "*")), null), 10_000);
        if (r.code() == ResponseCode.SUCCESS) {
            assertThat(BrokerFixture.decode(r).stream().map(m -> new String(m.body(), StandardCharsets.UTF_8)))
                .doesNotContain(body);
        }
        assertThat(bodies(node.broker.store())).doesNotContain(body);
    }

    /**
     * Followers copy the leader's metadata as classic slaves copy their master's: a topic created and an offset
     * committed on the leader reach both followers; the leader is closed and the new one has them; what the new leader
     * then takes reaches the remaining follower (it follows the leader change).
     */
    @Test
    void followersCopyTheLeadersTopicsAndOffsetsAndFollowTheNextLeader() throws Exception {
        startNameServer();
        int[] raftPorts = {FreePorts.next(), FreePorts.next(), FreePorts.next()};
        String peers = "n0-127.0.0.1:" + raftPorts[0] + ";n1-127.0.0.1:" + raftPorts[1] + ";n2-127.0.0.1:" + raftPorts[2];
        for (int i = 0; i < 3; i++) {
            nodes.add(new DLedgerMember(i, root.resolve("n" + i), FreePorts.next(), peers, namesrvAddress(),
                Map.of("slaveSynchronizeInterval", "200")));
        }
        nodes.forEach(DLedgerMember::start);
        raw = new RemotingClient("raw", RemotingClientConfig.defaults(), Clock.system());
        raw.start();

        DLedgerMember leader = awaitRegisteredLeader(nodes);
        createTopicAndCommit(leader, "MetaTopic", 42);
        for (DLedgerMember n : nodes) {
            awaitMetadata(n, "MetaTopic", 42);
        }

        leader.close();
        List<DLedgerMember> rest = nodes.stream().filter(n -> n != leader).toList();
        DLedgerMember second = awaitRegisteredLeader(rest);
        assertThat(second.broker.topics().contains("MetaTopic")).as("the new leader has the topic").isTrue();
        assertThat(second.broker.offsets().query("meta-group", "MetaTopic", 1)).isEqualTo(42);

        createTopicAndCommit(second, "MetaTopic2", 43);
        DLedgerMember follower = rest.stream().filter(n -> n != second).findFirst().orElseThrow();
        awaitMetadata(follower, "MetaTopic2", 43);
        assertThat(follower.raft().metadataSync().masterAddress()).isEqualTo(second.address());
    }

    private void createTopicAndCommit(DLedgerMember leader, String topic, long offset) throws Exception {
        RemotingCommand group = raw.invokeSync(leader.address(), RemotingCommand.request(
            dev.petrel.protocol.code.RequestCode.UPDATE_AND_CREATE_SUBSCRIPTIONGROUP, null,
            dev.petrel.protocol.body.subscription.SubscriptionGroupConfig.CODEC.encode(
                dev.petrel.protocol.body.subscription.SubscriptionGroupConfig.of("meta-group"))), 30_000);
        assertThat(group.code()).as(group.remark()).isEqualTo(ResponseCode.SUCCESS);
        RemotingCommand created = raw.invokeSync(leader.address(), RemotingCommand.request(
            dev.petrel.protocol.code.RequestCode.UPDATE_AND_CREATE_TOPIC, BrokerFixture.encode(
                new dev.petrel.protocol.header.admin.CreateTopicRequestHeader(topic, "TBW102", 3, 3, 6, "SINGLE_TAG", 0,
                    false, "", false, dev.petrel.protocol.header.RpcFields.NONE)), null), 30_000);
        assertThat(created.code()).as(created.remark()).isEqualTo(ResponseCode.SUCCESS);
        RemotingCommand committed = raw.invokeSync(leader.address(), RemotingCommand.request(
            dev.petrel.protocol.code.RequestCode.UPDATE_CONSUMER_OFFSET, BrokerFixture.encode(
                new dev.petrel.protocol.header.client.UpdateConsumerOffsetRequestHeader("meta-group", topic, 1, offset,
                    dev.petrel.protocol.header.RpcFields.NONE)), null), 30_000);
        assertThat(committed.code()).as(committed.remark()).isEqualTo(ResponseCode.SUCCESS);
    }

    private static void awaitMetadata(DLedgerMember n, String topic, long offset) {
        Await.until(BOUND, n + " has topic " + topic + " and offset " + offset, () -> n.broker.groups().contains("meta-group")
            && n.broker.topics().contains(topic)
            && n.broker.topics().get(topic).readQueueNums() == 3
            && n.broker.offsets().query("meta-group", topic, 1) == offset);
    }

    /** GET_BROKER_HA_STATUS in DLedger mode: the leader as master with both followers, each follower its leader. */
    private void assertHaStatus(DLedgerMember leader, int[] raftPorts) {
        long max = leader.broker.store().commitLogMaxOffset();
        Set<String> followerAddrs = new java.util.TreeSet<>();
        nodes.stream().filter(n -> n != leader).forEach(n -> followerAddrs.add("127.0.0.1:" + raftPorts[n.id]));
        Await.until(BOUND, "the leader's status lists both followers at its max offset", () -> {
            HaRuntimeInfo s = leader.raft().haStatus();
            return s.master() && s.masterCommitLogMaxOffset() == max && s.inSyncSlaveNums() == 2
                && s.haConnectionInfo().stream().allMatch(c -> c.slaveAckOffset() == max && c.diff() == 0
                    && c.inSync() && c.transferFromWhere() == max);
        });
        assertThat(leader.raft().haStatus().haConnectionInfo()).extracting(HaRuntimeInfo.Connection::addr)
            .containsExactlyInAnyOrderElementsOf(followerAddrs);
        // the metrics say the same: each follower 0 bytes behind, both in sync
        java.util.Map<String, Double> zero = new java.util.TreeMap<>();
        followerAddrs.forEach(a -> zero.put(a, 0.0));
        Await.until(BOUND, "the leader's metrics to show both followers 0 bytes behind and in sync", () ->
            replicaLag(leader).equals(zero) && gauge(leader, "petrel_replication_in_sync_replicas") == 2.0);
        for (DLedgerMember n : nodes) {
            if (n == leader) {
                continue;
            }
            Await.until(BOUND, n + " reports the leader's commit point", () -> {
                HaRuntimeInfo.Client c = n.raft().haStatus().haClientRuntimeInfo();
                return c.maxOffset() == max && c.masterFlushOffset() == max;
            });
            HaRuntimeInfo s = n.raft().haStatus();
            assertThat(s.master()).isFalse();
            assertThat(s.haConnectionInfo()).isEmpty();
            assertThat(s.haClientRuntimeInfo().masterAddr()).isEqualTo("127.0.0.1:" + raftPorts[leader.id]);
            assertThat(s.haClientRuntimeInfo().lastReadTimestamp()).isPositive();
            assertThat(s.haClientRuntimeInfo().lastWriteTimestamp()).isPositive();
        }
    }

    /** {@code petrel_replication_replica_lag_bytes} of a member, by replica. */
    private static java.util.Map<String, Double> replicaLag(DLedgerMember n) {
        java.util.Map<String, Double> lag = new java.util.TreeMap<>();
        for (io.prometheus.metrics.model.snapshots.MetricSnapshot m : n.broker.metrics().collect()) {
            if (m instanceof io.prometheus.metrics.model.snapshots.GaugeSnapshot g
                && g.getMetadata().getName().equals("petrel_replication_replica_lag_bytes")) {
                g.getDataPoints().forEach(p -> lag.put(p.getLabels().get("replica"), p.getValue()));
            }
        }
        return lag;
    }

    /** The value of a gauge without variable labels; -1 when it has no series. */
    private static double gauge(DLedgerMember n, String name) {
        for (io.prometheus.metrics.model.snapshots.MetricSnapshot m : n.broker.metrics().collect()) {
            if (m instanceof io.prometheus.metrics.model.snapshots.GaugeSnapshot g && g.getMetadata().getName().equals(name)
                && !g.getDataPoints().isEmpty()) {
                return g.getDataPoints().get(0).getValue();
            }
        }
        return -1;
    }

    // ---------------------------------------------------------------------------------------------------------------

    private void startNameServer() {
        nameServer = DLedgerMember.nameServer(root.resolve("namesrv"));
    }

    private String namesrvAddress() {
        return "127.0.0.1:" + nameServer.port();
    }

    private Map<Long, String> brokerAddrs() {
        return DLedgerMember.brokerAddrs(nameServer);
    }

    private DLedgerMember awaitRegisteredLeader(List<DLedgerMember> candidates) {
        return DLedgerMember.awaitRegisteredLeader(nameServer, candidates, BOUND);
    }

    /** Sends until {@code count} more are acknowledged (a failed send is retried: it may have been stored). */
    private void sendAll(Set<String> acked, String prefix, int count, DLedgerMember leader) {
        byte[] pad = new byte[3000];
        Arrays.fill(pad, (byte) 'x');
        for (int i = 0; i < count; i++) {
            String body = prefix + "-" + i + "-" + new String(pad, StandardCharsets.US_ASCII);
            Message m = Message.of(TOPIC, body);
            SendResult r = Await.value(BOUND, "send " + prefix + i, () -> producer.send(m, Duration.ofSeconds(5)),
                s -> s.status() == SendStatus.SEND_OK);
            acked.add(body);
            // Acknowledged only once a quorum holds it: at least one other member has the record's bytes.
            long phys = leader.broker.store().commitLogOffsetInQueue(TOPIC, r.queue().queueId(), r.queueOffset());
            assertThat(phys).isNotNegative();
            assertThat(nodes.stream().filter(n -> n != leader && n.broker != null)
                .anyMatch(n -> n.broker.store().commitLogMaxOffset() > phys)).as("a follower holds " + body).isTrue();
        }
    }

    private void sendDelayed(String body) {
        Message m = Message.builder(TOPIC).body(body.getBytes(StandardCharsets.UTF_8)).delayLevel(1).build();
        Await.value(BOUND, "send " + body, () -> producer.send(m, Duration.ofSeconds(5)),
            s -> s.status() == SendStatus.SEND_OK);
    }

    /** How many records of the topic (every queue) carry this body on {@code store} (only confirmed ones are read). */
    private static int count(MessageStore store, String body) {
        return (int) bodies(store).stream().filter(body::equals).count();
    }

    private static List<String> bodies(MessageStore store) {
        List<String> out = new ArrayList<>();
        MessageRecordDecoder decoder = new MessageRecordDecoder();
        for (int q = 0; q < QUEUES; q++) {
            long offset = store.minOffsetInQueue(TOPIC, q);
            while (true) {
                GetResult r = store.getMessage(TOPIC, q, offset, 32, 1 << 20, MessageFilter.ALL);
                try {
                    if (r.status() != GetStatus.FOUND || r.records().isEmpty()) {
                        break;
                    }
                    for (StoredRecord rec : r.records()) {
                        DecodedMessage m = decoder.decode(rec.buffer(), 0);
                        out.add(new String(m.body(), StandardCharsets.UTF_8));
                    }
                    offset = r.nextBeginOffset();
                } finally {
                    r.release();
                }
            }
        }
        return out;
    }

    private static void assertAllAckedVisible(MessageStore store, Set<String> acked) {
        try {
            Await.until(BOUND, "every acknowledged message visible", () -> Set.copyOf(bodies(store)).containsAll(acked));
        } catch (AssertionError e) {
            Set<String> missing = new LinkedHashSet<>(acked);
            bodies(store).forEach(missing::remove);
            StringBuilder queues = new StringBuilder();
            for (int q = 0; q < QUEUES; q++) {
                queues.append(" q").append(q).append("=[").append(store.minOffsetInQueue(TOPIC, q)).append(",")
                    .append(store.maxOffsetInQueue(TOPIC, q)).append(")");
            }
            throw new AssertionError(missing.size() + " of " + acked.size() + " missing: "
                + missing.stream().map(m -> m.substring(0, Math.min(12, m.length()))).toList() + "; store "
                + store.stats() + queues, e);
        }
    }

    /** Every member's CommitLog is the same up to the lowest commit point, which covers what was sent. */
    private static void awaitSameCommittedBytes(List<DLedgerMember> members) {
        Await.until(BOUND, "CommitLogs byte-identical up to the commit point of " + members, () -> {
            long upTo = members.stream().mapToLong(n -> n.broker.store().confirmedOffset()).min().orElseThrow();
            long leaderEnd = members.stream().mapToLong(n -> n.raft().loop().committedOffset()).max().orElseThrow();
            if (upTo <= 0 || upTo < leaderEnd) {
                return false;
            }
            byte[] first = read(members.get(0).broker.store(), upTo);
            return members.stream().allMatch(n -> Arrays.equals(read(n.broker.store(), upTo), first));
        });
    }

    private static byte[] read(MessageStore store, long upTo) {
        return new StoreCommitLogBytes(store, () -> Long.MAX_VALUE, System::nanoTime).read(0, Math.toIntExact(upTo));
    }
}
