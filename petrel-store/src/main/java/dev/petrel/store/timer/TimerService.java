package dev.petrel.store.timer;

import dev.petrel.common.time.Clock;
import dev.petrel.store.MessageStore;
import dev.petrel.store.file.StoreFileFactory;

import java.nio.file.Path;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Timer messages: the persisted timing structure ({@link TimerIndex} under {@code <storePathRootDir>/timer/}) and the
 * thread that fills it from {@code rmq_sys_wheel_timer} and delivers due messages to their real topics. The wiring
 * class of the timer; the broker starts it after the store and stops it before the store. See docs/storage.md
 * ("Timer") for the design.
 *
 * <p>Thread-safe: {@link #stats()} and {@link #isCongested} may be called from any thread.
 */
public final class TimerService implements AutoCloseable {

    private final MessageStore store;
    private final TimerConfig.Settings settings;
    private final Clock clock;
    private final TimerStats stats = new TimerStats();
    private final Path dir;
    private final StoreFileFactory files;
    /** The index and engine of the current (or last) run; replaced by each {@link #start}. Guarded by this. */
    private volatile TimerIndex index;
    private volatile TimerEngine engine;
    private volatile TimerLoop loop;
    private boolean registered;
    private volatile boolean running;

    /** @param storeRoot the store's {@code storePathRootDir}; the timer keeps its files in {@code timer/} there */
    public TimerService(MessageStore store, TimerConfig.Settings settings, Path storeRoot, Clock clock,
                        StoreFileFactory files) {
        this.store = store;
        this.settings = settings;
        this.clock = clock;
        this.dir = storeRoot.resolve("timer");
        this.files = files;
    }

    public TimerService(MessageStore store, TimerConfig.Settings settings, Path storeRoot, Clock clock) {
        this(store, settings, storeRoot, clock, StoreFileFactory.mapped());
    }

    /**
     * Recovers the index (the store must be started) and starts the timer thread. Again after {@link #shutdown()}:
     * the broker became writable once more (a Raft leader elected), and the timer resumes from its own last
     * checkpoint, skipping every delivery the CommitLog holds since then, whoever made it (TimerEngine's crash
     * recovery), so a message due during a fail-over is delivered once.
     */
    public synchronized void start() {
        if (running) {
            return;
        }
        running = true;
        TimerIndex i = new TimerIndex(dir, settings, files);
        TimerEngine e = new TimerEngine(store, i, settings, clock, stats);
        e.recover();
        index = i;
        engine = e;
        loop = new TimerLoop(e, clock);
        if (!registered) {
            registered = true;
            store.addRetentionFloor(() -> engine.retentionFloor()); // the last run's floor while stopped
            store.addDispatchListener((topic, queueId, queueOffset, tagCode, storeTimestamp, properties) -> {
                if (TimerMessages.TIMER_TOPIC.equals(topic)) {
                    wakeLoop();
                }
            });
            clock.onAdvance(this::wakeLoop);
        }
        loop.start();
    }

    private void wakeLoop() {
        TimerLoop l = loop;
        if (l != null) {
            l.wake();
        }
    }

    /** Whether the timer thread runs. */
    public boolean running() {
        return running;
    }

    /**
     * Stops the thread and writes a final checkpoint if no slot is half delivered; otherwise a restart resumes from the
     * checkpoint of the last slot boundary (at most a slot ago) and skips what was delivered since, as after a crash.
     * Call before the store stops. {@link #start} may follow.
     */
    public synchronized void shutdown() {
        if (!running) {
            return;
        }
        running = false;
        try {
            loop.stop();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        loop = null;
        engine.maybeCheckpoint(true);
        index.close();
    }

    @Override
    public void close() {
        shutdown();
    }

    /** Stops the thread without a checkpoint, as a crash would (tests). */
    synchronized void halt() {
        if (!running) {
            return;
        }
        running = false;
        try {
            loop.stop();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        loop = null;
        index.close();
    }

    public TimerStats.Snapshot stats() {
        return stats.snapshot();
    }

    public TimerConfig.Settings settings() {
        return settings;
    }

    /**
     * RocketMQ's timer flow control ({@code timerCongestNumEachSlot}): whether a message due at {@code dueMs} should be
     * refused because its slot is crowded (at random between the limit and twice it, always above).
     */
    public boolean isCongested(long dueMs) {
        int limit = settings.congestNumEachSlot();
        if (limit == Integer.MAX_VALUE) {
            return false;
        }
        TimerIndex i = index;
        if (i == null || !running()) {
            return false;
        }
        long n = i.slots() == null ? 0 : i.slots().count(TimerMessages.slotOf(dueMs, settings.precisionMs()));
        if (n <= limit) {
            return false;
        }
        if (n >= 2L * limit) {
            return true;
        }
        // Refused with probability (n - limit) / limit: RocketMQ's formula compares the other way round, refusing
        // most when the slot is least crowded, which reads like a slip.
        return ThreadLocalRandom.current().nextInt(1000) < 1000.0 * (n - limit) / limit;
    }

    TimerEngine engine() {
        return engine;
    }
}
