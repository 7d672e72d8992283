package dev.petrel.store;

import dev.petrel.common.config.Config;
import dev.petrel.common.time.Clock;
import dev.petrel.message.MessageDraft;
import dev.petrel.message.MessageRecordLayout;
import dev.petrel.message.PropertiesCodec;
import dev.petrel.message.PropertyNames;
import dev.petrel.store.checkpoint.Checkpoint;
import dev.petrel.store.cleanup.CleanLoop;
import dev.petrel.store.cleanup.CleanPolicy;
import dev.petrel.store.cleanup.DiskUsage;
import dev.petrel.store.commitlog.CommitLog;
import dev.petrel.store.commitlog.TransientStorePool;
import dev.petrel.store.consumequeue.ConsumeQueue;
import dev.petrel.store.consumequeue.ConsumeQueueTable;
import dev.petrel.store.dispatch.DispatchLatency;
import dev.petrel.store.dispatch.DispatchLoop;
import dev.petrel.store.dispatch.PendingAcks;
import dev.petrel.store.gate.AsyncFlushGate;
import dev.petrel.store.gate.CommitGate;
import dev.petrel.store.gate.SyncFlushGate;
import dev.petrel.store.file.SegmentedLog;
import dev.petrel.store.file.SelectedBytes;
import dev.petrel.store.file.StoreFileFactory;
import dev.petrel.store.flush.CommitLoop;
import dev.petrel.store.flush.FlushLoop;
import dev.petrel.store.flush.LogicFlushLoop;
import dev.petrel.store.index.IndexService;
import dev.petrel.store.read.MessageReader;
import dev.petrel.store.recovery.StoreLock;
import dev.petrel.store.recovery.StoreRecovery;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.time.ZoneId;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.LongSupplier;
import java.util.function.UnaryOperator;

/**
 * The store on local files: the one wiring class of petrel-store. Builds the parts, recovers them, starts the
 * loops, and routes the {@link MessageStore} calls.
 *
 * <p>Threads (each the single writer of what it owns; see docs/storage.md):
 * <ul>
 *   <li>callers of {@link #putMessage}: serialised by the CommitLog put lock, writers of the CommitLog bytes and the
 *   queue-offset table;</li>
 *   <li>{@code petrel-store-commit} (transient pool only): commits write buffers to the files;</li>
 *   <li>{@code petrel-store-flush} (ASYNC) or {@code petrel-store-group-commit} (SYNC): forces the CommitLog;</li>
 *   <li>{@code petrel-store-dispatch}: writes ConsumeQueues and IndexFiles;</li>
 *   <li>{@code petrel-store-logic-flush}: forces ConsumeQueues and index, writes the checkpoint;</li>
 *   <li>{@code petrel-store-clean}: deletes expired files, marks the disk full.</li>
 * </ul>
 */
public final class LocalMessageStore implements MessageStore {

    private static final int SHUTDOWN_DISPATCH_WAITS = 30_000;
    /** Outstanding acknowledgements before appenders wait (a power of two). */
    private static final int PENDING_ACKS = 1 << 16;
    /** A put that does not wait (WAIT_STORE_MSG_OK=false): answered as stored. */
    private static final CommitGate.Outcome NO_WAIT = new CommitGate.Outcome(PutStatus.PUT_OK, null);

    private static final Logger LOG = LoggerFactory.getLogger(LocalMessageStore.class);

    private final StoreConfig.Settings settings;
    private final Clock clock;
    private final StoreFileFactory files;
    private final StoreLock lock;
    private final TransientStorePool pool;
    private final CommitLog commitLog;
    private final ConsumeQueueTable queues;
    private final IndexService index;
    private final DispatchLoop dispatch;
    private final MessageReader reader;
    private final CleanLoop clean;
    private final Clock waitClock;
    private final CommitGate gate;
    private final PendingAcks acks;
    private final DispatchLatency ackLatency = new DispatchLatency();
    private volatile Checkpoint checkpoint;
    private FlushLoop flush;
    private CommitLoop commit;
    private LogicFlushLoop logicFlush;
    private volatile boolean started;
    private volatile boolean stopped;
    private final LongAdder puts = new LongAdder();
    private final LongAdder putBytes = new LongAdder();
    private final LongAdder gets = new LongAdder();
    private final LongAdder gotMessages = new LongAdder();
    private final List<LongSupplier> retentionFloors = new CopyOnWriteArrayList<>();

