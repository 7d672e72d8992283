package dev.petrel.store;

import dev.petrel.message.MessageDraft;

import java.nio.ByteBuffer;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.function.LongSupplier;

/**
 * The store as the broker uses it. {@link LocalMessageStore} implements it on local files; a replicated store
 * (Raft-backed CommitLog, later) implements the same interface so the broker does not change.
 *
 * <p>All methods are thread-safe. Puts complete asynchronously: under SYNC_FLUSH the future completes when the
 * record is forced to disk (or with FLUSH_DISK_TIMEOUT); expected refusals are statuses, never exceptions.
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

    /** Reads up to {@code maxCount} records / about {@code maxBytes} from a queue offset, filtered. */
    GetResult getMessage(String topic, int queueId, long offset, int maxCount, int maxBytes, MessageFilter filter);

    /** The record at a physical offset (its size is read from the record), or null if there is none. */
    StoredRecord lookMessageByOffset(long physicalOffset);

    /** Bytes [physicalOffset, +length) of the CommitLog if they lie in one file and are readable, else null. */
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
