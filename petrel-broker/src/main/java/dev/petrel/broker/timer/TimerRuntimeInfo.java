package dev.petrel.broker.timer;

import dev.petrel.common.metrics.Histogram;
import dev.petrel.protocol.body.stats.RuntimeInfoKeys;
import dev.petrel.store.timer.TimerStats;

import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * The timer's rows of GET_BROKER_RUNTIME_INFO ({@code mqadmin brokerStatus}): RocketMQ's five timer keys with real
 * values, and Petrel's own ({@code petrelTimer*}): backlog, deliveries and the lateness histogram (delivery time minus
 * requested time, ms). Pure: a snapshot in, strings out.
 */
public final class TimerRuntimeInfo {

    private TimerRuntimeInfo() {
    }

    public static Map<String, String> of(TimerStats.Snapshot s) {
        Map<String, String> t = new LinkedHashMap<>();
        t.put(RuntimeInfoKeys.TIMER_READ_BEHIND, Long.toString(s.readBehindMillis() / 1000));
        t.put(RuntimeInfoKeys.TIMER_OFFSET_BEHIND, Long.toString(s.offsetBehind()));
        t.put(RuntimeInfoKeys.TIMER_CONGEST_NUM, Long.toString(s.backlog()));
        t.put(RuntimeInfoKeys.TIMER_ENQUEUE_TPS, String.format(Locale.ROOT, "%.1f", s.enqueueTps()));
        t.put(RuntimeInfoKeys.TIMER_DEQUEUE_TPS, String.format(Locale.ROOT, "%.1f", s.dequeueTps()));
        t.put("petrelTimerBacklog", Long.toString(s.backlog()));
        t.put("petrelTimerEnqueued", Long.toString(s.enqueued()));
        t.put("petrelTimerDelivered", Long.toString(s.delivered()));
        t.put("petrelTimerCancelled", Long.toString(s.cancelled()));
        t.put("petrelTimerRolled", Long.toString(s.rolled()));
        t.put("petrelTimerDuplicatesSuppressed", Long.toString(s.duplicatesSuppressed()));
        t.put("petrelTimerUnreadable", Long.toString(s.unreadable()));
        Histogram.Snapshot h = s.lateness();
        t.put("petrelTimerLatenessCount", Long.toString(h.count()));
        t.put("petrelTimerLatenessP50Ms", Long.toString(h.count() == 0 ? 0 : h.percentile(50)));
        t.put("petrelTimerLatenessP99Ms", Long.toString(h.count() == 0 ? 0 : h.percentile(99)));
        t.put("petrelTimerLatenessMaxMs", Long.toString(h.count() == 0 ? 0 : h.max()));
        return t;
    }
}
