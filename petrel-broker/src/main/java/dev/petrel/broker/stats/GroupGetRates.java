package dev.petrel.broker.stats;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;

/**
 * Messages handed to each consumer group per topic, and their rate over the last minute: the {@code consumeTps} of
 * GET_CONSUME_STATS and GET_BROKER_CONSUME_STATS (RocketMQ's {@code GROUP_GET_NUMS} statistic, whose minute rate it
 * reports there).
 *
 * <p>Threading: pull threads call {@link #record} concurrently; a (topic, group) counter is created once by
 * {@link ConcurrentHashMap#computeIfAbsent} and only ever added to, so no count is lost. {@link #sample} (the
 * housekeeping thread, every {@link BrokerStats#SAMPLE_INTERVAL_MILLIS}) and {@link #tps} (admin threads) share this
 * object's monitor, which guards every counter's samples.
 */
final class GroupGetRates {

    /** One minute of 10 s samples, plus the current one. */
    private static final int SAMPLES = 7;
    private static final long WINDOW_MILLIS = 60_000;

    private final Map<String, Counter> counters = new ConcurrentHashMap<>();
    /** Time of the last {@link #sample}; a counter created since starts its window there. */
    private volatile long lastSampleMillis;

    GroupGetRates(long nowMillis) {
        this.lastSampleMillis = nowMillis;
    }

    void record(String group, String topic, int messages, long bytes) {
        String key = key(group, topic);
        Counter c = counters.get(key);
        if (c == null) {
            c = counters.computeIfAbsent(key, k -> new Counter(topic, group, lastSampleMillis));
        }
        c.total.add(messages);
        c.bytes.add(bytes);
        c.calls.increment();
    }

    void forEach(BrokerStats.GroupGetVisitor visitor) {
        for (Counter c : counters.values()) {
            visitor.visit(c.topic, c.group, c.total.sum(), c.bytes.sum());
        }
    }

    /**
     * Lets {@code table} sample every group's totals as GROUP_GET_NUMS and GROUP_GET_SIZE under {@code topic@group}
     * (Apache's key); keys tracked already are left as they are.
     */
    void trackIn(StatsTable table) {
        counters.forEach((key, c) -> track(table, key, c));
    }

    /** {@link #trackIn(StatsTable)} for one {@code topic@group} key, if it was counted. */
    void trackIn(StatsTable table, String key) {
        Counter c = counters.get(key);
        if (c != null) {
            track(table, key, c);
        }
    }

    private static void track(StatsTable table, String key, Counter c) {
        table.track(StatsTable.GROUP_GET_NUMS, key, c.total::sum, c.calls::sum);
        table.track(StatsTable.GROUP_GET_SIZE, key, c.bytes::sum, c.calls::sum);
    }

    synchronized void sample(long nowMillis) {
        for (Counter c : counters.values()) {
            c.sample(nowMillis);
        }
        lastSampleMillis = nowMillis;
    }

    /** Messages per second handed to {@code group} from {@code topic} over about the last minute; 0 if none. */
    synchronized double tps(String group, String topic, long nowMillis) {
        Counter c = counters.get(key(group, topic));
        return c == null ? 0 : c.rate(nowMillis);
    }

    private static String key(String group, String topic) {
        return topic + "@" + group;
    }

    /** A running total and a ring of (time, total) samples; the ring is guarded by the outer monitor. */
    private static final class Counter {
        final String topic;
        final String group;
        final LongAdder total = new LongAdder();
        final LongAdder bytes = new LongAdder();
        /** Pulls that handed messages over. */
        final LongAdder calls = new LongAdder();
        final long[] times = new long[SAMPLES];
        final long[] values = new long[SAMPLES];
        int head;
        int size = 1;

        Counter(String topic, String group, long startMillis) {
            this.topic = topic;
            this.group = group;
            times[0] = startMillis;
        }

        void sample(long nowMillis) {
            head = (head + 1) % SAMPLES;
            times[head] = nowMillis;
            values[head] = total.sum();
            size = Math.min(size + 1, SAMPLES);
        }

        /** From the newest sample at least a minute old (or the oldest kept) to now. */
        double rate(long nowMillis) {
            int chosen = head;
            for (int i = 0; i < size; i++) {
                chosen = Math.floorMod(head - i, SAMPLES);
                if (nowMillis - times[chosen] >= WINDOW_MILLIS) {
                    break;
                }
            }
            long dt = nowMillis - times[chosen];
            return dt <= 0 ? 0 : (total.sum() - values[chosen]) * 1000.0 / dt;
        }
    }
}
