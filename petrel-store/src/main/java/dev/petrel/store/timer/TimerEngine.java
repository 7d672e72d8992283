package dev.petrel.store.timer;

import dev.petrel.common.time.Clock;
import dev.petrel.message.DecodedMessage;
import dev.petrel.message.MessageDraft;
import dev.petrel.message.MessageFormatException;
import dev.petrel.message.MessageRecordDecoder;
import dev.petrel.message.MessageRecordLayout;
import dev.petrel.message.PropertiesCodec;
import dev.petrel.message.PropertyNames;
import dev.petrel.store.GetResult;
import dev.petrel.store.GetStatus;
import dev.petrel.store.MessageFilter;
import dev.petrel.store.MessageStore;
import dev.petrel.store.PutResult;
import dev.petrel.store.PutStatus;
import dev.petrel.store.StoredRecord;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/**
 * The timer's work, one step at a time: take new timer-topic entries into the {@link TimerIndex} (enqueue), deliver
 * the entries whose time has come (dequeue), and write checkpoints. Stepped by {@link TimerLoop} in production and by
 * tests directly under a {@code ManualClock}.
 *
 * <p>Progress: {@code enqueued} is the next timer-queue offset to take; {@code deliveredUpTo} the start of the slot
 * being delivered (every earlier slot is done). A slot {@code t} holds messages due in {@code (t, t+precision]}; its
 * delivery starts at {@code t} and each message goes out at its own due millisecond; the slot is closed once its
 * window has passed and its chain is empty. Checkpoints are written only between slots, when every delivery made so
 * far is dispatched (so durable as the store's flush policy makes it).
 *
 * <p>After a crash the index is back at the last checkpoint: the timer queue is taken again from the recorded offset,
 * and slots from the recorded position are delivered again, skipping every message whose delivery the CommitLog
 * already holds (found by scanning the records written since the checkpoint). So every acknowledged timer message is
 * delivered, and delivered once.
 *
 * <p>Threading: one thread (the timer thread) calls everything except the gauges read through {@link TimerStats}.
 */
final class TimerEngine {

    private static final Logger LOG = LoggerFactory.getLogger(TimerEngine.class);
    static final int BATCH_LIMIT = 4096;
    private static final int ENQUEUE_PER_STEP = 8192;
    private static final int SLOTS_PER_STEP = 200_000;
    /** Deliveries per step, so a huge slot does not hold up taking new entries. */
    private static final int DELIVERIES_PER_STEP = 10_000;
    /** Waits of 100 µs for the dispatcher before a checkpoint gives up for this slot boundary. */
    private static final int DISPATCH_WAITS = 200;

    private final MessageStore store;
    private final TimerIndex index;
    private final TimerConfig.Settings settings;
    private final Clock clock;
    private final TimerStats stats;
    private final MessageRecordDecoder decoder = new MessageRecordDecoder(false, Integer.MAX_VALUE);
    private final int precision;
    private final long window;
    /** Checkpoint marks: {wall-time bound, log end}; entries below the log end lie in slots before bound + window. */
    private final ArrayDeque<long[]> logMarks = new ArrayDeque<>();

    private long enqueued;
    private long deliveredUpTo;
    private TimerSlotRun run;
    private long maxPutEnd;
    private Set<Long> alreadyDelivered;
    private long alreadyDeliveredUntil;
    /** Where the recovery scan began; kept by checkpoints while {@link #alreadyDelivered} still suppresses repeats. */
    private long suppressionScanFrom;
    private long backlog;
    private long lastCheckpointNanos;
    private long retryPutAfterNanos = Long.MIN_VALUE;
    private volatile long retentionFloor;
    private final Set<String> reported = new HashSet<>();

    TimerEngine(MessageStore store, TimerIndex index, TimerConfig.Settings settings, Clock clock, TimerStats stats) {
        this.store = store;
        this.index = index;
        this.settings = settings;
        this.clock = clock;
        this.stats = stats;
        this.precision = settings.precisionMs();
        this.window = settings.windowMillis();
    }

    // ---- recovery

