package dev.petrel.store;

import dev.petrel.message.MessageDraft;

import java.nio.ByteBuffer;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.function.LongSupplier;

/**
 * The store as the broker uses it. {@link LocalMessageStore} implements it on local files; replication builds on the
 * seam this interface offers: a {@link dev.petrel.store.gate.CommitGate} deciding what is confirmed, a
 * {@link StoreRole}, {@link #appendRecords} for a replica and {@link #truncate} for a follower.
 *
 * <p>All methods are thread-safe. Puts complete asynchronously, when the record is <b>visible</b>: confirmed by the
 * commit gate (forced to disk under SYNC_FLUSH; acknowledged by replicas for a replicated gate) and dispatched into
 * its ConsumeQueue and the index; or with the gate's timeout status (FLUSH_DISK_TIMEOUT, FLUSH_SLAVE_TIMEOUT). Every
 * read sees only confirmed records. Expected refusals are statuses, never exceptions.
 */
public interface MessageStore extends AutoCloseable {

    /** Recovers the files and starts the store's threads. */
    void start();

    /** Stops the threads, flushes everything, writes the checkpoint and removes the abort file. */
    void shutdown();

    @Override
    default void close() {
        shutdown();
    }

    /** Appends one message. The store assigns queue offset (per topic and queue), physical offset and store time. */
    CompletableFuture<PutResult> putMessage(MessageDraft message);

    /**
     * Appends several messages of one topic and queue contiguously in one CommitLog file, with consecutive queue
     * offsets (a client batch after {@code BatchBodyCodec} split it).
     */
    CompletableFuture<PutResult> putMessages(List<MessageDraft> batch);

    /**
     * Appends record bytes exactly as the primary wrote them at {@code physicalOffset} (a slave or follower; refused in
     * a writable role). The offset must be this store's CommitLog max offset (an empty store: a file boundary, where
     * its first file starts); the bytes whole, well-formed records in the primary's file layout, blank end-of-file
     * records included. Queue offsets come from the records. A refused call changes nothing.
     */
    ReplicaAppend appendRecords(long physicalOffset, ByteBuffer records);

    /**
     * Cuts the CommitLog, ConsumeQueues, index and queue-offset table at {@code physicalOffset}, a record boundary.
     * A Raft follower cuts its unconfirmed tail after a lost election (at or above {@link #confirmedOffset()}, so no
     * reader ever saw what is cut); a replica whose gate confirms locally (a classic slave re-syncing to a new
     * master) may cut below it. Puts waiting for cut records are answered NOT_LEADER. Returns once the kept records
     * are dispatched again (index files holding cut keys are dropped whole and rebuilt); meanwhile key queries may
     * miss kept records.
     *
     * @throws IllegalArgumentException below the CommitLog's min offset
     */
    void truncate(long physicalOffset);

    /** End of the confirmed CommitLog bytes: nothing beyond it is visible to any read. */
    long confirmedOffset();

    StoreRole role();

    /** Changes the role at run time; an append in progress finishes first. */
    void setRole(StoreRole role);

    /**
     * Bytes of the CommitLog from {@code physicalOffset} to the end of what is written in its file, at most
     * {@code maxLength}, <b>not</b> capped at the confirmed offset: for replicating to slaves and followers only
     * (they must receive what is not confirmed yet). Null if there are none. The caller releases them.
     */
    StoredRecord readForReplication(long physicalOffset, int maxLength);

    /** Reads up to {@code maxCount} records / about {@code maxBytes} from a queue offset, filtered. */
    GetResult getMessage(String topic, int queueId, long offset, int maxCount, int maxBytes, MessageFilter filter);

    /** The record at a physical offset (its size is read from the record), or null if there is none or it is not confirmed. */
    StoredRecord lookMessageByOffset(long physicalOffset);

    /** Bytes [physicalOffset, +length) of the CommitLog if they lie in one file and are confirmed, else null. */
    StoredRecord readBytes(long physicalOffset, int length);

    /** Physical offsets of records indexed under {@code topic#key} (or the unique id) stored in [begin, end]. */
    List<Long> queryOffsetsByKey(String topic, String key, int maxNum, long begin, long end);

    /** The records of {@link #queryOffsetsByKey}; the caller releases them. */
    List<StoredRecord> queryMessage(String topic, String key, int maxNum, long begin, long end);

    long maxOffsetInQueue(String topic, int queueId);

    long minOffsetInQueue(String topic, int queueId);

    /** The queue offset whose store time is the first (LOWER) / last (UPPER) at or after {@code timestamp}. */
    long offsetInQueueByTime(String topic, int queueId, long timestamp, BoundaryType boundary);

    /** Store time of the record at a queue offset, or -1. */
    long messageStoreTimestamp(String topic, int queueId, long queueOffset);

    /** Physical offset of the record at a queue offset, or -1. */
    long commitLogOffsetInQueue(String topic, int queueId, long queueOffset);

    /** Store time of the oldest record in the CommitLog, or -1 if empty. */
    long earliestMessageTime();

    /** Store time of the oldest record of a queue, or -1. */
    long earliestMessageTime(String topic, int queueId);

    long commitLogMinOffset();

    long commitLogMaxOffset();

    /** Offset up to which the ConsumeQueues and index are built. */
    long dispatchedOffset();

    /** Registers a listener for dispatched ConsumeQueue entries. */
    void addDispatchListener(DispatchListener listener);

    /** Deletes the ConsumeQueues of these topics (the CommitLog records stay until cleaned). */
    void deleteTopics(Set<String> topics);

    /** Topics that have ConsumeQueues. */
    Set<String> topics();

    StoreStats stats();

    /** How long the CommitLog's forces to disk took (every force that moved the flushed offset). */
    default dev.petrel.store.commitlog.FlushTimes.Snapshot flushTimes() {
        return dev.petrel.store.commitlog.FlushTimes.Snapshot.EMPTY;
    }

    /** CommitLog bytes appended but not yet forced to disk. */
    default long flushBehindBytes() {
        return 0;
    }

    /** How long the current CommitLog append has held the put lock, ms; 0 while no append runs. */
    long putLockHeldMillis();

    /** What {@link #scanRecords} hands each record to. */
    @FunctionalInterface
    interface RecordVisitor {
        /**
         * @param record the whole record from position 0; read-only, valid only during the call
         * @return false to stop the scan
         */
        boolean visit(long physicalOffset, ByteBuffer record);
    }

    /**
     * Visits, in CommitLog order, every record readers may see from {@code fromPhysicalOffset} on (the timer's restart
     * scan of the deliveries made after its last checkpoint). Returns the offset where the scan stopped.
     */
    long scanRecords(long fromPhysicalOffset, RecordVisitor visitor);

    /**
     * Adds a lower bound for CommitLog cleaning: files holding bytes at or above the floor are kept whatever their age
     * (the timer keeps the records of messages it has yet to deliver). Long.MAX_VALUE means no bound.
     */
    void addRetentionFloor(LongSupplier floor);
}
