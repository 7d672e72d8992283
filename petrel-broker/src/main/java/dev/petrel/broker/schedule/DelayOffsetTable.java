package dev.petrel.broker.schedule;

import dev.petrel.broker.metadata.ConfigFile;
import dev.petrel.common.time.Clock;
import dev.petrel.protocol.body.DataVersion;
import dev.petrel.protocol.body.offset.DelayOffsetSerializeWrapper;
import dev.petrel.store.DelayLevels;
import dev.petrel.store.MessageStore;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicLongArray;

/**
 * How far the schedule loop has delivered each delay level: the next ConsumeQueue offset of
 * {@code SCHEDULE_TOPIC_XXXX} queue {@code level - 1}. Persisted as {@code config/delayOffset.json} in Apache's format
 * ({@code {"offsetTable":{1:5,2:0,...},"dataVersion":{...}}}, json-bodies.md) through a {@link ConfigFile}, so an Apache
 * broker started on the same directory (and Petrel on Apache's) continues where the other stopped.
 *
 * <p>Threads: {@link #load} runs before the schedule loop starts; afterwards only the loop thread calls {@link #set}
 * and {@link #persist} (and the closing thread after the loop has stopped). Any thread reads.
 */
public final class DelayOffsetTable {

    private static final Logger LOG = LoggerFactory.getLogger(DelayOffsetTable.class);

    private final ConfigFile file;
    private final Clock clock;
    private final int maxLevel;
    /** Index = level (1-based); slot 0 unused. */
    private final AtomicLongArray offsets;
    private final AtomicLong changes = new AtomicLong();
    private long persistedChanges;
    private volatile DataVersion dataVersion;

    public DelayOffsetTable(ConfigFile file, Clock clock, int maxLevel) {
        this.file = file;
        this.clock = clock;
        this.maxLevel = maxLevel;
        this.offsets = new AtomicLongArray(maxLevel + 1);
        this.dataVersion = DataVersion.initial(clock.millis());
    }

    /**
     * Reads the file, if any, and moves each level's offset into its queue's [min, max] offsets (Apache's
     * {@code correctDelayOffset}: the store may have been cleaned or truncated since). Levels beyond the configured
     * ones are ignored.
     */
    public void load(MessageStore store) {
        DelayOffsetSerializeWrapper stored = file.load(DelayOffsetSerializeWrapper.CODEC::decode);
        if (stored != null) {
            stored.offsetTable().forEach((level, offset) -> {
                if (level != null && offset != null && level >= 1 && level <= maxLevel) {
                    offsets.set(level, offset);
                }
            });
            if (stored.dataVersion() != null) {
                dataVersion = stored.dataVersion();
            }
        }
        for (int level = 1; level <= maxLevel; level++) {
            long offset = offsets.get(level);
            long min = store.minOffsetInQueue(DelayLevels.SCHEDULE_TOPIC, level - 1);
            long max = store.maxOffsetInQueue(DelayLevels.SCHEDULE_TOPIC, level - 1);
            long corrected = Math.max(min, Math.min(max, offset));
            if (corrected != offset) {
                LOG.warn("delay level {}: stored progress {} is outside the schedule queue's offsets [{}, {}]; "
                    + "continuing at {}", level, offset, min, max, corrected);
                offsets.set(level, corrected);
            }
        }
        persistedChanges = changes.get();
    }

    public int maxLevel() {
        return maxLevel;
    }

    /** The next offset to deliver of {@code level} (1-based). */
    public long get(int level) {
        return offsets.get(level);
    }

    /** Loop thread only. */
    void set(int level, long nextOffset) {
        if (offsets.getAndSet(level, nextOffset) != nextOffset) {
            changes.incrementAndGet();
        }
    }

    /** Every level's progress (level → next offset), with the data version, as GET_ALL_DELAY_OFFSET answers it. */
    public DelayOffsetSerializeWrapper snapshot() {
        Map<Integer, Long> table = new TreeMap<>();
        for (int level = 1; level <= maxLevel; level++) {
            table.put(level, offsets.get(level));
        }
        return new DelayOffsetSerializeWrapper(dataVersion, table);
    }

    /**
     * A slave adopts its master's delay progress (SlaveSynchronize): every configured level the master reports is set,
     * the master's version adopted and the file written at once (Apache writes the master's text to the file).
     */
    public synchronized void replaceFromMaster(DelayOffsetSerializeWrapper master) {
        master.offsetTable().forEach((level, offset) -> {
            if (level != null && offset != null && level >= 1 && level <= maxLevel) {
                offsets.set(level, offset);
            }
        });
        if (master.dataVersion() != null) {
            dataVersion = master.dataVersion();
        }
        file.write(DelayOffsetSerializeWrapper.CODEC.encode(snapshot()));
        persistedChanges = changes.get();
    }

    /** Writes the file if anything changed since the last write. Loop thread (or the closing thread). */
    synchronized void persist() {
        long seen = changes.get();
        if (seen == persistedChanges) {
            return;
        }
        dataVersion = dataVersion.next(clock.millis());
        file.write(DelayOffsetSerializeWrapper.CODEC.encode(snapshot()));
        persistedChanges = seen;
    }
}
