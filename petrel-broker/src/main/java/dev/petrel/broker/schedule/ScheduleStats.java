package dev.petrel.broker.schedule;

import dev.petrel.common.metrics.Histogram;
import dev.petrel.store.DelayLevels;
import dev.petrel.store.MessageStore;

import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.atomic.LongAdder;

/**
 * What the delay-level machinery reports (issue item 7): the scheduled backlog of each level (entries parked in its
 * schedule queue and not yet delivered) and a histogram of delivery lateness, the time a message reached its real
 * topic minus its due time, in ms. Read by GET_BROKER_RUNTIME_INFO ({@link #runtimeInfo}) and, in the embedded mode,
 * through {@link #snapshot}.
 *
 * <p>Threads: the schedule loop records deliveries; any thread reads.
 */
public final class ScheduleStats {

    /** Runtime-info key prefix of Apache's per-level progress ({@code "<delivered offset>,<max offset>"}). */
    public static final String KEY_SCHEDULE_OFFSET = "scheduleMessageOffset_";
    /** Messages parked in the schedule topic and not yet delivered, all levels. */
    public static final String KEY_BACKLOG = "petrelDelayBacklog";
    /** The same per level: {@code "1:0 2:14 3:0 ..."}. */
    public static final String KEY_BACKLOG_BY_LEVEL = "petrelDelayBacklogByLevel";
    /** Messages moved to their real topic since start. */
    public static final String KEY_DELIVERED = "petrelDelayDelivered";
    /** Lateness of those deliveries (delivery time minus due time): {@code "count=.. p50=.. p90=.. p99=.. max=.."} ms. */
    public static final String KEY_LATENESS = "petrelDelayLatenessMs";

    /** A point-in-time view, for the embedded mode and tests. */
    public record Snapshot(Map<Integer, Long> backlogByLevel, long backlog, long delivered, Histogram.Snapshot lateness) {
    }

    private final MessageStore store;
    private final DelayOffsetTable offsets;
    private final Histogram lateness = new Histogram();
    private final LongAdder delivered = new LongAdder();

    public ScheduleStats(MessageStore store, DelayOffsetTable offsets) {
        this.store = store;
        this.offsets = offsets;
    }

    /** A message of a level reached its real topic {@code latenessMillis} after its due time. Loop thread. */
    void delivered(long latenessMillis) {
        lateness.record(latenessMillis);
        delivered.increment();
    }

    public Snapshot snapshot() {
        Map<Integer, Long> byLevel = new TreeMap<>();
        long total = 0;
        for (int level = 1; level <= offsets.maxLevel(); level++) {
            long backlog = Math.max(0, max(level) - offsets.get(level));
            byLevel.put(level, backlog);
            total += backlog;
        }
        return new Snapshot(byLevel, total, delivered.sum(), lateness.snapshot());
    }

    /** The GET_BROKER_RUNTIME_INFO entries. */
    public Map<String, String> runtimeInfo() {
        Map<String, String> t = new LinkedHashMap<>();
        Snapshot s = snapshot();
        StringBuilder byLevel = new StringBuilder();
        for (int level = 1; level <= offsets.maxLevel(); level++) {
            t.put(KEY_SCHEDULE_OFFSET + level, offsets.get(level) + "," + max(level));
            byLevel.append(byLevel.isEmpty() ? "" : " ").append(level).append(':').append(s.backlogByLevel().get(level));
        }
        t.put(KEY_BACKLOG, Long.toString(s.backlog()));
        t.put(KEY_BACKLOG_BY_LEVEL, byLevel.toString());
        t.put(KEY_DELIVERED, Long.toString(s.delivered()));
        Histogram.Snapshot h = s.lateness();
        t.put(KEY_LATENESS, String.format(Locale.ROOT, "count=%d p50=%d p90=%d p99=%d max=%d", h.count(),
            h.percentile(50), h.percentile(90), h.percentile(99), h.max()));
        return t;
    }

    private long max(int level) {
        return store.maxOffsetInQueue(DelayLevels.SCHEDULE_TOPIC, level - 1);
    }
}
