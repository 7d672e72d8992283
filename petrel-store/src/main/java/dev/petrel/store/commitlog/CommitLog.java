package dev.petrel.store.commitlog;

import dev.petrel.common.time.Clock;
import dev.petrel.message.MessageDraft;
import dev.petrel.message.MessageRecordLayout;
import dev.petrel.message.NameValidator;
import dev.petrel.message.PropertiesCodec;
import dev.petrel.message.SysFlag;
import dev.petrel.store.PutResult;
import dev.petrel.store.PutStatus;
import dev.petrel.store.ReplicaAppend;
import dev.petrel.store.StoreRole;
import dev.petrel.store.file.Segment;
import dev.petrel.store.file.SegmentedLog;
import dev.petrel.store.file.SelectedBytes;

import java.nio.ByteBuffer;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.locks.ReentrantLock;

/**
 * The CommitLog: every record of every topic, appended back to back into {@link SegmentedLog} files, a record never
 * spanning two files (the end of a file is marked by the 8-byte blank record).
 *
 * <p>Threading: appends are serialised by the put lock; whichever caller holds it is the single writer of the
 * write position, the queue-offset table and the files' bytes. Encoding goes straight into the mapped buffer (or the
 * transient-pool buffer). Readers use {@link #select} without locking; they see records up to the committed
 * position, which the writer publishes with a volatile store after the bytes are in place. The lock holder also
 * publishes, in a volatile field, the clock time it took the lock at, so any thread can read how long the current
 * append has held it ({@link #putLockHeldMillis}, RocketMQ's {@code pageCacheLockTimeMills}).
 */
public final class CommitLog {

    /** The record may exceed the body limit by this much (topic, properties, header). */
    private static final int RECORD_OVERHEAD_ALLOWANCE = 64 * 1024;

    private final SegmentedLog log;
    private final Clock clock;
    private final int maxMessageSize;
    private final TransientStorePool pool;
    private final QueueOffsetTable queueOffsets = new QueueOffsetTable();
    private final ReentrantLock putLock = new ReentrantLock();
    /** {@link Clock#nanos} when the current holder took the put lock; {@link #NOT_HELD} while nobody holds it. */
    private volatile long lockedAtNanos = NOT_HELD;
    private static final long NOT_HELD = Long.MIN_VALUE;
    private volatile long lastStoreTimestamp;
    private volatile String notWritableReason;
    /** Who writes: a writable role appends drafts, a replica role appends replicated bytes. Changed under the put lock. */
    private volatile StoreRole role = StoreRole.MASTER;
    /** While a replicated blank end-of-file record is only partly appended: the end of its file, else -1. Put lock. */
    private long blankTailEnd = -1;
    private volatile boolean ioFailed;

    private final java.util.function.LongSupplier usableBytes;
    private final AckSink acks;
    private final FlushTimes flushTimes = new FlushTimes();

    /**
     * @param pool the transient store pool, or null to write through the mapping
     * @param usableBytes free disk space; a new file is created only if it fits (a write to a mapped page the file
     *                    system cannot back would crash the process)
     * @param acks told of each stored put that waits for an acknowledgement, under the put lock
     */
    public CommitLog(SegmentedLog log, Clock clock, int maxMessageSize, TransientStorePool pool,
                     java.util.function.LongSupplier usableBytes, AckSink acks) {
        this.log = log;
        this.clock = clock;
        this.maxMessageSize = maxMessageSize;
        this.pool = pool;
        this.usableBytes = usableBytes;
        this.acks = acks;
    }

    /** A CommitLog whose puts are acknowledged at once (tests and tools). */
    public CommitLog(SegmentedLog log, Clock clock, int maxMessageSize, TransientStorePool pool,
                     java.util.function.LongSupplier usableBytes) {
        this(log, clock, maxMessageSize, pool, usableBytes, AckSink.NONE);
    }

    /** No room on disk for the next file: the append is refused, nothing is written. */
    private static final class NoSpaceException extends RuntimeException {
        NoSpaceException(String message) {
            super(message, null, false, false);
        }
    }

