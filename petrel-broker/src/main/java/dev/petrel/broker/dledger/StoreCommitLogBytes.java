package dev.petrel.broker.dledger;

import dev.petrel.store.MessageStore;
import dev.petrel.store.ReplicaAppend;
import dev.petrel.store.StoredRecord;
import dev.petrel.store.gate.CommitGate;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.nio.ByteBuffer;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.function.LongSupplier;

/**
 * {@link CommitLogBytes} over the store's replication seam: the Raft log's payloads are the store's CommitLog bytes.
 * A follower's entries go in through {@link MessageStore#appendRecords} (checked whole, queue offsets taken from the
 * records), a divergent tail goes out through {@link MessageStore#truncate} (ConsumeQueues, index and queue-offset
 * table with it), and payloads are read with {@link MessageStore#readForReplication}, which is not capped at the
 * confirmed offset (the leader ships what is not committed yet).
 *
 * <p>Durability ({@link #flush}) is the store's local gate's: under SYNC_FLUSH the group-commit thread forces the bytes
 * and this waits for it; under ASYNC_FLUSH bytes in the page cache count as held (a killed process loses nothing, a
 * power loss of a majority can lose acknowledged messages, as with Apache's asynchronous flush).
 *
 * <p>Threading: called by the Raft loop's thread; the store serialises appends and truncations under its put lock.
 */
public final class StoreCommitLogBytes implements CommitLogBytes {

    private static final Logger LOG = LoggerFactory.getLogger(StoreCommitLogBytes.class);
    private static final long FLUSH_WAIT_NANOS = TimeUnit.MICROSECONDS.toNanos(50);
    /** A flush that the local gate does not confirm in this long is reported (once per flush) and waited for on. */
    private static final long SLOW_FLUSH_NANOS = TimeUnit.SECONDS.toNanos(5);

    private final MessageStore store;
    private final LongSupplier locallyConfirmed;
    private final LongSupplier nanos;

    /**
     * @param locallyConfirmed the store's local gate's confirmed offset ({@link CommitGate#confirmedOffset()} of the
     *                         gate {@link RaftCommitGate} wraps): forced under SYNC_FLUSH, written under ASYNC_FLUSH
     * @param nanos            monotonic time, to report a flush that takes long (the broker's clock)
     */
    public StoreCommitLogBytes(MessageStore store, LongSupplier locallyConfirmed, LongSupplier nanos) {
        this.nanos = nanos;
        this.store = store;
        this.locallyConfirmed = locallyConfirmed;
    }

    @Override
    public long endOffset() {
        return store.commitLogMaxOffset();
    }

    @Override
    public void append(long offset, byte[] bytes) {
        ReplicaAppend r = store.appendRecords(offset, ByteBuffer.wrap(bytes));
        if (!r.isAppended()) {
            // The Raft log and the CommitLog disagree, or the leader sent bytes that are not records: nothing was
            // written; the node must not count the entry as held.
            throw new IllegalStateException("the CommitLog refused the leader's " + bytes.length + " bytes at offset "
                + offset + ": " + r.status() + " " + r.reason() + " (CommitLog ends at " + r.maxOffset() + ")");
        }
    }

    @Override
    public byte[] read(long offset, int length) {
        byte[] out = new byte[length];
        int done = 0;
        while (done < length) {
            StoredRecord part = store.readForReplication(offset + done, length - done);
            if (part == null) {
                throw new IllegalStateException("CommitLog bytes [" + (offset + done) + ", " + (offset + length)
                    + ") are not readable (CommitLog [" + store.commitLogMinOffset() + ", " + store.commitLogMaxOffset()
                    + "))");
            }
            try {
                ByteBuffer b = part.buffer();
                int n = Math.min(b.remaining(), length - done);
                b.get(b.position(), out, done, n);
                done += n;
            } finally {
                part.release();
            }
        }
        return out;
    }

    @Override
    public void truncate(long offset) {
        if (offset < store.commitLogMaxOffset()) {
            store.truncate(offset);
        }
    }

    @Override
    public long flush() {
        long end = store.commitLogMaxOffset();
        long begin = nanos.getAsLong();
        boolean reported = false;
        while (locallyConfirmed.getAsLong() < end) {
            if (!reported && nanos.getAsLong() - begin > SLOW_FLUSH_NANOS) {
                LOG.warn("the CommitLog has not been made durable up to {} for 5 s (locally confirmed {}); Raft waits",
                    end, locallyConfirmed.getAsLong());
                reported = true;
            }
            if (end > store.commitLogMaxOffset()) {
                end = store.commitLogMaxOffset(); // truncated meanwhile
            }
            LockSupport.parkNanos(FLUSH_WAIT_NANOS);
        }
        return end;
    }
}