    /** A store whose timestamps and waits both follow {@code clock}. */
    public LocalMessageStore(StoreConfig.Settings settings, Clock clock, StoreFileFactory files, DiskUsage disk) {
        this(settings, clock, clock, files, disk);
    }

    /** A store with the local gate of its flush mode (no replication). */
    public LocalMessageStore(StoreConfig.Settings settings, Clock clock, Clock waitClock, StoreFileFactory files,
                             DiskUsage disk) {
        this(settings, clock, waitClock, files, disk, UnaryOperator.identity());
    }

    /**
     * @param clock     store timestamps and file retention (the broker's schedule clock)
     * @param waitClock real time: how long a put waits for its gate, put-to-visible latencies
     * @param gateWrapper wraps the local gate of the flush mode ({@link SyncFlushGate} / {@link AsyncFlushGate}) into
     *                  the gate the store uses: identity for a single broker, a replication gate that also waits for
     *                  replicas' acknowledgements (it should confirm at most what the local gate confirms)
     */
    public LocalMessageStore(StoreConfig.Settings settings, Clock clock, Clock waitClock, StoreFileFactory files,
                             DiskUsage disk, UnaryOperator<CommitGate> gateWrapper) {
        this.settings = settings;
        this.clock = clock;
        this.waitClock = waitClock;
        this.files = files;
        this.lock = new StoreLock(settings.rootDir());
        this.pool = settings.transientStorePoolEnable() && !settings.syncFlush()
            ? new TransientStorePool(settings.transientStorePoolSize(), settings.commitLogFileSize()) : null;
        this.acks = new PendingAcks(PENDING_ACKS, ackLatency, this::wakeDispatch);
        this.commitLog = new CommitLog(new SegmentedLog(settings.commitLogDir(), settings.commitLogFileSize(), files), clock,
            settings.maxMessageSize(), pool, () -> disk.usableBytes(settings.commitLogDir()), this::awaitVisible);
        this.gate = gateWrapper.apply(settings.syncFlush()
            ? new SyncFlushGate(commitLog, settings.syncFlushTimeout(), ts -> checkpoint.setPhysicMsgTimestamp(ts))
            : new AsyncFlushGate(commitLog, pool == null ? null : this::wakeCommitLoop));
        this.queues = new ConsumeQueueTable(settings.consumeQueueDir(), settings.consumeQueueFileSize(), files);
        this.index = settings.messageIndexEnable()
            ? new IndexService(settings.indexDir(), settings.maxHashSlotNum(), settings.maxIndexNum(), files, clock) : null;
        this.dispatch = new DispatchLoop(commitLog, queues, index, settings.delayLevels(), gate, acks, waitClock);
        this.reader = new MessageReader(commitLog, queues, index, settings.maxTransferBytes(), settings.maxTransferCount(),
            settings.maxMsgsNumBatch(), this::confirmOffset);
        this.clean = new CleanLoop(commitLog, queues, index, new CleanPolicy(settings.deleteWhen(),
            settings.diskMaxUsedSpaceRatio(), settings.diskSpaceCleanForciblyRatio(), settings.diskSpaceWarningLevelRatio(),
            settings.cleanFileForciblyEnable()), disk, settings.commitLogDir(), clock, ZoneId.systemDefault(),
            settings.fileReservedTimeHours(), settings.deleteFileBatchMax(), settings.cleanResourceInterval(),
            this::cleanableBelow);
    }

    /** The ack sink of the CommitLog: under the put lock, in CommitLog order. */
    private void awaitVisible(PutResult r, CompletableFuture<PutResult> ack) {
        if (!acks.offer(r.physicalOffset() + r.recordSize(), waitClock.nanos(), r, ack)) {
            ack.complete(r); // stopping: the shutdown answers what is confirmed by then; this one is at least stored
        }
    }

    private void wakeDispatch() {
        dispatch.wake();
    }

    private void wakeCommitLoop() {
        CommitLoop c = commit;
        if (c != null) {
            c.wake();
        }
    }

    /** A store on memory-mapped files and the real file system, configured from {@link StoreConfig#DEF}. */
    public static LocalMessageStore open(Config config, Clock clock) {
        return open(config, clock, clock);
    }

    /** As {@link #open(Config, Clock)}, with a separate real-time clock for waits (see the constructor). */
    public static LocalMessageStore open(Config config, Clock clock, Clock waitClock) {
        return open(config, clock, waitClock, UnaryOperator.identity());
    }