    public SegmentedLog log() {
        return log;
    }

    /**
     * Forces committed bytes to disk ({@link SegmentedLog#flush}); the flusher thread's one call, so that each force
     * that moved the flushed offset is timed in {@link #flushTimes()}. Returns whether the flushed offset moved.
     */
    public boolean flush(int leastPages) {
        long start = clock.nanos();
        boolean moved = log.flush(leastPages);
        if (moved) {
            flushTimes.record(clock.nanos() - start);
        }
        return moved;
    }

    /** How long the forces of {@link #flush} took. */
    public FlushTimes flushTimes() {
        return flushTimes;
    }

    /** CommitLog bytes appended but not yet forced to disk (RocketMQ's {@code rocketmq_storage_flush_behind_bytes}). */
    public long flushBehindBytes() {
        return Math.max(0, maxOffset() - log.flushedWhere());
    }

    public QueueOffsetTable queueOffsets() {
        return queueOffsets;
    }

    /** Refuses further appends with SERVICE_NOT_AVAILABLE and this reason (null makes the log writable again). */
    public void setNotWritable(String reason) {
        this.notWritableReason = reason;
    }

    /** Changes who writes this CommitLog; waits for an append in progress. */
    public void setRole(StoreRole newRole) {
        underPutLock(() -> role = newRole);
    }

    public StoreRole role() {
        return role;
    }

    /** Under the put lock: why a draft append is refused now, or null. */
    private PutResult draftRefusal() {
        String reason = notWritableReason();
        if (reason != null) {
            return PutResult.refused(PutStatus.SERVICE_NOT_AVAILABLE, reason);
        }
        StoreRole r = role;
        return r.writable() ? null : PutResult.refused(r.refusal(), r.refusalReason());
    }

    public String notWritableReason() {
        return ioFailed ? "an I/O error occurred while appending; see the log and restart" : notWritableReason;
    }

    /** Store time of the last appended record. */
    public long lastStoreTimestamp() {
        return lastStoreTimestamp;
    }

    /** Checks what can be checked without the lock; null when fine. */
    private PutResult validate(MessageDraft d) {
        String bad = NameValidator.validateStoreTopic(d.topic());
        if (bad != null) {
            return PutResult.refused(PutStatus.MESSAGE_ILLEGAL, bad);
        }
        if (d.propertiesBytes().length > PropertiesCodec.MAX_ENCODED_LENGTH) {
            return PutResult.refused(PutStatus.PROPERTIES_SIZE_EXCEEDED, "properties are " + d.propertiesBytes().length
                + " bytes; the limit is " + PropertiesCodec.MAX_ENCODED_LENGTH);
        }
        if (d.body().length > maxMessageSize) {
            return PutResult.refused(PutStatus.MESSAGE_ILLEGAL, "message body is " + d.body().length
                + " bytes; maxMessageSize is " + maxMessageSize);
        }
        if (d.recordSize() > maxMessageSize + RECORD_OVERHEAD_ALLOWANCE
            || d.recordSize() + MessageRecordLayout.END_FILE_MIN_BLANK_LENGTH > log.segmentSize()) {
            return PutResult.refused(PutStatus.MESSAGE_ILLEGAL, "record of " + d.recordSize()
                + " bytes does not fit a CommitLog file of " + log.segmentSize() + " bytes");
        }
        if (d.queueId() < 0) {
            return PutResult.refused(PutStatus.MESSAGE_ILLEGAL, "queueId " + d.queueId() + " is negative");
        }
        return null;
    }

    /** Appends one record; nobody waits for its acknowledgement. */
    public PutResult append(MessageDraft d) {
        return append(d, null);
    }

