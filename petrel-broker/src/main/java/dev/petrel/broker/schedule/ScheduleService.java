package dev.petrel.broker.schedule;

import dev.petrel.broker.metadata.ConfigFile;
import dev.petrel.common.time.Clock;
import dev.petrel.store.DelayLevels;
import dev.petrel.store.DispatchListener;
import dev.petrel.store.MessageStore;

/**
 * The delay-level parts of one broker, built together: the put-path rewrite, the progress table
 * ({@code delayOffset.json}), the schedule loop and its statistics. {@link dev.petrel.broker.BrokerServer} creates it,
 * registers {@link #dispatchListener()} with the store, calls {@link #start()} once the store has recovered and
 * {@link #stop()} before the store shuts down.
 */
public final class ScheduleService {

    public static final String FILE_NAME = "delayOffset.json";

    private final MessageStore store;
    private final Clock clock;
    private final DelayLevelRewrite rewrite;
    private final DelayOffsetTable offsets;
    private final ScheduleStats stats;
    private final DelayLevels levels;
    private final long persistIntervalMillis;
    private final Forwarder forwarder = new Forwarder();
    /** The loop of the current run; null while stopped. Written under this. */
    private volatile ScheduleLoop loop;

    /**
     * @param file                  {@code <storePathRootDir>/config/delayOffset.json}
     * @param persistIntervalMillis {@code flushDelayOffsetInterval}
     */
    public ScheduleService(MessageStore store, DelayLevels levels, ConfigFile file, Clock clock, long persistIntervalMillis) {
        this(store, levels, new DelayOffsetTable(file, clock, levels.maxLevel()), clock, persistIntervalMillis);
    }

    /**
     * @param offsets the progress table ({@code delayOffset.json}), built by the broker before its replication (a
     *                slave's metadata sync replaces it)
     */
    public ScheduleService(MessageStore store, DelayLevels levels, DelayOffsetTable offsets, Clock clock,
                           long persistIntervalMillis) {
        this.store = store;
        this.clock = clock;
        this.rewrite = new DelayLevelRewrite(levels);
        this.offsets = offsets;
        this.stats = new ScheduleStats(store, offsets);
        this.levels = levels;
        this.persistIntervalMillis = persistIntervalMillis;
        clock.onAdvance(forwarder::wake);
    }

    /**
     * Loads the progress (the store must have recovered) and starts a loop; again after {@link #stop()} when the
     * broker becomes writable once more (a Raft leader elected, a slave promoted). Entries already due now may have
     * been delivered by another node (the previous leader) or in the last moments before a crash: the new loop checks
     * those against the index before delivering them (see {@link ScheduleLoop}).
     */
    public synchronized void start() {
        if (loop != null) {
            return;
        }
        offsets.load(store);
        ScheduleLoop l = new ScheduleLoop(store, levels, offsets, stats, clock, persistIntervalMillis);
        loop = l;
        l.start();
    }

    /** Stops the loop and writes the progress (rewound to the first delivery not yet confirmed); idempotent. */
    public synchronized void stop() throws InterruptedException {
        ScheduleLoop l = loop;
        if (l != null) {
            loop = null;
            l.stop();
        }
    }

    /** Whether a loop runs (the broker is writable). */
    public boolean running() {
        return loop != null;
    }

    /** Wakes the loop when an entry reaches a schedule queue; registered once, it follows the loop of each run. */
    public DispatchListener dispatchListener() {
        return forwarder;
    }

    /** The current loop's dispatch listener and wake-up. */
    private final class Forwarder implements DispatchListener {
        @Override
        public void onDispatched(String topic, int queueId, long queueOffset, long tagCode, long storeTimestamp,
                                 java.util.Map<String, String> properties) {
            ScheduleLoop l = loop;
            if (l != null) {
                l.onDispatched(topic, queueId, queueOffset, tagCode, storeTimestamp, properties);
            }
        }

        void wake() {
            ScheduleLoop l = loop;
            if (l != null) {
                l.wake();
            }
        }
    }

    public DelayLevelRewrite rewrite() {
        return rewrite;
    }

    public DelayOffsetTable offsets() {
        return offsets;
    }

    public ScheduleStats stats() {
        return stats;
    }

    ScheduleLoop loop() {
        return loop;
    }
}
