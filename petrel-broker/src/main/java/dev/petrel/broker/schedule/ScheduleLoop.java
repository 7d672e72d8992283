package dev.petrel.broker.schedule;

import dev.petrel.common.concurrent.LoopThread;
import dev.petrel.common.time.Clock;
import dev.petrel.message.DecodedMessage;
import dev.petrel.message.MessageDraft;
import dev.petrel.message.MessageFormatException;
import dev.petrel.message.MessageRecordDecoder;
import dev.petrel.message.PropertiesCodec;
import dev.petrel.message.PropertyNames;
import dev.petrel.store.DelayLevels;
import dev.petrel.store.DispatchListener;
import dev.petrel.store.GetResult;
import dev.petrel.store.MessageFilter;
import dev.petrel.store.MessageStore;
import dev.petrel.store.PutResult;
import dev.petrel.store.StoredRecord;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.concurrent.atomic.AtomicLongArray;

/**
 * The thread {@code petrel-broker-schedule}: moves due messages of every delay level from {@code SCHEDULE_TOPIC_XXXX}
 * to their real topic and queue, in queue order per level, and records the progress in {@link DelayOffsetTable}.
 *
 * <p>It never polls. Per level it knows the due time of the first undelivered entry and parks until the earliest of
 * those; it is woken when the store dispatches a new entry to a level that had nothing pending (this class is the
 * store's {@link DispatchListener} for that) and when a {@code ManualClock} is advanced ({@code clock.onAdvance}), so a
 * test that moves time by an hour sees that hour's deliveries at once. Entries of one level are due in queue order (one
 * delay, increasing store times), so the first entry that is not due ends the level's scan.
 *
 * <p>A delivery is a store put of {@link DueMessage#toRealTopic}; the level's offset moves past an entry only once its
 * put is stored. A refused put is retried from the same entry 100 ms later, a failed one 1 s later (entries put after
 * it in the same pass may then be stored twice; the store only refuses puts when it is full or shutting down). The
 * progress is written to {@code delayOffset.json} every {@code flushDelayOffsetInterval} when it changed, and at stop;
 * after a kill -9, deliveries of the last interval could therefore happen again, and so could those of another
 * node that delivered while this one was not writable (a Raft leader before a fail-over). So an entry that was due
 * already when the loop started ({@code catchUpUntilMillis}) is delivered only if the index holds no delivery of it:
 * no record in its real topic with its UNIQ_KEY stored after it. Entries falling due later are this loop's alone.
 *
 * <p>A delivery counts for the progress once stored, but it can still be taken back until the store confirms it (a Raft
 * leader's uncommitted tail is cut when it loses leadership). The loop remembers its unconfirmed deliveries, and
 * {@link #stop()} rewinds each level to the first of them before writing the progress, so a node that leads again
 * re-checks them (the index says whether the cut one was delivered by someone else) instead of skipping them.
 *
 * <p>State: {@code nextDue} and {@code dirty} are shared with the dispatch thread (atomics); everything else, and every
 * write to the offset table, belongs to this thread.
 */
public final class ScheduleLoop extends LoopThread implements DispatchListener {

    private static final Logger LOG = LoggerFactory.getLogger(ScheduleLoop.class);
    /** Entries read per level per scan. */
    static final int BATCH = 32;
    static final int MAX_BYTES = 4 * 1024 * 1024;
    static final long RETRY_AFTER_REFUSAL_MILLIS = 100;
    static final long RETRY_AFTER_ERROR_MILLIS = 1_000;
    /** {@code nextDue} of a level whose queue has no undelivered entry (as far as the loop knows). */
    private static final long NONE = Long.MAX_VALUE;