    /**
     * Appends one record. If it is stored and {@code ack} is not null, {@code ack} goes to the ack sink (in
     * CommitLog order) and completes when the record is visible; otherwise {@code ack} is left alone.
     */
    public PutResult append(MessageDraft d, CompletableFuture<PutResult> ack) {
        PutResult invalid = validate(d);
        if (invalid != null) {
            return invalid;
        }
        int size = d.recordSize();
        boolean dispatched = isDispatched(d.sysFlag());
        lockPut();
        try {
            PutResult refused = draftRefusal();
            if (refused != null) {
                return refused;
            }
            Segment seg = segmentWithRoom(size);
            int pos = seg.wrote();
            long phys = seg.startOffset() + pos;
            long queueOffset = dispatched ? queueOffsets.get(d.topic(), d.queueId()) : 0;
            long now = clock.millis();
            MessageRecordLayout.encode(seg.appendBuffer(), pos, d, queueOffset, phys, now);
            seg.advanceWrote(pos + size);
            if (dispatched) {
                queueOffsets.set(d.topic(), d.queueId(), queueOffset + 1);
            }
            lastStoreTimestamp = now;
            PutResult r = new PutResult(PutStatus.PUT_OK, null, phys, queueOffset, now, size, 1, d.storeHost(), new int[] {size});
            if (ack != null) {
                acks.stored(r, ack);
            }
            return r;
        } catch (NoSpaceException e) {
            return PutResult.refused(PutStatus.SERVICE_NOT_AVAILABLE, e.getMessage());
        } catch (RuntimeException e) {
            ioFailed = true;
            return PutResult.refused(PutStatus.UNKNOWN_ERROR, "append failed: " + e);
        } finally {
            unlockPut();
        }
    }

    /** Appends records of one topic and queue contiguously, in one file, with consecutive queue offsets. */
    public PutResult appendBatch(List<MessageDraft> batch) {
        return appendBatch(batch, null);
    }

    /** {@link #appendBatch(List)}, acknowledged through {@code ack} as {@link #append(MessageDraft, CompletableFuture)}. */
    public PutResult appendBatch(List<MessageDraft> batch, CompletableFuture<PutResult> ack) {
        if (batch.isEmpty()) {
            return PutResult.refused(PutStatus.MESSAGE_ILLEGAL, "empty batch");
        }
        MessageDraft first = batch.get(0);
        int total = 0;
        int[] sizes = new int[batch.size()];
        for (int i = 0; i < batch.size(); i++) {
            MessageDraft d = batch.get(i);
            PutResult invalid = validate(d);
            if (invalid != null) {
                return invalid;
            }
            if (!d.topic().equals(first.topic()) || d.queueId() != first.queueId()) {
                return PutResult.refused(PutStatus.MESSAGE_ILLEGAL, "a batch must have one topic and one queue");
            }
            if (!isDispatched(d.sysFlag())) {
                return PutResult.refused(PutStatus.MESSAGE_ILLEGAL, "a batch may not hold transactional messages");
            }
            sizes[i] = d.recordSize();
            total += sizes[i];
        }
        if ((long) total + MessageRecordLayout.END_FILE_MIN_BLANK_LENGTH > log.segmentSize()) {
            return PutResult.refused(PutStatus.MESSAGE_ILLEGAL, "batch of " + total + " bytes does not fit a CommitLog file");
        }
        lockPut();
        try {
            PutResult refused = draftRefusal();
            if (refused != null) {
                return refused;
            }
            Segment seg = segmentWithRoom(total);
            int pos = seg.wrote();
            long firstPhys = seg.startOffset() + pos;
            long firstQueueOffset = queueOffsets.get(first.topic(), first.queueId());
            long now = clock.millis();
            ByteBuffer buf = seg.appendBuffer();
            int p = pos;
            for (int i = 0; i < batch.size(); i++) {
                MessageRecordLayout.encode(buf, p, batch.get(i), firstQueueOffset + i, seg.startOffset() + p, now);
                p += sizes[i];
            }
            seg.advanceWrote(p);
            queueOffsets.set(first.topic(), first.queueId(), firstQueueOffset + batch.size());
            lastStoreTimestamp = now;
            PutResult r = new PutResult(PutStatus.PUT_OK, null, firstPhys, firstQueueOffset, now, total, batch.size(),
                first.storeHost(), sizes);
            if (ack != null) {
                acks.stored(r, ack);
            }
            return r;
        } catch (NoSpaceException e) {
            return PutResult.refused(PutStatus.SERVICE_NOT_AVAILABLE, e.getMessage());
        } catch (RuntimeException e) {
            ioFailed = true;
            return PutResult.refused(PutStatus.UNKNOWN_ERROR, "append failed: " + e);
        } finally {
            unlockPut();
        }
    }