    /** As {@link #open(Config, Clock, Clock)}, with the local gate wrapped by a replication's (see the constructor). */
    public static LocalMessageStore open(Config config, Clock clock, Clock waitClock,
                                         UnaryOperator<CommitGate> gateWrapper) {
        return new LocalMessageStore(StoreConfig.Settings.of(config), clock, waitClock, StoreFileFactory.mapped(),
            DiskUsage.fileSystem(), gateWrapper);
    }

    /** CommitLog files ending at or below this may be cleaned: dispatched, and below every retention floor. */
    private long cleanableBelow() {
        long bound = dispatch.dispatchedTo();
        for (LongSupplier floor : retentionFloors) {
            bound = Math.min(bound, floor.getAsLong());
        }
        return bound;
    }

    /** Where consumers may read up to: the gate's confirmed offset. */
    private long confirmOffset() {
        return gate.confirmedOffset();
    }

    @Override
    public synchronized void start() {
        if (started) {
            return;
        }
        boolean abnormal = lock.lastExitWasAbnormal();
        lock.acquire();
        try {
            commitLog.log().load();
            queues.load();
            if (index != null) {
                index.load();
            }
            checkpoint = Checkpoint.open(settings.rootDir().resolve("checkpoint"), files);
        } catch (IOException e) {
            lock.releaseOnly();
            throw new UncheckedIOException("cannot load the store in " + settings.rootDir(), e);
        }
        StoreRecovery.Outcome outcome = StoreRecovery.recover(commitLog, queues, index, checkpoint.values(), abnormal,
            settings.checkCrcOnRecover());
        dispatch.setDispatchedTo(outcome.dispatchFrom());
        int redispatched = dispatch.dispatchAvailable(false);
        if (redispatched > 0) {
            LOG.info("re-dispatched {} records after recovery", redispatched);
        }
        long min = commitLog.minOffset();
        for (ConsumeQueue cq : queues.all()) {
            commitLog.queueOffsets().set(cq.topic(), cq.queueId(), cq.maxOffset());
            cq.correctMinOffset(min);
        }
        // Records the gate has not confirmed yet (a replica's tail beyond its known commit point) are in no
        // ConsumeQueue; their queue offsets are taken, so a promoted replica must continue after them.
        commitLog.followQueueOffsets(dispatch.dispatchedTo(), commitLog.maxOffset());
        logicFlush = new LogicFlushLoop(queues, index, dispatch, checkpoint, settings.flushIntervalConsumeQueue());
        logicFlush.flushOnce();
        gate.start(dispatch::wake);
        if (!settings.syncFlush()) {
            flush = new FlushLoop(commitLog, checkpoint, clock, settings.flushIntervalCommitLog(),
                settings.flushCommitLogLeastPages(), settings.flushCommitLogThoroughInterval());
            flush.start();
            if (pool != null) {
                commit = new CommitLoop(commitLog, pool, () -> {
                    dispatch.wake();
                    flush.wake();
                }, settings.commitIntervalCommitLog());
                commit.start();
            }
        }
        dispatch.start();
        logicFlush.start();
        clean.start();
        started = true;
    }

    @Override
    public CompletableFuture<PutResult> putMessage(MessageDraft message) {
        if (!started || stopped) {
            return CompletableFuture.completedFuture(notRunning());
        }
        CommitGate.Outcome now = waitsForFlush(message.properties()) ? gate.admit() : NO_WAIT;
        CompletableFuture<PutResult> ack = now == null ? new CompletableFuture<>() : null;
        return afterAppend(commitLog.append(message, ack), ack, now);
    }

    @Override
    public CompletableFuture<PutResult> putMessages(List<MessageDraft> batch) {
        if (!started || stopped) {
            return CompletableFuture.completedFuture(notRunning());
        }
        CommitGate.Outcome now = batch.isEmpty() || waitsForFlush(batch.get(0).properties()) ? gate.admit() : NO_WAIT;
        CompletableFuture<PutResult> ack = now == null ? new CompletableFuture<>() : null;
        return afterAppend(commitLog.appendBatch(batch, ack), ack, now);
    }

    private PutResult notRunning() {
        return PutResult.refused(PutStatus.SERVICE_NOT_AVAILABLE, stopped ? "the store is shutting down" : "the store is not started");
    }