    private final MessageStore store;
    private final DelayLevels levels;
    private final DelayOffsetTable offsets;
    private final ScheduleStats stats;
    private final Clock clock;
    private final long persistIntervalNanos;
    private final MessageRecordDecoder decoder = new MessageRecordDecoder(false, MessageRecordDecoder.DEFAULT_MAX_BODY_SIZE);
    /** Per level (index = level): due time (epoch ms) of the first undelivered entry, or NONE. */
    private final AtomicLongArray nextDue;
    /** Per level: 1 when the dispatcher added an entry since the level's last scan. */
    private final AtomicIntegerArray dirty;
    /** Per level: clock nanos before which a failed level is not retried, 0 when none. Loop thread only. */
    private final long[] retryAtNanos;
    /** Per level: the last error logged, so a repeating failure is logged once. Loop thread only. */
    private final String[] lastError;
    /** Per level: {queue offset, delivery's end offset} of stored deliveries not yet confirmed. Loop thread only. */
    private final ArrayDeque<long[]>[] unconfirmed;
    /** Entries due at or before this (the loop's start) are checked against the index before delivery. */
    private final long catchUpUntilMillis;
    private long skippedAsDelivered;
    private long nextPersistNanos;
    /** The wall-clock time the last completed pass looked at (a test waits for it to know the loop saw a time). */
    private volatile long lastPassMillis = Long.MIN_VALUE;

    public ScheduleLoop(MessageStore store, DelayLevels levels, DelayOffsetTable offsets, ScheduleStats stats, Clock clock,
                        long persistIntervalMillis) {
        super("petrel-broker-schedule");
        this.store = store;
        this.levels = levels;
        this.offsets = offsets;
        this.stats = stats;
        this.clock = clock;
        this.persistIntervalNanos = TimeUnit.MILLISECONDS.toNanos(persistIntervalMillis);
        int slots = levels.maxLevel() + 1;
        this.nextDue = new AtomicLongArray(slots);
        this.dirty = new AtomicIntegerArray(slots);
        this.retryAtNanos = new long[slots];
        this.lastError = new String[slots];
        @SuppressWarnings("unchecked")
        ArrayDeque<long[]>[] pending = new ArrayDeque[slots];
        this.unconfirmed = pending;
        this.catchUpUntilMillis = clock.millis();
        for (int level = 1; level < slots; level++) {
            unconfirmed[level] = new ArrayDeque<>();
            nextDue.set(level, NONE);
            dirty.set(level, 1); // look at every level once at start
        }
    }

    @Override
    public void onDispatched(String topic, int queueId, long queueOffset, long tagCode, long storeTimestamp,
                             Map<String, String> properties) {
        if (!DelayLevels.SCHEDULE_TOPIC.equals(topic)) {
            return;
        }
        int level = queueId + 1;
        if (level < 1 || level > levels.maxLevel()) {
            return;
        }
        dirty.set(level, 1);
        if (nextDue.get(level) == NONE) {
            wake(); // a level with a pending entry is woken by that entry's due time, which comes first
        }
    }

    @Override
    public void run() {
        nextPersistNanos = clock.nanos() + persistIntervalNanos;
        while (isRunning()) {
            boolean again = false;
            long now = clock.millis();
            for (int level = 1; level <= levels.maxLevel() && isRunning(); level++) {
                if (shouldScan(level, now)) {
                    again |= scanGuarded(level);
                }
            }
            lastPassMillis = now;
            if (clock.nanos() - nextPersistNanos >= 0) {
                persistGuarded();
                nextPersistNanos = clock.nanos() + persistIntervalNanos;
            }
            if (!again && isRunning()) {
                long wait = nanosUntilWork();
                if (wait > 0) {
                    park(wait);
                }
            }
        }
    }

    /** Stops the thread and writes the progress, each level rewound to its first unconfirmed delivery. */
    public void stop() throws InterruptedException {
        stopThread();
        long confirmed = store.confirmedOffset();
        for (int level = 1; level <= levels.maxLevel(); level++) {
            prune(level, confirmed);
            long[] first = unconfirmed[level].peekFirst();
            if (first != null && first[0] < offsets.get(level)) {
                LOG.info("delay level {}: {} deliveries from offset {} are not confirmed yet; the next start re-checks "
                    + "them", level, unconfirmed[level].size(), first[0]);
                offsets.set(level, first[0]);
            }
            unconfirmed[level].clear();
        }
        if (skippedAsDelivered > 0) {
            LOG.info("delay levels: {} due entries were found delivered already (by an earlier leader or before a "
                + "crash) and not delivered again", skippedAsDelivered);
        }
        offsets.persist();
    }