    /**
     * Appends record bytes exactly as a primary wrote them at {@code offset} (a slave or follower). The bytes must
     * start where this CommitLog ends (an empty one: at a file boundary, which becomes its first file) and hold whole,
     * well-formed records: known magic, consistent lengths, PHYSICALOFFSET equal to where the record lands, the body
     * CRC if {@code checkCrc}, and the CommitLog's layout (a record leaves room for an end-of-file blank; a blank
     * record fills its file to the end). The blank's filler may come in several calls (a classic-HA master sends it in
     * frames like any other bytes). Queue offsets are taken from the records. Validation happens before anything is
     * written: a refused call changes nothing.
     */
    public ReplicaAppend appendRecords(long offset, ByteBuffer data, boolean checkCrc) {
        putLock.lock();
        try {
            String reason = notWritableReason();
            if (reason != null || role.writable()) {
                return new ReplicaAppend(ReplicaAppend.Status.NOT_ACCEPTED, reason != null ? reason
                    : "this store is a " + role + " and appends only its own messages", log.maxOffset(), 0);
            }
            long max = log.maxOffset();
            int fileSize = log.segmentSize();
            if (log.isEmpty() ? offset % fileSize != 0 : offset != max) {
                return new ReplicaAppend(ReplicaAppend.Status.OFFSET_MISMATCH, log.isEmpty()
                    ? "an empty CommitLog starts at a file boundary (a multiple of " + fileSize + "), not at " + offset
                    : "the bytes start at " + offset + " but this CommitLog ends at " + max, max, 0);
            }
            int length = data.remaining();
            ByteBuffer b = data.slice();
            int records = 0;
            int p = 0;
            long tailEnd = blankTailEnd;
            while (p < length) {
                long at = offset + p;
                if (tailEnd > at) { // the rest of a blank record's file: filler, not records
                    p += (int) Math.min(length - p, tailEnd - at);
                    continue;
                }
                int room = (int) (fileSize - at % fileSize);
                int r = MessageRecordLayout.check(b, p, length, checkCrc);
                if (r == MessageRecordLayout.CHECK_BLANK) {
                    if (MessageRecordLayout.totalSize(b, p) != room) {
                        return malformed(at, "a blank record of " + MessageRecordLayout.totalSize(b, p)
                            + " bytes where " + room + " bytes are left in the file", max);
                    }
                    tailEnd = at + room;
                    p += Math.min(room, length - p);
                    continue;
                }
                if (r < 0) {
                    return malformed(at, length - p < 8 || MessageRecordLayout.totalSize(b, p) > length - p
                        ? "a partial record (whole records only)" : "an invalid record (magic, lengths or body CRC)", max);
                }
                if (r + MessageRecordLayout.END_FILE_MIN_BLANK_LENGTH > room) {
                    return malformed(at, "a record of " + r + " bytes with " + room + " bytes left in the file "
                        + "(the file should end with a blank record here)", max);
                }
                if (MessageRecordLayout.physicalOffset(b, p) != at) {
                    return malformed(at, "a record whose PHYSICALOFFSET says "
                        + MessageRecordLayout.physicalOffset(b, p), max);
                }
                records++;
                p += r;
            }
            write(offset, b, length);
            followQueueOffsets(offset, b, length, blankTailEnd);
            blankTailEnd = tailEnd > offset + length ? tailEnd : -1;
            return new ReplicaAppend(ReplicaAppend.Status.APPENDED, null, log.maxOffset(), records);
        } catch (NoSpaceException e) {
            return new ReplicaAppend(ReplicaAppend.Status.NOT_ACCEPTED, e.getMessage(), log.maxOffset(), 0);
        } catch (RuntimeException e) {
            ioFailed = true;
            return new ReplicaAppend(ReplicaAppend.Status.IO_ERROR, "append failed: " + e, log.maxOffset(), 0);
        } finally {
            putLock.unlock();
        }
    }

