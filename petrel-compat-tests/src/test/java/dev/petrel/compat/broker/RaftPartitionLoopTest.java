package dev.petrel.compat.broker;

import dev.petrel.testkit.Await;
import dev.petrel.testkit.FreePorts;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Acceptance (b) of issue #11: the group of {@link RaftFaultLoopTest}, but the leader is cut off from its peers by a
 * network partition instead of being killed, then the partition heals. Every node reaches each peer's Raft port
 * through its own {@link FaultProxy} (six, one per direction of each link), so cutting the leader's four proxies
 * isolates it in both directions (connections reset; new ones refused in even rounds, black-holed in odd ones) while
 * clients (producer, admin, NameServer) still reach it.
 *
 * <p>Per round: cut the leader; the majority elects a new leader that registers as brokerId 0 and acknowledges a send
 * of the official producer (the time from the cut to that acknowledgement is the fail-over time, printed as median and
 * max); the isolated leader steps down by itself (check-quorum: it cannot hear a quorum), so its sends fail or time
 * out; heal; the old leader follows the new term, cuts the uncommitted tail the producer's sends left in its CommitLog
 * (four sending threads, so it is sent to while it waits for a quorum) and catches up. After the last round: every acknowledged message is consumed, and the three CommitLogs are
 * byte-identical up to the lowest commit point (an uncut tail would differ there).
 */
class RaftPartitionLoopTest {

    /** Partitions: 2 in a normal build (one of each cut kind, CI budget); -Dpetrel.raftPartition.rounds=10 for the issue's. */
    private static final int ROUNDS = Integer.getInteger("petrel.raftPartition.rounds", 2);
    private static final Duration WAIT = Duration.ofSeconds(60);
    private static final String TOPIC = "RaftPartitionTopic";
    private static final int QUEUES = 4;
    /** Sends outstanding at a time: the isolated leader is sent more than the one in flight at the cut. */
    private static final int SENDING_THREADS = 4;

    @TempDir
    Path dir;

    /** proxies[from][to]: how node {@code from} reaches node {@code to}'s Raft port (null on the diagonal). */
    private final FaultProxy[][] proxies = new FaultProxy[3][3];

    @Test
    @Timeout(value = 10, unit = TimeUnit.MINUTES)
    void isolatingTheLeaderAndHealingLosesNoAcknowledgedMessage() throws Exception {
        RaftGroup group = RaftGroup.start(dir, (from, to, targetPort) -> {
            proxies[from][to] = FaultProxy.start(FreePorts.next(), targetPort);
            return "127.0.0.1:" + proxies[from][to].port();
        });
        try {
            group.createTopic(TOPIC, QUEUES);
            group.awaitLeader();
            List<Long> failovers = new ArrayList<>();
            List<Long> tails = new ArrayList<>();
            long tailEnd = 0;
            long acksWhileIsolated = 0;
            AckedSender sender = AckedSender.start(group.namesrvAddr(), "raftPartitionPG", TOPIC, SENDING_THREADS);
            try (sender) {
                Await.until(WAIT, "first acknowledged sends", () -> sender.acked().size() >= 50);
                for (int round = 0; round < ROUNDS; round++) {
                    PetrelBroker leader = group.awaitLeader();
                    group.awaitFollowersCaughtUp(leader);
                    int isolated = group.nodes().indexOf(leader);
                    FaultProxy.Cut how = round % 2 == 0 ? FaultProxy.Cut.REFUSE : FaultProxy.Cut.BLACK_HOLE;
                    long cutAt = System.nanoTime();
                    cut(isolated, how);
                    long ackedAfter = Await.value(WAIT, "a send acknowledged by a new leader (round " + round + ", "
                        + how + ")", () -> sender.firstAckAfter(cutAt, leader.address()), t -> t > 0);
                    failovers.add(TimeUnit.NANOSECONDS.toMillis(ackedAfter - cutAt));
                    PetrelBroker next = group.awaitLeaderOtherThan(leader);

                    // Still reachable by clients, no longer leading: it cannot hear a quorum.
                    Map<String, String> old = Await.value(WAIT, "the isolated " + leader.address() + " stepping down",
                        () -> group.runtime(leader), r -> r.containsKey("petrelRaftRole")
                            && !"LEADER".equals(r.get("petrelRaftRole")));
                    long end = Long.parseLong(old.get("commitLogMaxOffset"));
                    tails.add(end - Long.parseLong(old.get("petrelRaftCommittedOffset")));
                    tailEnd = Math.max(tailEnd, end);
                    acksWhileIsolated += sender.acksBy(leader.address(), cutAt, System.nanoTime());

                    heal(isolated);
                    group.awaitFollowersCaughtUp(next);
                }
                // The comparison below must cover every tail an isolated leader had to cut.
                long cover = tailEnd;
                PetrelBroker last = group.awaitLeader();
                Await.until(WAIT, "the group committed beyond " + cover, () -> group.committedOffset(last) > cover);
            }

            group.awaitFollowersCaughtUp(group.awaitLeader());
            assertThat(sender.acked()).hasSizeGreaterThan(ROUNDS * 10);
            group.assertConsumedAll(TOPIC, "raftPartitionCG", sender.acked().keySet());
            long common = group.assertCommitLogsIdentical();
            assertThat(common).as("compared beyond the isolated leaders' tails").isGreaterThan(tailEnd);
            System.out.printf("raft partition loop: %d partitions of the leader, fail-over (cut to first send "
                + "acknowledged by the new leader) %s, all %s; uncommitted tail on the isolated leader before healing "
                + "%s bytes; %d sends acknowledged (%d by an isolated leader after its cut, all consumed), %d failed; "
                + "CommitLogs identical up to %d%n", ROUNDS, RaftGroup.medianAndMax(failovers), failovers, tails,
                sender.acked().size(), acksWhileIsolated, sender.failed(), common);
            assertThat(failovers.stream().mapToLong(Long::longValue).max().orElseThrow())
                .as("fail-over bound ('never', not 'slow')").isLessThan(30_000);
        } finally {
            group.closeKeepingLogs("raft-partition-logs");
            for (FaultProxy[] row : proxies) {
                for (FaultProxy p : row) {
                    if (p != null) {
                        p.close();
                    }
                }
            }
        }
    }

    /** Cuts every link of node {@code i}, both directions. */
    private void cut(int i, FaultProxy.Cut how) {
        for (int j = 0; j < 3; j++) {
            if (j != i) {
                proxies[i][j].cut(how);
                proxies[j][i].cut(how);
            }
        }
    }

    private void heal(int i) {
        for (int j = 0; j < 3; j++) {
            if (j != i) {
                proxies[i][j].heal();
                proxies[j][i].heal();
            }
        }
    }
}
