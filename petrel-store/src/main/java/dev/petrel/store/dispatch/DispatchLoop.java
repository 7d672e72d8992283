package dev.petrel.store.dispatch;

import dev.petrel.common.concurrent.LoopThread;
import dev.petrel.common.time.Clock;
import dev.petrel.message.MessageRecordLayout;
import dev.petrel.message.PropertiesCodec;
import dev.petrel.message.PropertyNames;
import dev.petrel.message.SysFlag;
import dev.petrel.message.TagCode;
import dev.petrel.store.DelayLevels;
import dev.petrel.store.DispatchListener;
import dev.petrel.store.PutStatus;
import dev.petrel.store.commitlog.CommitLog;
import dev.petrel.store.consumequeue.ConsumeQueue;
import dev.petrel.store.consumequeue.ConsumeQueueTable;
import dev.petrel.store.file.SelectedBytes;
import dev.petrel.store.gate.CommitGate;
import dev.petrel.store.index.IndexService;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.FutureTask;
import java.util.concurrent.TimeUnit;
import java.util.function.LongFunction;

/**
 * Follows the CommitLog and builds ConsumeQueue entries and index keys (RocketMQ's ReputMessageService). The thread
 * {@code petrel-store-dispatch} is the single writer of every ConsumeQueue and IndexFile. It is woken by whoever
 * makes new CommitLog bytes visible (the append path under ASYNC_FLUSH, the commit loop with the transient pool, the
 * group-commit loop under SYNC_FLUSH) and sleeps otherwise, so an entry appears within microseconds of the bytes it
 * points to becoming readable.
 *
 * <p>Reads only up to the commit gate's confirmed offset: the committed position under ASYNC_FLUSH, the flushed
 * position under SYNC_FLUSH, what replicas acknowledged for a replicated log (so nothing that can still be taken back
 * is ever visible to consumers).
 *
 * <p>It also acknowledges puts: as it passes the end of a record whose put waits in {@link PendingAcks}, it completes
 * that put's future (a batch of them per pass, in offset order, on this thread), so a put is answered only once its
 * message is in max offsets and pulls. Puts the gate does not confirm within its timeout are answered with the
 * gate's timeout status.
 */
public final class DispatchLoop extends LoopThread {

    private static final Logger LOG = LoggerFactory.getLogger(DispatchLoop.class);
    private static final long IDLE_PARK_NANOS = TimeUnit.MILLISECONDS.toNanos(100);

    private final CommitLog commitLog;
    private final ConsumeQueueTable queues;
    private final IndexService index;
    private final DelayLevels delayLevels;
    private final CommitGate gate;
    private final PendingAcks acks;
    private final Clock waitClock;
    private final LongFunction<CommitGate.Outcome> timedOut;
    private final List<DispatchListener> listeners = new CopyOnWriteArrayList<>();
    /** Work other threads hand to this thread (truncation), run between passes. */
    private final ConcurrentLinkedQueue<FutureTask<Void>> commands = new ConcurrentLinkedQueue<>();
    private volatile boolean running;
    private volatile long dispatchedTo;
    private volatile long lastDispatchedTimestamp;
    private volatile boolean parked;
    private boolean reportedCorruption;

    /**
     * @param index     null when {@code messageIndexEnable} is false
     * @param waitClock real time, for put latencies and gate timeouts
     */
    public DispatchLoop(CommitLog commitLog, ConsumeQueueTable queues, IndexService index, DelayLevels delayLevels,
                        CommitGate gate, PendingAcks acks, Clock waitClock) {
        super("petrel-store-dispatch");
        this.commitLog = commitLog;
        this.queues = queues;
        this.index = index;
        this.delayLevels = delayLevels;
        this.gate = gate;
        this.acks = acks;
        this.waitClock = waitClock;
        this.timedOut = gate::timedOut;
    }

    public void addListener(DispatchListener l) {
        listeners.add(l);
    }

    public long dispatchedTo() {
        return dispatchedTo;
    }