    private void prune(int level, long confirmed) {
        ArrayDeque<long[]> q = unconfirmed[level];
        while (!q.isEmpty() && q.peekFirst()[1] <= confirmed) {
            q.pollFirst();
        }
    }

    long lastPassMillis() {
        return lastPassMillis;
    }

    private boolean shouldScan(int level, long now) {
        if (retryAtNanos[level] != 0) {
            if (clock.nanos() - retryAtNanos[level] < 0) {
                return false;
            }
            retryAtNanos[level] = 0;
            return true;
        }
        long due = nextDue.get(level);
        if (due == NONE) {
            return dirty.get(level) == 1;
        }
        // Due, or the wall clock moved back so far that the known due time is no longer to be trusted.
        return due <= now || due > now + levels.delayMillis(level);
    }

    private long nanosUntilWork() {
        long nowMillis = clock.millis();
        long nowNanos = clock.nanos();
        long wait = nextPersistNanos - nowNanos;
        for (int level = 1; level <= levels.maxLevel(); level++) {
            if (retryAtNanos[level] != 0) {
                wait = Math.min(wait, retryAtNanos[level] - nowNanos);
                continue;
            }
            long due = nextDue.get(level);
            if (due == NONE) {
                if (dirty.get(level) == 1) {
                    return 0;
                }
            } else {
                wait = Math.min(wait, TimeUnit.MILLISECONDS.toNanos(Math.max(0, due - nowMillis)));
            }
        }
        return wait;
    }

    private boolean scanGuarded(int level) {
        try {
            boolean again = scan(level);
            lastError[level] = null;
            return again;
        } catch (RuntimeException e) {
            fail(level, RETRY_AFTER_ERROR_MILLIS, "failed: " + e, e);
            return false;
        }
    }

    /**
     * Delivers the due entries at the head of one level's queue.
     *
     * @return true to scan again at once (a whole batch was delivered, or the offset was corrected)
     */
    private boolean scan(int level) {
        dirty.set(level, 0); // before reading: an entry dispatched from now on sets it again
        prune(level, store.confirmedOffset());
        long offset = offsets.get(level);
        GetResult r = store.getMessage(DelayLevels.SCHEDULE_TOPIC, level - 1, offset, BATCH, MAX_BYTES,
            MessageFilter.ALL);
        List<Delivery> deliveries = new ArrayList<>();
        boolean drained = true;
        try {
            switch (r.status()) {
                case FOUND -> { }
                case OFFSET_TOO_SMALL, OFFSET_OVERFLOW_BADLY -> {
                    LOG.warn("delay level {}: offset {} is outside the schedule queue ({}, [{}, {}]); continuing at {}",
                        level, offset, r.status(), r.minOffset(), r.maxOffset(), r.nextBeginOffset());
                    offsets.set(level, r.nextBeginOffset());
                    return true;
                }
                default -> {
                    nextDue.set(level, NONE);
                    return false;
                }
            }
            long now = clock.millis();
            long delay = levels.delayMillis(level);
            for (StoredRecord rec : r.records()) {
                long due = DueTime.effective(rec.tagCode(), now, delay);
                if (due > now) {
                    nextDue.set(level, due);
                    drained = false;
                    break;
                }
                deliveries.add(deliver(level, rec, due));
            }
        } finally {
            r.release();
        }
        if (drained) {
            nextDue.set(level, NONE);
        }
        for (Delivery d : deliveries) {
            if (!complete(level, d)) {
                return false;
            }
        }
        return drained && !deliveries.isEmpty();
    }

    /** One due entry: its put (null when the entry is dropped) and its due time. */
    private record Delivery(long queueOffset, CompletableFuture<PutResult> put, long due) {
    }

