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
    private final ScheduleLoop loop;

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
        this.loop = new ScheduleLoop(store, levels, offsets, stats, clock, persistIntervalMillis);
    }

    /** Loads the progress (the store must have recovered) and starts the loop. */
    public void start() {
        offsets.load(store);
        loop.start();
        clock.onAdvance(loop::wake);
    }

    /** Stops the loop and writes the progress. */
    public void stop() throws InterruptedException {
        loop.stop();
    }

    /** Wakes the loop when an entry reaches a schedule queue. */
    public DispatchListener dispatchListener() {
        return loop;
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