    public void setDispatchedTo(long offset) {
        this.dispatchedTo = offset;
    }

    /** Store time of the last record whose ConsumeQueue entry was written. */
    public long lastDispatchedTimestamp() {
        return lastDispatchedTimestamp;
    }


    /** Called after new CommitLog bytes became visible; cheap when the loop is busy. */
    @Override
    public void wake() {
        if (parked) {
            super.wake();
        }
    }

    /**
     * Runs {@code task} on the dispatch thread between two passes and waits for it (the thread that writes the
     * ConsumeQueues, the index and consumes the pending acks is the one that must cut them); inline when the loop is
     * not running.
     */
    public void runOnLoop(Runnable task) {
        FutureTask<Void> f = new FutureTask<>(task, null);
        if (!running) {
            f.run();
        } else {
            commands.add(f);
            super.wake();
        }
        try {
            f.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while waiting for the dispatch thread", e);
        } catch (java.util.concurrent.ExecutionException e) {
            if (e.getCause() instanceof RuntimeException r) {
                throw r;
            }
            throw new IllegalStateException(e.getCause());
        }
    }

    private void runCommands() {
        FutureTask<Void> f;
        while ((f = commands.poll()) != null) {
            f.run();
        }
    }

    /**
     * Takes the puts waiting for records that end after {@code offset} out of the pending acks (dispatch thread,
     * appends excluded); the caller answers them once the put lock is released.
     */
    public List<PendingAcks.Cut> cutPendingAfter(long offset, PutStatus status, String reason) {
        return acks.cutAfter(offset, status, reason);
    }

    @Override
    public void run() {
        running = true;
        while (isRunning()) {
            runCommands();
            long before = dispatchedTo;
            try {
                dispatchAvailable(true);
            } catch (RuntimeException e) {
                LOG.error("dispatch failed at CommitLog offset {}; retrying", dispatchedTo, e);
                park(TimeUnit.MILLISECONDS.toNanos(100));
            }
            long parkNanos = expireUnconfirmed();
            if (dispatchedTo == before) {
                parked = true;
                // Re-checked after announcing the park: an appender publishes its ack, then looks at `parked`.
                if (isRunning() && dispatchedTo >= gate.confirmedOffset() && acks.completeUpTo(dispatchedTo,
                    waitClock.nanos()) == 0) {
                    park(parkNanos);
                }
                parked = false;
            }
        }
        running = false;
        runCommands();
    }

    /** Answers puts the gate did not confirm in time; returns how long the loop may park before the next expiry. */
    private long expireUnconfirmed() {
        long timeoutMillis = gate.timeoutMillis();
        if (timeoutMillis == Long.MAX_VALUE || acks.isEmpty()) {
            return IDLE_PARK_NANOS;
        }
        long timeoutNanos = TimeUnit.MILLISECONDS.toNanos(timeoutMillis);
        long now = waitClock.nanos();
        long oldest = acks.oldestAppendedNanos();
        if (oldest != -1 && oldest - (now - timeoutNanos) < 0) {
            acks.expire(now - timeoutNanos, gate.confirmedOffset(), timedOut);
            oldest = acks.oldestAppendedNanos();
        }
        return oldest == -1 ? IDLE_PARK_NANOS : Math.max(1, Math.min(IDLE_PARK_NANOS, oldest + timeoutNanos - now));
    }