    private static boolean waitsForFlush(String properties) {
        return !"false".equals(PropertiesCodec.find(properties, PropertyNames.WAIT_STORE_MSG_OK));
    }

    /**
     * @param ack the future the dispatcher completes once the record is visible, or null when the put is answered now
     * @param now null when waiting; else how to answer at once (NO_WAIT: as stored)
     */
    private CompletableFuture<PutResult> afterAppend(PutResult r, CompletableFuture<PutResult> ack, CommitGate.Outcome now) {
        if (!r.isOk()) {
            return CompletableFuture.completedFuture(r);
        }
        puts.add(r.messageCount());
        putBytes.add(r.recordSize());
        gate.appended(r.physicalOffset() + r.recordSize());
        if (ack != null) {
            return ack;
        }
        return CompletableFuture.completedFuture(now == NO_WAIT ? r : r.withStatus(now.status(), now.reason()));
    }

    @Override
    public ReplicaAppend appendRecords(long physicalOffset, ByteBuffer records) {
        if (!started || stopped) {
            return new ReplicaAppend(ReplicaAppend.Status.NOT_ACCEPTED, notRunning().reason(), commitLog.maxOffset(), 0);
        }
        ReplicaAppend r = commitLog.appendRecords(physicalOffset, records, true);
        if (r.isAppended()) {
            putBytes.add(records.remaining());
            puts.add(r.records());
            gate.appended(r.maxOffset());
        } else {
            LOG.warn("replicated append at {} refused: {} {}", physicalOffset, r.status(), r.reason());
        }
        return r;
    }

    @Override
    public synchronized void truncate(long physicalOffset) {
        if (!started || stopped) {
            throw new IllegalStateException("the store is not running");
        }
        if (physicalOffset < commitLog.minOffset()) {
            throw new IllegalArgumentException("cannot truncate the CommitLog to " + physicalOffset + ", below its min "
                + "offset " + commitLog.minOffset());
        }
        if (physicalOffset < confirmOffset()) {
            LOG.warn("truncating to {}, below the confirmed offset {}: readers may have seen the records cut",
                physicalOffset, confirmOffset());
        }
        if (physicalOffset >= commitLog.maxOffset()) {
            return;
        }
        List<PendingAcks.Cut> cut = new java.util.ArrayList<>();
        // The put lock keeps appenders out; the dispatch thread, single writer of ConsumeQueues, index and the
        // consumer of the pending acks, does the cut.
        commitLog.underPutLock(() -> dispatch.runOnLoop(() -> {
            cut.addAll(dispatch.cutPendingAfter(physicalOffset, PutStatus.NOT_LEADER,
                "the record was not confirmed and the log was truncated (leadership lost)"));
            long redispatchFrom = Math.min(dispatch.dispatchedTo(), physicalOffset);
            for (ConsumeQueue cq : queues.all()) {
                cq.truncateDirty(physicalOffset);
            }
            if (index != null) {
                redispatchFrom = Math.min(redispatchFrom, index.dropFilesBeyond(physicalOffset, commitLog.minOffset()));
            }
            commitLog.truncateTo(physicalOffset);
            gate.truncated(physicalOffset);
            dispatch.setDispatchedTo(Math.max(redispatchFrom, commitLog.minOffset()));
            commitLog.queueOffsets().clear();
            for (ConsumeQueue cq : queues.all()) {
                commitLog.queueOffsets().set(cq.topic(), cq.queueId(), cq.maxOffset());
            }
            commitLog.followQueueOffsets(dispatch.dispatchedTo(), physicalOffset);
        }));
        cut.forEach(PendingAcks.Cut::complete);
        // Index files holding cut entries were dropped whole: wait until the kept records are indexed again, so the
        // call returns with the store consistent (counted waits, as in shutdown).
        long target = Math.min(confirmOffset(), physicalOffset);
        for (int waits = 0; waits < SHUTDOWN_DISPATCH_WAITS && dispatch.dispatchedTo() < target; waits++) {
            dispatch.wake();
            java.util.concurrent.locks.LockSupport.parkNanos(1_000_000);
        }
        LOG.warn("CommitLog truncated to {}: {} waiting puts answered NOT_LEADER", physicalOffset, cut.size());
    }

    @Override
    public long confirmedOffset() {
        return confirmOffset();
    }

    @Override
    public StoreRole role() {
        return commitLog.role();
    }

    @Override
    public void setRole(StoreRole role) {
        StoreRole before = commitLog.role();
        commitLog.setRole(role);
        if (before != role) {
            LOG.info("store role {} -> {}", before, role);
        }
    }