    /** Opens the index at its last checkpoint and prepares the duplicate check. The store must be started. */
    void recover() {
        TimerCheckpointLayout.Values cp = index.open();
        long now = clock.millis();
        if (cp == null) {
            enqueued = store.minOffsetInQueue(TimerMessages.TIMER_TOPIC, TimerMessages.TIMER_QUEUE);
            long max = store.maxOffsetInQueue(TimerMessages.TIMER_TOPIC, TimerMessages.TIMER_QUEUE);
            deliveredUpTo = Math.floorDiv(now, precision) * precision;
            if (max > enqueued) {
                // Entries an earlier timer took (this node's before its index was lost, or another node's: a replica
                // promoted to master or Raft leader): their deliveries are in the CommitLog, so scan it whole.
                long from = store.commitLogMinOffset();
                LOG.warn("new timer index, but {} takes {} entries of {} queue {} from offset {}: scanning the "
                    + "CommitLog from {} for deliveries an earlier timer made, which are not repeated", index,
                    max - enqueued, TimerMessages.TIMER_TOPIC, TimerMessages.TIMER_QUEUE, enqueued, from);
                suppressionScanFrom = from;
                scanDeliveriesSince(from);
                index.checkpoint(enqueued, deliveredUpTo, alreadyDelivered != null ? from : store.commitLogMaxOffset());
            } else {
                index.checkpoint(enqueued, deliveredUpTo, store.commitLogMaxOffset());
            }
        } else {
            enqueued = cp.enqueuedOffset();
            deliveredUpTo = cp.deliveredUpTo();
            suppressionScanFrom = cp.scanFrom();
            scanDeliveriesSince(cp.scanFrom());
        }
        lastCheckpointNanos = clock.nanos();
        logMarks.add(new long[] {Math.max(now, deliveredUpTo) + precision, index.logEnd()});
        backlog = index.slots().entriesFrom(deliveredUpTo);
        retentionFloor = computeRetentionFloor();
        updateGauges(now);
        LOG.info("timer ready: {} pending, taking {} queue 0 from offset {}, delivering from {}{}", backlog,
            TimerMessages.TIMER_TOPIC, enqueued, deliveredUpTo, alreadyDelivered == null ? ""
                : " (" + alreadyDelivered.size() + " deliveries made after the last checkpoint will not be repeated)");
    }

    /** Collects the timer records whose delivery the CommitLog holds beyond {@code from}. */
    private void scanDeliveriesSince(long from) {
        Set<Long> found = new HashSet<>();
        long[] maxDequeue = {Long.MIN_VALUE};
        store.scanRecords(from, (phys, rec) -> {
            long prepared = MessageRecordLayout.preparedTransactionOffset(rec, 0);
            MessageRecordLayout.Sections s = MessageRecordLayout.sections(rec, 0);
            byte[] props = new byte[s.propertiesLength()];
            rec.get(s.propertiesOffset(), props);
            Map<String, String> p = PropertiesCodec.decode(props, 0, props.length);
            byte[] topic = new byte[s.topicLength()];
            rec.get(s.topicOffset(), topic);
            long source = TimerMessages.deliverySource(new String(topic, StandardCharsets.UTF_8), p, prepared);
            if (source >= 0) {
                found.add(source);
                maxDequeue[0] = Math.max(maxDequeue[0], parseOr(p.get(PropertyNames.TIMER_DEQUEUE_MS), Long.MIN_VALUE));
            }
            return true;
        });
        if (!found.isEmpty()) {
            alreadyDelivered = found;
            alreadyDeliveredUntil = Math.floorDiv(Math.max(maxDequeue[0], deliveredUpTo), precision) * precision;
        }
    }

    // ---- stepping

    /** One round of work; returns whether anything was done. */
    boolean step() {
        long now = clock.millis();
        int work = enqueue(ENQUEUE_PER_STEP);
        work += deliverDue(now);
        if (run == null) {
            maybeCheckpoint(false);
        }
        if (clock.nanos() - stats.lastSampleNanos() >= TimeUnit.SECONDS.toNanos(10)
            || stats.lastSampleNanos() == Long.MIN_VALUE) {
            stats.sampleRates(clock.nanos());
        }
        updateGauges(now);
        return work > 0;
    }

    /** When the next step has work, epoch ms (may be in the past). */
    long nextWakeMillis() {
        if (run != null) {
            TimerLogLayout.Entry first = run.batch.peek();
            return first != null ? first.dueMs() : deliveredUpTo + precision;
        }
        return index.slots().isEmpty(deliveredUpTo) ? deliveredUpTo + precision : deliveredUpTo;
    }