    /**
     * Dispatches every complete record between {@link #dispatchedTo()} and the confirm offset (the loop, and
     * recovery on the starting thread). Returns the number of records dispatched.
     */
    public int dispatchAvailable(boolean notify) {
        int count = 0;
        long confirm = gate.confirmedOffset();
        while (dispatchedTo < confirm) {
            long from = dispatchedTo;
            SelectedBytes sel = commitLog.selectFrom(from);
            if (sel == null) {
                if (commitLog.log().segmentFor(from) == null && from < commitLog.minOffset()) {
                    dispatchedTo = commitLog.minOffset(); // files deleted under us: skip to what exists
                    continue;
                }
                break;
            }
            try {
                ByteBuffer buf = sel.buffer();
                int p = 0;
                int limit = buf.limit();
                while (p + 8 <= limit && from + p < confirm) {
                    int size = MessageRecordLayout.totalSize(buf, p);
                    int magic = MessageRecordLayout.magic(buf, p);
                    if (magic == MessageRecordLayout.BLANK_MAGIC) {
                        dispatchedTo = commitLog.rollNextFile(from + p);
                        p = -1;
                        break;
                    }
                    if ((magic != MessageRecordLayout.MAGIC_V1 && magic != MessageRecordLayout.MAGIC_V2)
                        || size < MessageRecordLayout.MIN_RECORD_SIZE) {
                        if (!reportedCorruption) {
                            reportedCorruption = true;
                            LOG.error("unreadable record at CommitLog offset {} (magic {}, size {}); dispatch stops here",
                                from + p, Integer.toHexString(magic), size);
                        }
                        return count;
                    }
                    if (p + size > limit || from + p + size > confirm) {
                        break;
                    }
                    dispatchRecord(buf, p, from + p, size, notify);
                    count++;
                    p += size;
                    dispatchedTo = from + p;
                }
                if (p >= 0 && dispatchedTo == from) {
                    break; // nothing complete yet
                }
            } finally {
                sel.release();
            }
            if (!acks.isEmpty()) {
                acks.completeUpTo(dispatchedTo, waitClock.nanos()); // per file's worth: a backlog does not delay early acks
            }
        }
        if (!acks.isEmpty()) {
            acks.completeUpTo(dispatchedTo, waitClock.nanos()); // acks of records dispatched before they were offered
        }
        return count;
    }

    private void dispatchRecord(ByteBuffer buf, int at, long phys, int size, boolean notify) {
        int sysFlag = MessageRecordLayout.sysFlag(buf, at);
        int txType = SysFlag.transactionType(sysFlag);
        MessageRecordLayout.Sections s = MessageRecordLayout.sections(buf, at);
        String topic = utf8(buf, at + s.topicOffset(), s.topicLength());
        String props = utf8(buf, at + s.propertiesOffset(), s.propertiesLength());
        long storeTimestamp = MessageRecordLayout.storeTimestamp(buf, at);
        if (CommitLog.isDispatched(sysFlag)) {
            int queueId = MessageRecordLayout.queueId(buf, at);
            long queueOffset = MessageRecordLayout.queueOffset(buf, at);
            long tagCode = TagCode.of(PropertiesCodec.find(props, PropertyNames.TAGS));
            if (DelayLevels.SCHEDULE_TOPIC.equals(topic)) {
                tagCode = delayLevels.tagSlot(PropertiesCodec.find(props, PropertyNames.DELAY_TIME_LEVEL), storeTimestamp, tagCode);
            }
            ConsumeQueue cq = queues.findOrCreate(topic, queueId);
            cq.put(queueOffset, phys, size, tagCode);
            lastDispatchedTimestamp = storeTimestamp;
            if (notify && !listeners.isEmpty()) {
                Map<String, String> map = PropertiesCodec.decode(props);
                for (DispatchListener l : listeners) {
                    try {
                        l.onDispatched(topic, queueId, queueOffset, tagCode, storeTimestamp, map);
                    } catch (RuntimeException e) {
                        LOG.warn("dispatch listener {} failed", l, e);
                    }
                }
            }
        }
        if (index != null && txType != SysFlag.TRANSACTION_ROLLBACK_TYPE) {
            index.add(topic, PropertiesCodec.find(props, PropertyNames.KEYS),
                PropertiesCodec.find(props, PropertyNames.UNIQ_CLIENT_MESSAGE_ID_KEYIDX), phys, storeTimestamp);
        }
    }

    private static String utf8(ByteBuffer buf, int at, int length) {
        byte[] b = new byte[length];
        buf.get(at, b);
        return new String(b, StandardCharsets.UTF_8);
    }

    public void stop() throws InterruptedException {
        stopThread();
    }
}
