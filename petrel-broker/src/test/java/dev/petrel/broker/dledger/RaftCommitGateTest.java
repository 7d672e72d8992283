package dev.petrel.broker.dledger;

import dev.petrel.store.PutStatus;
import dev.petrel.store.gate.CommitGate;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;

/** The DLedger gate alone: what is confirmed, what is proposed and when, with a local gate and proposer of the test's. */
class RaftCommitGateTest {

    /** A local gate whose confirmed offset the test sets. */
    private static final class LocalGate implements CommitGate {
        long confirmed;
        long appended;

        @Override
        public Outcome admit() {
            return null;
        }

        @Override
        public void appended(long endOffset) {
            appended = Math.max(appended, endOffset);
        }

        @Override
        public long confirmedOffset() {
            return confirmed;
        }

        @Override
        public long timeoutMillis() {
            return Long.MAX_VALUE;
        }

        @Override
        public Outcome timedOut(long endOffset) {
            return null;
        }

        @Override
        public void start(Runnable confirmedMoved) {
        }

        @Override
        public void truncated(long offset) {
            confirmed = Math.min(confirmed, offset);
        }

        @Override
        public void stop(boolean finish) {
        }
    }

    /** A CommitLog of 1,000 bytes whose byte i is (byte) i. */
    private static final class Bytes implements CommitLogBytes {
        @Override
        public long endOffset() {
            return 1000;
        }

        @Override
        public void append(long offset, byte[] bytes) {
            throw new UnsupportedOperationException();
        }

        @Override
        public byte[] read(long offset, int length) {
            byte[] b = new byte[length];
            for (int i = 0; i < length; i++) {
                b[i] = (byte) (offset + i);
            }
            return b;
        }

        @Override
        public void truncate(long offset) {
        }

        @Override
        public long flush() {
            return 1000;
        }
    }

    private record Proposal(long offset, byte[] bytes, CompletableFuture<Object> decided) {
    }

    private final LocalGate local = new LocalGate();
    private final List<Proposal> proposals = new ArrayList<>();
    private final RaftCommitGate gate = new RaftCommitGate(local, 2500, 2);

    private void lead(long from) {
        gate.startProposing(from, new Bytes(), (offset, bytes) -> {
            Proposal p = new Proposal(offset, bytes, new CompletableFuture<>());
            proposals.add(p);
            return p.decided();
        });
    }

    @Test
    void confirmsTheLowerOfTheLocalGateAndTheRaftCommit() {
        AtomicInteger moved = new AtomicInteger();
        gate.start(moved::incrementAndGet);
        local.confirmed = 500;
        assertThat(gate.confirmedOffset()).as("nothing committed yet").isZero();
        gate.committed(300);
        assertThat(gate.confirmedOffset()).isEqualTo(300);
        assertThat(moved).hasValue(1);
        gate.committed(800);
        assertThat(gate.confirmedOffset()).as("not yet written here").isEqualTo(500);
        gate.committed(700);
        assertThat(gate.committedOffset()).as("never decreases").isEqualTo(800);
        assertThat(moved).hasValue(2);
    }

    @Test
    void proposesAppendedRangesInOrderFromTheCommitLogAndCoalescesBeyondTheInFlightLimit() {
        lead(100);
        gate.appended(150);
        gate.appended(120); // an earlier appender reporting late: already covered
        gate.appended(200);
        gate.appended(260); // two in flight: waits
        gate.appended(300);
        assertThat(proposals).extracting(Proposal::offset).containsExactly(100L, 150L);
        assertThat(proposals.get(0).bytes()).isEqualTo(new Bytes().read(100, 50));
        assertThat(proposals.get(1).bytes()).isEqualTo(new Bytes().read(150, 50));
        assertThat(local.appended).isEqualTo(300);

        proposals.get(0).decided().complete(null);
        assertThat(proposals).extracting(Proposal::offset).containsExactly(100L, 150L, 200L);
        assertThat(proposals.get(2).bytes()).as("what waited, as one range").isEqualTo(new Bytes().read(200, 100));
        assertThat(Arrays.equals(proposals.get(2).bytes(), new Bytes().read(200, 100))).isTrue();
    }

    @Test
    void proposesNothingWhileFollowingAndRestartsAtTheCutAfterATruncation() {
        gate.appended(100); // a follower's replicated append
        assertThat(proposals).isEmpty();
        lead(100);
        gate.appended(180);
        gate.truncated(100); // the loop refused it and cut the bytes
        gate.appended(140); // the next put, written at the new end
        assertThat(proposals).extracting(Proposal::offset).containsExactly(100L, 100L);
        gate.stopProposing();
        gate.appended(200);
        assertThat(proposals).hasSize(2);
    }

    @Test
    void aPutNotCommittedInTimeIsASystemErrorThatSaysItMayStillCommit() {
        CommitGate.Outcome o = gate.timedOut(100);
        assertThat(o.status()).isEqualTo(PutStatus.UNKNOWN_ERROR);
        assertThat(o.reason()).contains("in-sync replicas not enough").contains("may still be committed");
        assertThat(gate.timeoutMillis()).isEqualTo(2500);
    }
}
