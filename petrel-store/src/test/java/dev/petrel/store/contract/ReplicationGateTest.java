package dev.petrel.store.contract;

import dev.petrel.common.time.Clock;
import dev.petrel.store.LocalMessageStore;
import dev.petrel.store.PutResult;
import dev.petrel.store.PutStatus;
import dev.petrel.store.StoreConfig;
import dev.petrel.store.StoreFixture;
import dev.petrel.store.StoreRole;
import dev.petrel.store.cleanup.DiskUsage;
import dev.petrel.store.file.StoreFileFactory;
import dev.petrel.store.gate.CommitGate;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import static dev.petrel.store.StoreFixture.message;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * A gate that also waits for a (simulated) replica, as master/slave replication or a Raft quorum will: puts complete
 * only when it confirms, reads never see what it has not confirmed, timeouts and "no replica" are the gate's
 * statuses, and a truncated unconfirmed tail answers its waiting puts NOT_LEADER.
 */
class ReplicationGateTest {

    /** Confirms min(local, what the test acknowledged); times out with FLUSH_SLAVE_TIMEOUT. */
    static final class ReplicaAckGate implements CommitGate {
        private final CommitGate local;
        private final long timeoutMillis;
        private volatile long acked;
        private volatile boolean replicaInSync = true;
        private volatile Runnable moved = () -> { };

        ReplicaAckGate(CommitGate local, long timeoutMillis) {
            this.local = local;
            this.timeoutMillis = timeoutMillis;
        }

        void ack(long offset) {
            acked = offset;
            moved.run();
        }

        @Override
        public Outcome admit() {
            return replicaInSync ? null : new Outcome(PutStatus.SLAVE_NOT_AVAILABLE, "no slave in sync");
        }

        @Override
        public void appended(long endOffset) {
            local.appended(endOffset);
        }

        @Override
        public long confirmedOffset() {
            return replicaInSync ? Math.min(local.confirmedOffset(), acked) : local.confirmedOffset();
        }

        @Override
        public long timeoutMillis() {
            return timeoutMillis;
        }

        @Override
        public Outcome timedOut(long endOffset) {
            return new Outcome(PutStatus.FLUSH_SLAVE_TIMEOUT, "not acknowledged by the slave within " + timeoutMillis
                + " ms");
        }

        @Override
        public void start(Runnable confirmedMoved) {
            moved = confirmedMoved;
            local.start(confirmedMoved);
        }

        @Override
        public void truncated(long offset) {
            acked = Math.min(acked, offset);
            local.truncated(offset);
        }

        @Override
        public void stop(boolean finish) throws InterruptedException {
            local.stop(finish);
        }
    }

    @TempDir
    Path dir;
    LocalMessageStore store;
    ReplicaAckGate gate;

    void open(String flush) {
        open(flush, 30_000);
    }

    void open(String flush, long timeoutMillis) {
        var cfg = StoreFixture.smallConfig(dir);
        cfg.put("flushDiskType", flush);
        store = new LocalMessageStore(StoreConfig.Settings.of(StoreFixture.config(cfg)), Clock.system(), Clock.system(),
            StoreFileFactory.mapped(), DiskUsage.fileSystem(), local -> gate = new ReplicaAckGate(local, timeoutMillis));
        store.start();
    }

    @AfterEach
    void close() {
        if (store != null) {
            store.shutdown();
        }
    }

    @Test
    void aPutCompletesWhenTheGateConfirmsAndNothingUnconfirmedIsReadable() throws Exception {
        open("SYNC_FLUSH");
        CompletableFuture<PutResult> f = store.putMessage(message("G", 0, "g0", 100, null));
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(100);
        while (System.nanoTime() < deadline) { // not a synchronisation: checking that nothing happens meanwhile
            assertThat(f).isNotDone();
            assertThat(store.maxOffsetInQueue("G", 0)).isZero();
            assertThat(store.lookMessageByOffset(0)).isNull();
            assertThat(store.queryOffsetsByKey("G", "g0", 4, 0, Long.MAX_VALUE)).isEmpty();
            List<Long> scanned = new ArrayList<>();
            store.scanRecords(0, (o, r) -> scanned.add(o));
            assertThat(scanned).isEmpty();
        }
        assertThat(store.readForReplication(0, 1 << 16)).as("the replicator reads unconfirmed bytes").isNotNull()
            .satisfies(r -> r.release());
        gate.ack(store.commitLogMaxOffset());
        PutResult r = f.get(10, TimeUnit.SECONDS);
        assertThat(r.status()).isEqualTo(PutStatus.PUT_OK);
        assertThat(store.maxOffsetInQueue("G", 0)).isEqualTo(1);
        assertThat(store.confirmedOffset()).isEqualTo(r.recordSize());
    }