    @Override
    public StoredRecord readForReplication(long physicalOffset, int maxLength) {
        return reader.forReplication(physicalOffset, maxLength);
    }

    @Override
    public GetResult getMessage(String topic, int queueId, long offset, int maxCount, int maxBytes, MessageFilter filter) {
        GetResult r = reader.get(topic, queueId, offset, maxCount, maxBytes, filter);
        gets.increment();
        gotMessages.add(r.messageCount());
        return r;
    }

    @Override
    public StoredRecord lookMessageByOffset(long physicalOffset) {
        return reader.byPhysicalOffset(physicalOffset);
    }

    @Override
    public StoredRecord readBytes(long physicalOffset, int length) {
        return reader.bytes(physicalOffset, length);
    }

    @Override
    public List<Long> queryOffsetsByKey(String topic, String key, int maxNum, long begin, long end) {
        return reader.offsetsByKey(topic, key, maxNum, begin, end);
    }

    @Override
    public List<StoredRecord> queryMessage(String topic, String key, int maxNum, long begin, long end) {
        return reader.byKey(topic, key, maxNum, begin, end);
    }

    @Override
    public long maxOffsetInQueue(String topic, int queueId) {
        ConsumeQueue cq = queues.find(topic, queueId);
        return cq == null ? 0 : cq.maxOffset();
    }

    @Override
    public long minOffsetInQueue(String topic, int queueId) {
        ConsumeQueue cq = queues.find(topic, queueId);
        return cq == null ? 0 : cq.minOffset();
    }

    @Override
    public long offsetInQueueByTime(String topic, int queueId, long timestamp, BoundaryType boundary) {
        return reader.offsetByTime(topic, queueId, timestamp, boundary);
    }

    @Override
    public long messageStoreTimestamp(String topic, int queueId, long queueOffset) {
        return reader.storeTimestamp(topic, queueId, queueOffset);
    }

    @Override
    public long commitLogOffsetInQueue(String topic, int queueId, long queueOffset) {
        return reader.commitLogOffset(topic, queueId, queueOffset);
    }

    @Override
    public long earliestMessageTime() {
        return commitLog.maxOffset() == commitLog.minOffset() ? -1 : reader.storeTimestampAt(commitLog.minOffset());
    }

    @Override
    public long earliestMessageTime(String topic, int queueId) {
        ConsumeQueue cq = queues.find(topic, queueId);
        return cq == null ? -1 : reader.storeTimestamp(topic, queueId, cq.minOffset());
    }

    @Override
    public long commitLogMinOffset() {
        return commitLog.minOffset();
    }

    @Override
    public long commitLogMaxOffset() {
        return commitLog.maxOffset();
    }

    @Override
    public long dispatchedOffset() {
        return dispatch.dispatchedTo();
    }

    @Override
    public void addDispatchListener(DispatchListener listener) {
        dispatch.addListener(listener);
    }

    @Override
    public void deleteTopics(Set<String> topics) {
        commitLog.underPutLock(() -> topics.forEach(t -> {
            queues.remove(t);
            commitLog.queueOffsets().remove(t);
        }));
    }

    @Override
    public Set<String> topics() {
        return queues.topics();
    }

    /**
     * Runs {@code action} holding the CommitLog's put lock, so no append runs meanwhile (maintenance that needs a
     * quiescent log; tests that need a stalled append path). Appends wait for it; keep it short.
     */
    public void underPutLock(Runnable action) {
        commitLog.underPutLock(action);
    }

    @Override
    public long putLockHeldMillis() {
        return commitLog.putLockHeldMillis();
    }

    @Override
    public dev.petrel.store.commitlog.FlushTimes.Snapshot flushTimes() {
        return commitLog.flushTimes().snapshot();
    }

    @Override
    public long flushBehindBytes() {
        return commitLog.flushBehindBytes();
    }

    @Override
    public StoreStats stats() {
        long max = commitLog.maxOffset();
        long confirmed = Math.min(max, confirmOffset());
        return new StoreStats(puts.sum(), putBytes.sum(), gets.sum(), gotMessages.sum(), commitLog.minOffset(),
            max, Math.max(0, max - dispatch.dispatchedTo()), clean.lastDiskRatio(), earliestMessageTime(), clean.diskFull(),
            confirmed, Math.max(0, confirmed - dispatch.dispatchedTo()), acks.size(), ackLatency.count(),
            ackLatency.percentileMicros(0.99), ackLatency.maxMicros());
    }

