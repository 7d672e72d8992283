package dev.petrel.broker.dledger;

import dev.petrel.common.time.Clock;
import dev.petrel.raft.RaftConfig;
import dev.petrel.raft.RaftNode;
import dev.petrel.raft.RaftPeers;
import dev.petrel.raft.RaftRole;
import dev.petrel.store.file.StoreFileFactory;
import dev.petrel.store.raft.RaftIndexFile;
import dev.petrel.testkit.Await;
import dev.petrel.testkit.FreePorts;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.SplittableRandom;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Three RaftLoops in one JVM over real loopback sockets, file-backed logs: election, quorum commits with identical
 * CommitLog bytes on every node, fail-over when the leader's loop and sockets stop, and the old leader's return
 * (catching up, and cutting an uncommitted divergent tail it had).
 */
class RaftLoopClusterTest {

    private static final String GROUP = "broker-a";
    private static final Duration BOUND = Duration.ofSeconds(60);
    /** Shorter than DLedger's (6 s detection) so the test is quick; the bound above is ten times the slowest case. */
    private static final int ELECTION_MIN = 600;
    private static final int ELECTION_MAX = 1200;
    private static final int HEARTBEAT = 100;

    @TempDir
    Path root;

    private final List<Member> members = new ArrayList<>();
    private final Random random = new Random(42);

    @AfterEach
    void stopAll() throws InterruptedException {
        for (Member m : members) {
            m.stop();
        }
    }

    @Test
    void electsCommitsFailsOverAndCatchesUp() throws Exception {
        int[] ports = {FreePorts.next(), FreePorts.next(), FreePorts.next()};
        String peersText = "n0-127.0.0.1:" + ports[0] + ";n1-127.0.0.1:" + ports[1] + ";n2-127.0.0.1:" + ports[2];
        RaftPeers peers = RaftPeers.parse(peersText);
        for (int i = 0; i < 3; i++) {
            members.add(new Member(i, peers, root.resolve("n" + i)));
        }
        members.forEach(Member::start);

        Member leader = awaitLeader(members);
        List<Long> committed = proposeAndAwait(leader, 40);
        long index = committed.get(committed.size() - 1);
        awaitAllCommitted(members, index);
        assertSameBytes(members);
        assertTransferRatePerFollower(leader);

        // The leader's loop and its sockets go away; the other two elect a leader and keep committing.
        leader.stop();
        List<Member> rest = members.stream().filter(m -> m != leader).toList();
        long failoverStart = System.nanoTime();
        Member second = awaitLeader(rest);
        long failoverMillis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - failoverStart);
        assertThat(second).isNotSameAs(leader);
        assertThat(failoverMillis).as("fail-over time").isLessThan(BOUND.toMillis());
        List<Long> more = proposeAndAwait(second, 25);
        assertThat(more.get(0)).isGreaterThan(index);

        // While stopped, the old leader gets an entry of its old term that no one else has (as if it wrote it as
        // leader and crashed before replicating it): a divergent, uncommitted tail.
        long oldTerm = leader.injectUncommittedEntry(randomRecord(777));
        long divergentIndex = leader.lastIndexOnDisk();