    @Test
    void anUnacknowledgedPutTimesOutWithTheGatesStatusAndBecomesVisibleWhenConfirmed() throws Exception {
        open("ASYNC_FLUSH", 300);
        PutResult r = store.putMessage(message("G", 1, "late", 50, null)).get(10, TimeUnit.SECONDS);
        assertThat(r.status()).isEqualTo(PutStatus.FLUSH_SLAVE_TIMEOUT);
        assertThat(r.status().isStored()).isTrue();
        assertThat(r.reason()).contains("slave");
        assertThat(store.maxOffsetInQueue("G", 1)).isZero();
        gate.ack(r.physicalOffset() + r.recordSize());
        dev.petrel.testkit.Await.until(java.time.Duration.ofSeconds(10), "visible once confirmed",
            () -> store.maxOffsetInQueue("G", 1) == 1);
        assertThat(store.stats().pendingAcks()).isZero();
    }

    @Test
    void withoutAReplicaInSyncThePutIsAnsweredAtOnce() throws Exception {
        open("ASYNC_FLUSH");
        gate.replicaInSync = false;
        PutResult r = store.putMessage(message("G", 2, "alone", 50, null)).get(10, TimeUnit.SECONDS);
        assertThat(r.status()).isEqualTo(PutStatus.SLAVE_NOT_AVAILABLE);
        assertThat(r.physicalOffset()).isZero();
    }

    @Test
    void aTruncatedUnconfirmedTailAnswersItsWaitingPutsNotLeader() throws Exception {
        open("ASYNC_FLUSH");
        PutResult first = store.putMessage(message("G", 3, "kept", 50, null)).thenApply(x -> x).getNow(null);
        assertThat(first).isNull();
        gate.ack(store.commitLogMaxOffset());
        dev.petrel.testkit.Await.until(java.time.Duration.ofSeconds(10), "first confirmed",
            () -> store.maxOffsetInQueue("G", 3) == 1);
        long cut = store.commitLogMaxOffset();
        CompletableFuture<PutResult> lost = store.putMessage(message("G", 3, "lost", 50, null));
        store.setRole(StoreRole.FOLLOWER);
        store.truncate(cut);
        PutResult r = lost.get(10, TimeUnit.SECONDS);
        assertThat(r.status()).isEqualTo(PutStatus.NOT_LEADER);
        assertThat(r.reason()).contains("truncated");
        assertThat(store.commitLogMaxOffset()).isEqualTo(cut);
        assertThat(store.maxOffsetInQueue("G", 3)).isEqualTo(1);
        store.setRole(StoreRole.LEADER);
        CompletableFuture<PutResult> again = store.putMessage(message("G", 3, "again", 50, null));
        gate.ack(Long.MAX_VALUE);
        PutResult a = again.get(10, TimeUnit.SECONDS);
        assertThat(a.queueOffset()).as("the cut record's queue offset is reused").isEqualTo(1);
        assertThat(a.physicalOffset()).isEqualTo(cut);
    }

    /**
     * A store restarted with records its gate has not confirmed (a Raft follower's tail beyond the commit point it knew)
     * has them in no ConsumeQueue, but their queue offsets are taken: once confirmed and written to as a primary, the
     * next put continues after them instead of reusing one (which lost a ConsumeQueue entry of a promoted follower).
     */
    @Test
    void aRestartWithUnconfirmedRecordsContinuesTheirQueueOffsets() throws Exception {
        open("ASYNC_FLUSH");
        CompletableFuture<PutResult> first = store.putMessage(message("G", 0, "r0", 100, null));
        long firstEnd = store.commitLogMaxOffset();
        store.putMessage(message("G", 0, "r1", 100, null));
        store.putMessage(message("G", 0, "r2", 100, null));
        long end = store.commitLogMaxOffset();
        gate.ack(firstEnd);
        assertThat(first.get(10, TimeUnit.SECONDS).status()).isEqualTo(PutStatus.PUT_OK);
        store.shutdown();
        store = null;

        open("ASYNC_FLUSH", 30_000); // a new gate: nothing confirmed yet
        assertThat(store.commitLogMaxOffset()).isEqualTo(end);
        assertThat(store.maxOffsetInQueue("G", 0)).as("only confirmed records are in the ConsumeQueue").isLessThan(3);
        gate.ack(end);
        CompletableFuture<PutResult> next = store.putMessage(message("G", 0, "r3", 100, null));
        gate.ack(store.commitLogMaxOffset());
        PutResult r = next.get(10, TimeUnit.SECONDS);
        assertThat(r.status()).isEqualTo(PutStatus.PUT_OK);
        assertThat(r.queueOffset()).isEqualTo(3);
        assertThat(store.maxOffsetInQueue("G", 0)).isEqualTo(4);
    }
}