    // ---- enqueue

    private int enqueue(int max) {
        int n = 0;
        while (n < max) {
            GetResult g = store.getMessage(TimerMessages.TIMER_TOPIC, TimerMessages.TIMER_QUEUE, enqueued, 32, 1 << 20,
                MessageFilter.ALL);
            try {
                switch (g.status()) {
                    case FOUND -> {
                        for (StoredRecord r : g.records()) {
                            link(r);
                            n++;
                        }
                        enqueued = g.nextBeginOffset();
                    }
                    case OFFSET_TOO_SMALL, OFFSET_FOUND_NULL, MESSAGE_WAS_REMOVING, NO_MATCHED_MESSAGE -> {
                        if (g.nextBeginOffset() <= enqueued) {
                            return n;
                        }
                        reportOnce("skip " + g.status(), "timer queue entries [" + enqueued + ", " + g.nextBeginOffset()
                            + ") could not be read (" + g.status() + "): their CommitLog files were cleaned before the "
                            + "timer took them");
                        enqueued = g.nextBeginOffset();
                    }
                    case OFFSET_OVERFLOW_BADLY -> {
                        reportOnce("overflow", "timer queue offset " + enqueued + " is beyond the queue's end "
                            + g.maxOffset() + " (entries lost in a power failure?); continuing from the end");
                        enqueued = g.maxOffset();
                    }
                    default -> {
                        return n;
                    }
                }
            } finally {
                g.release();
            }
        }
        return n;
    }

    private void link(StoredRecord r) {
        ByteBuffer rec = r.buffer();
        MessageRecordLayout.Sections s = MessageRecordLayout.sections(rec, 0);
        byte[] props = new byte[s.propertiesLength()];
        rec.get(s.propertiesOffset(), props);
        Map<String, String> p = PropertiesCodec.decode(props, 0, props.length);
        long due = TimerMessages.dueMillis(p, MessageRecordLayout.storeTimestamp(rec, 0), precision);
        int kind = TimerMessages.isCancel(p) ? TimerLogLayout.KIND_CANCEL : TimerLogLayout.KIND_MESSAGE;
        linkAt(due, r.physicalOffset(), r.size(), kind);
        if (kind == TimerLogLayout.KIND_MESSAGE) {
            backlog++;
        }
        stats.enqueued();
    }

    /** Links an entry into its slot: overdue ones into the current slot, far ones at the window's end. */
    private void linkAt(long due, long recordOffset, int size, int kind) {
        long slot = Math.max(TimerMessages.slotOf(due, precision), deliveredUpTo);
        long last = deliveredUpTo + window - precision;
        if (slot > last) {
            slot = last;
        }
        long occupant = index.slots().occupant(slot);
        if (occupant != Long.MIN_VALUE && occupant != slot && occupant >= deliveredUpTo) {
            throw new IllegalStateException("timer ring position of slot " + slot + " is still used by slot " + occupant
                + " (ring of " + settings.ringSlots() + " slots)");
        }
        index.link(slot, recordOffset, size, due, kind);
    }

    // ---- dequeue

    private int deliverDue(long now) {
        int work = 0;
        for (int slots = 0; slots < SLOTS_PER_STEP; slots++) {
            if (run == null) {
                if (deliveredUpTo > now) {
                    return work;
                }
                if (index.slots().isEmpty(deliveredUpTo)) {
                    if (now < deliveredUpTo + precision) {
                        return work;
                    }
                    advanceSlot();
                    continue;
                }
                maybeCheckpoint(false);
                startRun();
            }
            if (clock.nanos() < retryPutAfterNanos) {
                return work;
            }
            fillBatch();
            TimerLogLayout.Entry e;
            while ((e = run.batch.peek()) != null && e.dueMs() <= now) {
                if (!deliver(e, now)) {
                    retryPutAfterNanos = clock.nanos() + TimeUnit.MILLISECONDS.toNanos(100);
                    return work;
                }
                run.batch.poll();
                work++;
                if (work >= DELIVERIES_PER_STEP) {
                    return work;
                }
                if (run.batch.isEmpty()) {
                    fillBatch();
                }
            }
            if (!run.batch.isEmpty() || now < deliveredUpTo + precision) {
                return work;
            }
            if (run.corruptLinks() > 0) {
                LOG.error("timer slot {}: {} chain link(s) were unreadable; entries behind them are lost", run.slotTime,
                    run.corruptLinks());
            }
            run = null;
            advanceSlot();
        }
        return work;
    }