    private static ReplicaAppend malformed(long at, String what, long max) {
        return new ReplicaAppend(ReplicaAppend.Status.MALFORMED, "at CommitLog offset " + at + ": " + what
            + "; nothing appended", max, 0);
    }

    /** Under the put lock: copies validated bytes to the files from {@code offset}, creating files as they fill. */
    private void write(long offset, ByteBuffer b, int length) {
        int p = 0;
        while (p < length) {
            Segment seg = lastForAppend(offset);
            int pos = seg.wrote();
            int n = Math.min(length - p, seg.size() - pos);
            seg.appendBuffer().put(pos, b, p, n);
            seg.advanceWrote(pos + n);
            p += n;
        }
    }

    /**
     * Under the put lock: the queue-offset table follows replicated records (the primary assigned the offsets). Walks
     * the validated bytes as {@link #appendRecords} did, from the blank-filler state {@code tailEnd} it started with.
     */
    private void followQueueOffsets(long offset, ByteBuffer b, int length, long tailEnd) {
        int fileSize = log.segmentSize();
        int p = 0;
        while (p < length) {
            long at = offset + p;
            if (tailEnd > at) {
                p += (int) Math.min(length - p, tailEnd - at);
            } else if (MessageRecordLayout.magic(b, p) == MessageRecordLayout.BLANK_MAGIC) {
                tailEnd = at + (fileSize - at % fileSize);
            } else {
                p = followOne(b, p);
            }
        }
    }

    private int followOne(ByteBuffer b, int p) {
        int sysFlag = MessageRecordLayout.sysFlag(b, p);
        if (isDispatched(sysFlag)) {
            MessageRecordLayout.Sections s = MessageRecordLayout.sections(b, p);
            byte[] topic = new byte[s.topicLength()];
            b.get(p + s.topicOffset(), topic);
            String t = new String(topic, java.nio.charset.StandardCharsets.UTF_8);
            int queueId = MessageRecordLayout.queueId(b, p);
            long next = MessageRecordLayout.queueOffset(b, p) + 1;
            if (next > queueOffsets.get(t, queueId)) {
                queueOffsets.set(t, queueId, next);
            }
        }
        lastStoreTimestamp = MessageRecordLayout.storeTimestamp(b, p);
        return p + MessageRecordLayout.totalSize(b, p);
    }

    /**
     * Cuts the CommitLog at {@code offset} (a follower's unconfirmed tail): later files are deleted, the file holding
     * it is cut and zeroed from there (so the cut bytes can never be parsed as records again). The caller excludes
     * appends (it holds the put lock, possibly on another thread) and rebuilds the queue-offset table and what was
     * dispatched beyond the cut.
     */
    public void truncateTo(long offset) {
        log.truncateFrom(offset);
        log.zeroTail(offset);
        blankTailEnd = -1;
    }

    /**
     * Sets the queue-offset table from the records in [from, to) (after a truncation, for records not dispatched
     * yet). Appends excluded by the caller.
     */
    public void followQueueOffsets(long from, long to) {
        long at = from;
        while (at < to) {
            SelectedBytes sel = selectFrom(at);
            if (sel == null) {
                return;
            }
            try {
                ByteBuffer b = sel.buffer();
                int p = 0;
                int limit = (int) Math.min(b.limit(), to - at);
                while (p + 8 <= limit) {
                    int r = MessageRecordLayout.check(b, p, limit, false);
                    if (r == MessageRecordLayout.CHECK_BLANK) {
                        p = -1;
                        break;
                    }
                    if (r < 0) {
                        return;
                    }
                    p = followOne(b, p);
                }
                at = p < 0 ? rollNextFile(at) : at + p;
                if (p == 0) {
                    return;
                }
            } finally {
                sel.release();
            }
        }
    }

    /** PREPARED and ROLLBACK records get queue offset 0 and no ConsumeQueue entry. */
    public static boolean isDispatched(int sysFlag) {
        int t = SysFlag.transactionType(sysFlag);
        return t == SysFlag.TRANSACTION_NOT_TYPE || t == SysFlag.TRANSACTION_COMMIT_TYPE;
    }