    private Delivery deliver(int level, StoredRecord rec, long due) {
        DueMessage.Outcome outcome;
        try {
            outcome = DueMessage.toRealTopic(decoder.decode(rec.buffer(), 0));
        } catch (MessageFormatException e) {
            outcome = new DueMessage.Outcome(null, "it cannot be decoded: " + e.getMessage());
        }
        if (outcome.dropped() != null) {
            LOG.error("delay level {}: dropping the schedule-topic entry at offset {} (commit-log offset {}): {}", level,
                rec.queueOffset(), rec.physicalOffset(), outcome.dropped());
            return new Delivery(rec.queueOffset(), null, due);
        }
        if (due <= catchUpUntilMillis && deliveredAlready(rec, outcome.draft())) {
            skippedAsDelivered++;
            return new Delivery(rec.queueOffset(), null, due);
        }
        return new Delivery(rec.queueOffset(), store.putMessage(outcome.draft()), due);
    }

    /**
     * Whether the store holds a delivery of the schedule entry {@code rec}: a record of the real topic with the same
     * UNIQ_KEY, stored after the entry (a retried message reuses its key, but each retry's entry is stored after the
     * previous delivery). Needs the index ({@code messageIndexEnable}); without it, nothing is found.
     */
    private boolean deliveredAlready(StoredRecord rec, MessageDraft draft) {
        String uniq = PropertiesCodec.find(draft.properties(), PropertyNames.UNIQ_CLIENT_MESSAGE_ID_KEYIDX);
        if (uniq == null) {
            return false;
        }
        List<StoredRecord> found = store.queryMessage(draft.topic(), uniq, 64, 0, Long.MAX_VALUE);
        boolean delivered = false;
        try {
            for (StoredRecord r : found) {
                if (!delivered && r.physicalOffset() > rec.physicalOffset()) {
                    DecodedMessage m = decoder.decode(r.buffer(), 0);
                    delivered = draft.topic().equals(m.topic())
                        && uniq.equals(m.property(PropertyNames.UNIQ_CLIENT_MESSAGE_ID_KEYIDX));
                }
            }
        } catch (MessageFormatException e) {
            LOG.warn("delay level: cannot read a record indexed under {}#{}: {}", draft.topic(), uniq, e.getMessage());
        } finally {
            found.forEach(StoredRecord::release);
        }
        return delivered;
    }

    /** Waits for one put; moves the level's offset past it when stored. Returns false (and plans a retry) otherwise. */
    private boolean complete(int level, Delivery d) {
        if (d.put() == null) {
            offsets.set(level, d.queueOffset() + 1);
            return true;
        }
        PutResult result;
        try {
            // A delivery carries WAIT_STORE_MSG_OK=false (DueMessage): answered at the append, never waiting for a
            // flush, a slave or a quorum, so this does not hold up a stop.
            result = d.put().get();
        } catch (ExecutionException e) {
            fail(level, RETRY_AFTER_ERROR_MILLIS, "put of the entry at offset " + d.queueOffset() + " failed: "
                + e.getCause(), e.getCause());
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt(); // stopping: the entry is delivered again after the restart
            return false;
        }
        if (!result.status().isStored()) {
            fail(level, RETRY_AFTER_REFUSAL_MILLIS, "the store refused the delivery of the entry at offset "
                + d.queueOffset() + ": " + result, null);
            return false;
        }
        offsets.set(level, d.queueOffset() + 1);
        unconfirmed[level].addLast(new long[] {d.queueOffset(), result.physicalOffset() + result.recordSize()});
        stats.delivered(clock.millis() - d.due());
        return true;
    }

    private void fail(int level, long retryMillis, String what, Throwable cause) {
        retryAtNanos[level] = clock.nanos() + TimeUnit.MILLISECONDS.toNanos(retryMillis);
        if (retryAtNanos[level] == 0) {
            retryAtNanos[level] = 1;
        }
        if (!what.equals(lastError[level])) {
            LOG.error("delay level {}: {}; retrying every {} ms", level, what, retryMillis, cause);
            lastError[level] = what;
        }
    }

    private void persistGuarded() {
        try {
            offsets.persist();
        } catch (RuntimeException e) {
            LOG.error("cannot write the delay progress: {}", e.getMessage(), e);
        }
    }
}