    private void advanceSlot() {
        deliveredUpTo += precision;
        if (alreadyDelivered != null && deliveredUpTo > alreadyDeliveredUntil) {
            alreadyDelivered = null;
        }
    }

    private void startRun() {
        run = new TimerSlotRun(deliveredUpTo, index, store.commitLogMaxOffset());
        if (index.slots().hasCancels(deliveredUpTo)) {
            for (long pos = index.slots().lastPos(deliveredUpTo); pos >= 0; ) {
                TimerLogLayout.Entry e = index.read(pos);
                if (e == null) {
                    break;
                }
                if (e.isCancel()) {
                    String key = cancelKey(e);
                    if (key != null) {
                        run.cancelKeys.add(key);
                    }
                }
                pos = e.prev();
            }
        }
    }

    /** Takes chain entries into the batch: cancel markers are noted, entries due beyond the slot are re-linked. */
    private void fillBatch() {
        while (run.batch.size() < BATCH_LIMIT) {
            TimerLogLayout.Entry e = run.next();
            if (e == null) {
                return;
            }
            if (e.isCancel()) {
                String key = cancelKey(e);
                if (key != null) {
                    run.cancelKeys.add(key);
                }
            } else if (e.dueMs() > run.slotTime + precision) {
                linkAt(e.dueMs(), e.recordOffset(), e.size(), e.kind());
                stats.rolled();
            } else {
                run.batch.add(e);
            }
        }
    }

    /** Delivers one entry; false when the store refused it for now (retried later). */
    private boolean deliver(TimerLogLayout.Entry e, long now) {
        if (alreadyDelivered != null && alreadyDelivered.remove(e.recordOffset())) {
            stats.duplicateSuppressed();
            backlog--;
            return true;
        }
        DecodedMessage stored = readTimerRecord(e);
        if (stored == null) {
            stats.unreadable();
            backlog--;
            return true;
        }
        if (!run.cancelKeys.isEmpty()) {
            String uniq = stored.properties().get(PropertyNames.UNIQ_CLIENT_MESSAGE_ID_KEYIDX);
            String realTopic = stored.properties().get(PropertyNames.REAL_TOPIC);
            for (String key : run.cancelKeys) {
                if (TimerMessages.cancels(key, realTopic, uniq)) {
                    stats.cancelled();
                    backlog--;
                    return true;
                }
            }
        }
        MessageDraft draft = TimerMessages.delivery(stored, e.recordOffset(), now);
        if (draft == null) {
            reportOnce("no real topic", "timer message at CommitLog offset " + e.recordOffset() + " has no usable "
                + PropertyNames.REAL_TOPIC + "; dropped");
            stats.unreadable();
            backlog--;
            return true;
        }
        CompletableFuture<PutResult> f = store.putMessage(draft);
        PutResult put = f.getNow(null);
        if (put == null) {
            put = f.join();
        }
        if (!put.status().isStored()) {
            if (put.status() == PutStatus.MESSAGE_ILLEGAL || put.status() == PutStatus.PROPERTIES_SIZE_EXCEEDED) {
                reportOnce("illegal " + draft.topic(), "timer message for " + draft.topic() + " refused by the store ("
                    + put.reason() + "); dropped");
                stats.unreadable();
                backlog--;
                return true;
            }
            reportOnce("put " + put.status(), "timer delivery refused by the store (" + put.status() + ": "
                + put.reason() + "); retrying");
            return false;
        }
        maxPutEnd = Math.max(maxPutEnd, put.physicalOffset() + put.recordSize());
        stats.delivered(now - e.dueMs());
        backlog--;
        return true;
    }