    @Override
    public long scanRecords(long fromPhysicalOffset, RecordVisitor visitor) {
        long at = Math.max(fromPhysicalOffset, commitLog.minOffset());
        long end = confirmOffset();
        while (at < end) {
            SelectedBytes sel = commitLog.selectFrom(at);
            if (sel == null) {
                return at;
            }
            long next = -1;
            try {
                ByteBuffer buf = sel.buffer();
                int p = 0;
                while (at + p < end && p + 8 <= buf.limit()) {
                    int magic = MessageRecordLayout.magic(buf, p);
                    if (magic == MessageRecordLayout.BLANK_MAGIC) {
                        next = commitLog.rollNextFile(at + p);
                        break;
                    }
                    int size = MessageRecordLayout.totalSize(buf, p);
                    if ((magic != MessageRecordLayout.MAGIC_V1 && magic != MessageRecordLayout.MAGIC_V2)
                        || size < MessageRecordLayout.MIN_RECORD_SIZE || p + size > buf.limit()) {
                        return at + p;
                    }
                    if (!visitor.visit(at + p, buf.slice(p, size).asReadOnlyBuffer())) {
                        return at + p + size;
                    }
                    p += size;
                }
                if (next < 0) {
                    if (p == 0) {
                        return at;
                    }
                    next = at + p;
                }
            } finally {
                sel.release();
            }
            at = next;
        }
        return at;
    }

    @Override
    public void addRetentionFloor(LongSupplier floor) {
        retentionFloors.add(floor);
    }

    /** The clean loop, for admin triggers and tests that step it. */
    public CleanLoop cleanLoop() {
        return clean;
    }

    @Override
    public synchronized void shutdown() {
        if (!started || stopped) {
            return;
        }
        stopped = true;
        commitLog.setNotWritable("the store is shutting down");
        try {
            clean.stop();
            if (commit != null) {
                commit.stop();
            }
            if (flush != null) {
                flush.stop();
            }
            gate.stop(true);
            // Give the dispatcher up to ~30 s of 1 ms waits to catch up; counted, not timed, so a stepped test
            // clock cannot stall a shutdown.
            for (int waits = 0; waits < SHUTDOWN_DISPATCH_WAITS && dispatch.dispatchedTo() < confirmOffset(); waits++) {
                dispatch.wake();
                java.util.concurrent.locks.LockSupport.parkNanos(1_000_000);
            }
            boolean caughtUp = dispatch.dispatchedTo() >= confirmOffset();
            dispatch.stop();
            answerPending();
            logicFlush.stop();
            logicFlush.flushOnce();
            closeFiles();
            if (caughtUp) {
                lock.releaseClean();
            } else {
                LOG.warn("dispatch did not catch up before shutdown; the next start recovers as after a crash");
                lock.releaseOnly();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            lock.releaseOnly();
        }
    }

    /**
     * Stops every thread without flushing anything and leaves the abort file, as a crash would: for crash tests in
     * one process (with a file layer that drops unforced bytes) and for emergency stops.
     */
    public synchronized void halt() {
        if (!started || stopped) {
            return;
        }
        stopped = true;
        commitLog.setNotWritable("the store was halted");
        try {
            clean.stop();
            dispatch.stop();
            logicFlush.stop();
            if (commit != null) {
                commit.stop(false);
            }
            if (flush != null) {
                flush.stop(false);
            }
            gate.stop(false);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        answerPending();
        closeFiles();
        lock.releaseOnly();
    }

    /**
     * After the dispatcher stopped: answers the puts still waiting. Confirmed ones are stored for good (visible
     * after the next start) and answered with their result; the rest with the gate's timeout outcome.
     */
    private void answerPending() {
        acks.close();
        long confirmed = confirmOffset();
        commitLog.underPutLock(() -> {
            if (gate.timeoutMillis() == Long.MAX_VALUE) {
                acks.drain(Long.MAX_VALUE, PutStatus.PUT_OK, null);
            } else {
                CommitGate.Outcome o = gate.timedOut(Long.MAX_VALUE);
                acks.drain(confirmed, o.status(), o.reason());
            }
        });
    }

    private void closeFiles() {
        commitLog.log().close();
        queues.close();
        if (index != null) {
            index.close();
        }
        checkpoint.close();
    }
}