    /** Under the put lock: the segment to append {@code size} bytes to, writing the blank marker and rolling if needed. */
    private Segment segmentWithRoom(int size) {
        Segment seg = lastForAppend();
        int remaining = seg.size() - seg.wrote();
        if (size + MessageRecordLayout.END_FILE_MIN_BLANK_LENGTH > remaining) {
            checkSpaceForNextFile();
            MessageRecordLayout.encodeBlank(seg.appendBuffer(), seg.wrote(), remaining);
            seg.advanceWrote(seg.size());
            seg = lastForAppend();
        }
        return seg;
    }

    private void checkSpaceForNextFile() {
        long free = usableBytes.getAsLong();
        if (free < log.segmentSize()) {
            throw new NoSpaceException("only " + free + " bytes free on the CommitLog disk; a new CommitLog file needs "
                + log.segmentSize() + ". Free disk space or lower fileReservedTime");
        }
    }

    private Segment lastForAppend() {
        return lastForAppend(0);
    }

    /** The last segment if it has room, else a new one (starting at the file boundary of {@code startIfEmpty}). */
    private Segment lastForAppend(long startIfEmpty) {
        Segment last = log.last();
        if (last != null && !last.isFull()) {
            return last;
        }
        checkSpaceForNextFile();
        Segment created = log.lastForAppend(startIfEmpty);
        if (pool != null) {
            ByteBuffer wb = pool.borrow();
            if (wb != null) {
                log.attachWriteBuffer(created, wb);
            }
        }
        return created;
    }

    /** The record at a physical offset: its size is read from the record (retained slice), or null. */
    public SelectedBytes selectRecord(long physicalOffset) {
        SelectedBytes head = log.select(physicalOffset, 8);
        if (head == null) {
            return null;
        }
        int size;
        int magic;
        try {
            size = head.buffer().getInt(0);
            magic = head.buffer().getInt(4);
        } finally {
            head.release();
        }
        if (magic != MessageRecordLayout.MAGIC_V1 && magic != MessageRecordLayout.MAGIC_V2 || size <= 0) {
            return null;
        }
        return select(physicalOffset, size);
    }

    /** Exactly {@code size} readable bytes at {@code physicalOffset}, retained, or null. */
    public SelectedBytes select(long physicalOffset, int size) {
        SelectedBytes s = log.select(physicalOffset, size);
        if (s != null && s.size() < size) {
            s.release();
            return null;
        }
        return s;
    }

    /** Everything readable from {@code physicalOffset} to the end of its file's committed bytes (dispatch, recovery). */
    public SelectedBytes selectFrom(long physicalOffset) {
        return log.select(physicalOffset, Integer.MAX_VALUE);
    }

    public long minOffset() {
        return log.minOffset();
    }

    public long maxOffset() {
        return log.maxOffset();
    }

    /** Offset of the first byte of the file after the one holding {@code offset}. */
    public long rollNextFile(long offset) {
        int size = log.segmentSize();
        return offset + size - offset % size;
    }

    /**
     * How long the current holder of the put lock has held it, in ms (0 while nobody holds it): RocketMQ's
     * {@code pageCacheLockTimeMills}, which grows when appends stall on page faults or a slow disk.
     */
    public long putLockHeldMillis() {
        long since = lockedAtNanos;
        if (since == NOT_HELD) {
            return 0;
        }
        return Math.max(0, java.util.concurrent.TimeUnit.NANOSECONDS.toMillis(clock.nanos() - since));
    }

    private void lockPut() {
        putLock.lock();
        lockedAtNanos = clock.nanos();
    }

    private void unlockPut() {
        lockedAtNanos = NOT_HELD;
        putLock.unlock();
    }

    /** Runs {@code action} holding the put lock (shutdown and tests that need a quiescent log). */
    public void underPutLock(Runnable action) {
        lockPut();
        try {
            action.run();
        } finally {
            unlockPut();
        }
    }
}