    private DecodedMessage readTimerRecord(TimerLogLayout.Entry e) {
        StoredRecord r = store.readBytes(e.recordOffset(), e.size());
        if (r == null) {
            reportOnce("unreadable", "a timer message's record (CommitLog offset " + e.recordOffset()
                + ") is gone; it cannot be delivered");
            return null;
        }
        try {
            DecodedMessage m = decoder.decode(r.buffer(), 0);
            if (!TimerMessages.TIMER_TOPIC.equals(m.topic()) || m.physicalOffset() != e.recordOffset()) {
                reportOnce("mismatch", "the record at CommitLog offset " + e.recordOffset() + " is not the timer message "
                    + "the index expects (the CommitLog was cut after a power failure?); skipped");
                return null;
            }
            return m;
        } catch (MessageFormatException ex) {
            reportOnce("corrupt", "timer message record at " + e.recordOffset() + " does not decode: " + ex.getMessage());
            return null;
        } finally {
            r.release();
        }
    }

    private String cancelKey(TimerLogLayout.Entry e) {
        DecodedMessage m = readTimerRecord(e);
        return m == null ? null : m.properties().get(PropertyNames.TIMER_DEL_UNIQKEY);
    }

    // ---- checkpoints

    /**
     * Writes a checkpoint if one is due (or {@code force}) and no slot is half delivered. Waits briefly for the
     * dispatcher to cover the deliveries made so far; if it does not, the checkpoint waits for the next boundary.
     */
    boolean maybeCheckpoint(boolean force) {
        if (run != null) {
            return false;
        }
        long nanos = clock.nanos();
        if (!force && nanos - lastCheckpointNanos < TimeUnit.MILLISECONDS.toNanos(settings.flushIntervalMs())) {
            return false;
        }
        for (int i = 0; store.dispatchedOffset() < maxPutEnd; i++) {
            if (i >= DISPATCH_WAITS) {
                return false;
            }
            LockSupport.parkNanos(100_000);
        }
        // While deliveries made before the restart are still being suppressed, a later restart must find them again:
        // the next recovery scan starts where this one did, not at the CommitLog's end.
        long scanFrom = alreadyDelivered != null ? suppressionScanFrom : store.commitLogMaxOffset();
        index.checkpoint(enqueued, deliveredUpTo, scanFrom);
        lastCheckpointNanos = nanos;
        long now = clock.millis();
        long[] lastMark = logMarks.peekLast();
        if (lastMark == null || now - lastMark[0] >= window / 64) {
            logMarks.add(new long[] {Math.max(now, deliveredUpTo) + precision, index.logEnd()});
        }
        while (!logMarks.isEmpty() && logMarks.peekFirst()[0] + window <= deliveredUpTo) {
            long[] mark = logMarks.pollFirst();
            int deleted = index.deleteLogBelow(mark[1]);
            if (deleted > 0) {
                LOG.debug("deleted {} timer log file(s) below {}", deleted, mark[1]);
            }
        }
        retentionFloor = computeRetentionFloor();
        return true;
    }

    /** Lowest CommitLog offset the timer still needs: pending entries, and queue entries not taken yet. */
    private long computeRetentionFloor() {
        long floor = index.slots().minRecordOffsetFrom(deliveredUpTo);
        if (enqueued < store.maxOffsetInQueue(TimerMessages.TIMER_TOPIC, TimerMessages.TIMER_QUEUE)) {
            long next = store.commitLogOffsetInQueue(TimerMessages.TIMER_TOPIC, TimerMessages.TIMER_QUEUE, enqueued);
            if (next >= 0) {
                floor = Math.min(floor, next);
            }
        }
        return floor;
    }

    // ---- views

    private void updateGauges(long now) {
        long max = store.maxOffsetInQueue(TimerMessages.TIMER_TOPIC, TimerMessages.TIMER_QUEUE);
        stats.gauges(Math.max(0, backlog), Math.max(0, now - deliveredUpTo), Math.max(0, max - enqueued));
    }

    /** The lowest CommitLog offset of a message the timer has yet to deliver (as of the last checkpoint). */
    long retentionFloor() {
        return retentionFloor;
    }

    long enqueuedOffset() {
        return enqueued;
    }

    long deliveredUpTo() {
        return deliveredUpTo;
    }

    TimerIndex index() {
        return index;
    }

    private void reportOnce(String kind, String text) {
        if (reported.add(kind)) {
            LOG.warn(text);
        }
    }

    private static long parseOr(String text, long fallback) {
        if (text == null) {
            return fallback;
        }
        try {
            return Long.parseLong(text);
        } catch (NumberFormatException e) {
            return fallback;
        }
    }
}