        leader.start();
        long last = more.get(more.size() - 1);
        awaitAllCommitted(members, last);
        List<Long> third = proposeAndAwait(awaitLeader(members), 10);
        awaitAllCommitted(members, third.get(third.size() - 1));
        assertSameBytes(members);
        assertThat(leader.loop.term()).isGreaterThan(oldTerm);
        assertThat(leader.termAtFromLeader(divergentIndex)).as("the divergent entry was replaced").isNotEqualTo(oldTerm);
        System.out.printf("raft cluster: fail-over took %d ms, %d entries committed on every node%n", failoverMillis,
            third.get(third.size() - 1));
    }

    // ---------------------------------------------------------------------------------------------------------------

    private Member awaitLeader(List<Member> candidates) {
        return Await.value(BOUND, "one leader among " + candidates, () -> {
            Member found = null;
            for (Member m : candidates) {
                if (m.loop != null && m.loop.role() == RaftRole.LEADER) {
                    if (found != null && found.loop.term() == m.loop.term()) {
                        throw new AssertionError("two leaders in term " + m.loop.term());
                    }
                    found = found == null || m.loop.term() > found.loop.term() ? m : found;
                }
            }
            if (found == null) {
                return null;
            }
            long term = found.loop.term();
            int id = found.id;
            boolean agreed = candidates.stream().allMatch(m -> m.loop.term() == term && m.loop.leaderId() == id);
            return agreed ? found : null;
        }, m -> m != null);
    }

    /** The broker's put path on the leader: write each record to the CommitLog, propose it, wait for all. */
    private List<Long> proposeAndAwait(Member leader, int count) {
        return Await.value(BOUND, count + " proposals committed on " + leader, () -> {
            List<CompletableFuture<ProposalResult>> futures = new ArrayList<>();
            for (int i = 0; i < count; i++) {
                byte[] record = randomRecord(50 + random.nextInt(900));
                long offset = leader.commitLog.appendAtEnd(record);
                futures.add(leader.loop.propose(offset, record));
            }
            List<Long> indices = new ArrayList<>();
            for (CompletableFuture<ProposalResult> f : futures) {
                ProposalResult r = f.get(BOUND.toMillis(), TimeUnit.MILLISECONDS);
                if (!r.committed()) {
                    return null; // leadership moved meanwhile (a loaded machine): the caller's deadline decides
                }
                indices.add(r.index());
            }
            return indices;
        }, l -> l != null);
    }

    /**
     * GET_BROKER_HA_STATUS's per-follower transfer speed: the entries' bytes sent to each follower in the last whole
     * second. The leader keeps proposing until a whole second with proposals lies behind a reading.
     */
    private void assertTransferRatePerFollower(Member leader) {
        Await.value(BOUND, "both followers' transfer rates counting the entries sent to them", () -> {
            proposeAndAwait(leader, 5);
            List<RaftLoop.FollowerStatus> followers = leader.loop.followers().get(BOUND.toMillis(), TimeUnit.MILLISECONDS);
            return followers.size() == 2 && followers.stream().allMatch(f -> f.bytesPerSecond() > 0);
        }, positive -> positive);
        Await.value(BOUND, "the rates at 0 once nothing was sent for a whole second", () -> leader.loop.followers()
            .get(BOUND.toMillis(), TimeUnit.MILLISECONDS).stream().allMatch(f -> f.bytesPerSecond() == 0), zero -> zero);
    }

    private static void awaitAllCommitted(List<Member> ms, long index) {
        Await.until(BOUND, "every node committed " + index + ": " + ms, () -> ms.stream()
            .allMatch(m -> m.loop.committedIndex() >= index));
    }

    /** Every node's CommitLog bytes are the same up to the lowest committed offset, and that offset is the same too. */
    private static void assertSameBytes(List<Member> ms) {
        long upTo = ms.stream().mapToLong(m -> m.loop.committedOffset()).min().orElseThrow();
        assertThat(upTo).isPositive();
        byte[] first = ms.get(0).commitLog.read(0, (int) upTo);
        for (Member m : ms) {
            assertThat(Arrays.equals(m.commitLog.read(0, (int) upTo), first)).as("CommitLog of %s", m).isTrue();
        }
    }

    private byte[] randomRecord(int size) {
        byte[] b = new byte[size];
        random.nextBytes(b);
        return b;
    }

    /** One node: its directory, files and loop. */
    private static final class Member {
        final int id;
        final RaftPeers peers;
        final Path dir;
        FileCommitLogBytes commitLog;
        RaftLoop loop;

        Member(int id, RaftPeers peers, Path dir) {
            this.id = id;
            this.peers = peers;
            this.dir = dir;
        }

        void start() {
            try {
                Files.createDirectories(dir);
                commitLog = new FileCommitLogBytes(dir.resolve("commitlog"));
                RaftIndexFile index = RaftIndexFile.open(dir.resolve("raft/index"), 64, 0, StoreFileFactory.mapped());
                CommitLogRaftLog log = new CommitLogRaftLog(index, commitLog);
                RaftConfig.Settings settings = new RaftConfig.Settings(id, peers.nodeIds(), ELECTION_MIN, ELECTION_MAX,
                    HEARTBEAT, 8, 256, 64 << 10, 10_000, 4 * HEARTBEAT, RaftNode.NO_NODE, 1000);
                RemotingRaftTransport transport = new RemotingRaftTransport(GROUP, id, peers, "127.0.0.1", 1024, 1000,
                    100, Clock.system());
                loop = new RaftLoop(GROUP, "n" + id, settings, log, new FileRaftStateStore(dir.resolve("raft")),
                    transport, new RaftListener() { }, Clock.system(), new SplittableRandom(id * 7919L + System.nanoTime()));
                loop.startLoop();
            } catch (IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        }

        void stop() throws InterruptedException {
            if (loop != null) {
                loop.stop();
                commitLog.close();
                loop = null;
            }
        }

        /** With the loop stopped: appends an entry of this node's last term straight to its files. */
        long injectUncommittedEntry(byte[] payload) throws IOException {
            try (FileCommitLogBytes cl = new FileCommitLogBytes(dir.resolve("commitlog"));
                 RaftIndexFile index = RaftIndexFile.open(dir.resolve("raft/index"), 64, 0, StoreFileFactory.mapped())) {
                long term = index.termAt(index.lastIndex());
                cl.append(index.endOffset(), payload);
                cl.flush();
                index.append(term, payload.length);
                index.flush();
                return term;
            }
        }

        long lastIndexOnDisk() throws IOException {
            try (RaftIndexFile index = RaftIndexFile.open(dir.resolve("raft/index"), 64, 0, StoreFileFactory.mapped())) {
                return index.lastIndex();
            }
        }

        /** The term of entry {@code i} in this running node's log (read on the test thread after it caught up). */
        long termAtFromLeader(long i) throws InterruptedException {
            stop();
            try (RaftIndexFile index = RaftIndexFile.open(dir.resolve("raft/index"), 64, 0, StoreFileFactory.mapped())) {
                return index.termAt(i);
            } catch (IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        }

        @Override
        public String toString() {
            RaftLoop l = loop;
            return "n" + id + (l == null ? "(stopped)" : "(" + l.role() + " t" + l.term() + " c" + l.committedIndex() + ")");
        }
    }
}
