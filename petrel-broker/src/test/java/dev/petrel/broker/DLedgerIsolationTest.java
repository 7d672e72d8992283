package dev.petrel.broker;

import dev.petrel.broker.replication.Replication;
import dev.petrel.common.time.Clock;
import dev.petrel.message.Host;
import dev.petrel.message.MessageDraft;
import dev.petrel.message.PropertyNames;
import dev.petrel.namesrv.NameServer;
import dev.petrel.protocol.code.RequestCode;
import dev.petrel.protocol.code.ResponseCode;
import dev.petrel.protocol.frame.RemotingCommand;
import dev.petrel.protocol.header.client.SendMessageV2HeaderCodec;
import dev.petrel.raft.RaftRole;
import dev.petrel.remoting.RemotingClient;
import dev.petrel.remoting.RemotingClientConfig;
import dev.petrel.store.MessageStore;
import dev.petrel.store.PutResult;
import dev.petrel.store.StoreRole;
import dev.petrel.testkit.Await;
import dev.petrel.testkit.FreePorts;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A DLedger member cut off from its group, three brokers in one JVM with a Petrel NameServer (the bed of
 * {@link DLedgerGroupTest}):
 * <ul>
 *   <li>a deposed leader that has not heard of its successor yet registers as brokerId 0 with the term it was
 *       promoted in, which is lower than the successor's, so the NameServer keeps brokerId 0 for the successor; and
 *       its re-registration as a follower then leaves the successor in place (before, both registered state version
 *       0: the late registration took brokerId 0 back, and the follower one removed it, so producers had no master
 *       until the successor's next periodic registration, up to 30 s later);</li>
 *   <li>a leader whose two peers are gone, holding a put and a delayed message's delivery that no quorum will
 *       commit, closes within a bound generous for a loaded machine and answers the put, not acknowledged (its
 *       commit timeout is longer than the bound, so only the stop can answer it).</li>
 * </ul>
 */
class DLedgerIsolationTest {

    private static final Duration BOUND = Duration.ofSeconds(60);
    /** Far beyond what a stop of a few seconds needs, and below the 30 s a thread that does not stop costs. */
    private static final long CLOSE_BOUND_MILLIS = 20_000;
    private static final Host HOST = new Host(new byte[] {127, 0, 0, 1}, 10911);

    @TempDir
    Path root;

    private NameServer nameServer;
    private final List<DLedgerMember> nodes = new ArrayList<>();
    private RemotingClient raw;

    @AfterEach
    void stopAll() {
        if (raw != null) {
            raw.close();
        }
        nodes.forEach(DLedgerMember::close);
        if (nameServer != null) {
            nameServer.close();
        }
    }

    @Test
    void aDeposedLeadersLateRegistrationDoesNotTakeBrokerIdZeroBack() {
        startGroup(Map.of());
        DLedgerMember old = awaitRegisteredLeader(nodes);
        long oldTerm = old.raft().loop().term();
        assertThat(old.raft().registeredAs()).isEqualTo(new Replication.RegisteredAs(0, oldTerm));
        for (DLedgerMember n : nodes) {
            if (n != old) {
                assertThat(n.raft().registeredAs()).as("a follower registers its own id with state version 0")
                    .isEqualTo(new Replication.RegisteredAs(n.id + 1L, 0));
            }
        }

        // Isolated: its Raft loop and sockets go, while the broker (store LEADER, brokerId 0 of its term, the
        // registration loop) stays, as a leader that has not stepped down yet.
        try {
            old.raft().loop().stop();
        } catch (InterruptedException e) {
            throw new AssertionError(e);
        }
        List<DLedgerMember> rest = nodes.stream().filter(n -> n != old).toList();
        DLedgerMember next = awaitRegisteredLeader(rest);
        long newTerm = next.raft().loop().term();
        assertThat(next.raft().registeredAs()).isEqualTo(new Replication.RegisteredAs(0, newTerm));
        assertThat(newTerm).isGreaterThan(oldTerm);
        assertThat(old.broker.replication().brokerId()).isZero();

        // Its periodic registration fires now, with its old term: answered, and ignored.
        Map<String, String> outcome = old.broker.registration().registerAll();
        assertThat(outcome).containsEntry(namesrvAddress(), null);
        assertThat(brokerAddrs().get(0L)).as("brokerId 0 stays with the leader of the later term")
            .isEqualTo(next.address());

        // Then it hears of the new term and steps down (what its loop would report), re-registering as a follower.
        old.raft().onRoleChanged(RaftRole.FOLLOWER, newTerm, next.id);
        assertThat(old.broker.store().role()).isEqualTo(StoreRole.FOLLOWER);
        Await.until(BOUND, "the old leader registered as follower id " + (old.id + 1),
            () -> old.address().equals(brokerAddrs().get(old.id + 1L)));
        assertThat(brokerAddrs().get(0L)).as("the follower registration leaves brokerId 0 to the new leader")
            .isEqualTo(next.address());
        assertThat(brokerAddrs()).hasSize(3);
    }

    @Test
    void aLeaderWhosePeersAreGoneClosesInSecondsAndAnswersItsPendingPuts() throws Exception {
        // A commit timeout longer than the close bound: only the stop can answer the puts. The lonely leader keeps
        // leading (check-quorum) for raftElectionTimeoutMaxMs after its peers go, and the delayed message must fall
        // due and be delivered inside that window: 15 s, so a schedule loop running late on a loaded machine still
        // makes it (3.5 s was too short for one run beside three helpers' builds).
        startGroup(Map.of("raftCommitTimeoutMs", "120000", "raftElectionTimeoutMinMs", "2500",
            "raftElectionTimeoutMaxMs", "15000"));
        DLedgerMember leader = awaitRegisteredLeader(nodes);
        raw = new RemotingClient("raw", RemotingClientConfig.defaults(), Clock.system());
        raw.start();
        // Due 1 s after it is stored: the schedule loop delivers it once the followers are gone.
        RemotingCommand delayed = raw.invokeSync(leader.address(), RemotingCommand.request(RequestCode.SEND_MESSAGE_V2,
            SendMessageV2HeaderCodec.INSTANCE.encode(BrokerFixture.sendHeader(DLedgerMember.TOPIC, 0,
                BrokerFixture.props(PropertyNames.DELAY_TIME_LEVEL, "1"))),
            "delayed".getBytes(StandardCharsets.UTF_8)), 30_000);
        assertThat(delayed.code()).as(delayed.remark()).isEqualTo(ResponseCode.SUCCESS);

        for (DLedgerMember n : nodes) {
            if (n != leader) {
                n.raft().stop(); // the peers' Raft loops and sockets go at once; their brokers close at the end
            }
        }
        MessageStore store = leader.broker.store();
        long before = store.commitLogMaxOffset();
        CompletableFuture<PutResult> put = store.putMessage(MessageDraft.builder().topic(DLedgerMember.TOPIC).queueId(1)
            .body("pending".getBytes(StandardCharsets.UTF_8)).bornTimestamp(System.currentTimeMillis())
            .bornHost(HOST).storeHost(HOST).build());
        Await.until(BOUND, "the put appended", () -> store.commitLogMaxOffset() > before);
        long afterPut = store.commitLogMaxOffset();
        Await.until(BOUND, "the delayed message's delivery appended (its put waits for a quorum)",
            () -> store.commitLogMaxOffset() > afterPut);
        assertThat(put).as("no quorum holds it").isNotDone();

        long began = System.nanoTime();
        Thread closer = new Thread(leader::close, "test-close-lonely-leader");
        closer.start();
        closer.join(CLOSE_BOUND_MILLIS);
        long tookMillis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - began);
        assertThat(closer.isAlive()).as("the lonely leader closed within " + CLOSE_BOUND_MILLIS + " ms").isFalse();
        leader.broker = null;
        assertThat(put).as("the pending put is answered by the stop").isDone();
        assertThat(put.join().isOk()).as("not acknowledged: " + put.join()).isFalse();
        System.out.printf("dledger isolation: a leader whose peers are gone closed in %d ms with a put and a delivery "
            + "pending (%s)%n", tookMillis, put.join().status());
    }

    // ---------------------------------------------------------------------------------------------------------------

    private void startGroup(Map<String, String> extra) {
        nameServer = DLedgerMember.nameServer(root.resolve("namesrv"));
        String peers = DLedgerMember.threePeers(new int[] {FreePorts.next(), FreePorts.next(), FreePorts.next()});
        for (int i = 0; i < 3; i++) {
            nodes.add(new DLedgerMember(i, root.resolve("n" + i), FreePorts.next(), peers, namesrvAddress(), extra));
        }
        nodes.forEach(DLedgerMember::start);
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
}
