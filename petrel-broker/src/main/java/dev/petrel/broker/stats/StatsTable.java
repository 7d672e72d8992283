package dev.petrel.broker.stats;

import java.util.ArrayDeque;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;

/**
 * The named statistics of VIEW_BROKER_STATS_DATA (315), kept as Apache's BrokerStatsManager keeps them
 * ({@code mqadmin statsAll} reads {@code TOPIC_PUT_NUMS} by topic and {@code GROUP_GET_NUMS} by
 * {@code topic@group}): per (name, key) a running value and call count, sampled into three windows:
 * <ul>
 *   <li>minute: a sample every {@link BrokerStats#SAMPLE_INTERVAL_MILLIS} (each {@link #sample} call), 7 kept;</li>
 *   <li>hour: a sample every 10 minutes, 7 kept;</li>
 *   <li>day: a sample every hour, 25 kept.</li>
 * </ul>
 * A window's first sample is preceded by a zero one, one period earlier (Apache's seed), so a key's first window
 * already has a rate. A window reports {@code sum} = newest minus oldest value, {@code tps} = sum per second between
 * them and {@code avgpt} = sum per call between them (0 without calls). What was added since the last sample is not
 * reported until the next one, as with Apache.
 *
 * <p>Threading: request threads {@link #add} concurrently (a key's counters are created once by
 * {@link ConcurrentHashMap#computeIfAbsent} and only added to); {@link #sample} (the housekeeping thread) and
 * {@link #window} (admin threads) share this object's monitor, which guards every sample ring.
 */
public final class StatsTable {

    public static final String TOPIC_PUT_NUMS = "TOPIC_PUT_NUMS";
    public static final String TOPIC_PUT_SIZE = "TOPIC_PUT_SIZE";
    public static final String GROUP_GET_NUMS = "GROUP_GET_NUMS";
    public static final String GROUP_GET_SIZE = "GROUP_GET_SIZE";
    /** Key: the broker's cluster name (Apache's choice); only values are added, no calls. */
    public static final String BROKER_PUT_NUMS = "BROKER_PUT_NUMS";
    public static final String BROKER_GET_NUMS = "BROKER_GET_NUMS";
    public static final Set<String> NAMES = Set.of(TOPIC_PUT_NUMS, TOPIC_PUT_SIZE, GROUP_GET_NUMS, GROUP_GET_SIZE,
        BROKER_PUT_NUMS, BROKER_GET_NUMS);

    static final long MINUTE_PERIOD_MILLIS = BrokerStats.SAMPLE_INTERVAL_MILLIS;
    static final long HOUR_PERIOD_MILLIS = 10 * 60_000L;
    static final long DAY_PERIOD_MILLIS = 60 * 60_000L;
    /** A late sampler call still counts as the period's sample (housekeeping runs every 10 s, not to the ms). */
    private static final long TOLERANCE_MILLIS = BrokerStats.SAMPLE_INTERVAL_MILLIS / 2;

    /** One window of one statistic. */
    public record Window(long sum, double tps, double avgpt) {
        static final Window EMPTY = new Window(0, 0, 0);
    }

    /** The three windows of one statistic. */
    public record Snapshot(Window minute, Window hour, Window day) {
    }

    private final Map<String, Map<String, Item>> items = new ConcurrentHashMap<>();

    public StatsTable() {
        for (String name : NAMES) {
            items.put(name, new ConcurrentHashMap<>());
        }
    }

    /** Adds {@code value} over {@code calls} calls to {@code key} of statistic {@code name} (one of {@link #NAMES}). */
    public void add(String name, String key, long value, int calls) {
        Item item = items.get(name).computeIfAbsent(key, k -> new Item());
        item.value.add(value);
        item.calls.add(calls);
    }

    /** Takes the samples due at {@code nowMillis}; call every {@link BrokerStats#SAMPLE_INTERVAL_MILLIS}. */
    public synchronized void sample(long nowMillis) {
        for (Map<String, Item> byKey : items.values()) {
            for (Item item : byKey.values()) {
                long v = item.value.sum();
                long c = item.calls.sum();
                item.minute.sample(nowMillis, c, v);
                item.hour.sample(nowMillis, c, v);
                item.day.sample(nowMillis, c, v);
            }
        }
    }

    /** The windows of {@code key} of statistic {@code name}; null when the name is unknown or the key has no data. */
    public synchronized Snapshot window(String name, String key) {
        Map<String, Item> byKey = items.get(name);
        Item item = byKey == null || key == null ? null : byKey.get(key);
        if (item == null) {
            return null;
        }
        return new Snapshot(item.minute.window(), item.hour.window(), item.day.window());
    }

    private static final class Item {
        final LongAdder value = new LongAdder();
        final LongAdder calls = new LongAdder();
        final Ring minute = new Ring(MINUTE_PERIOD_MILLIS, 7);
        final Ring hour = new Ring(HOUR_PERIOD_MILLIS, 7);
        final Ring day = new Ring(DAY_PERIOD_MILLIS, 25);
    }

    /** Samples of one window, oldest first; guarded by the table's monitor. */
    private static final class Ring {
        private final long period;
        private final int capacity;
        private final ArrayDeque<long[]> samples = new ArrayDeque<>();

        Ring(long period, int capacity) {
            this.period = period;
            this.capacity = capacity;
        }

        void sample(long now, long calls, long value) {
            if (samples.isEmpty()) {
                samples.add(new long[] {now - period, 0, 0});
            } else if (now - samples.peekLast()[0] < period - TOLERANCE_MILLIS) {
                return;
            }
            samples.add(new long[] {now, calls, value});
            if (samples.size() > capacity) {
                samples.removeFirst();
            }
        }

        Window window() {
            if (samples.isEmpty()) {
                return Window.EMPTY;
            }
            long[] first = samples.peekFirst();
            long[] last = samples.peekLast();
            long sum = last[2] - first[2];
            long span = last[0] - first[0];
            long calls = last[1] - first[1];
            return new Window(sum, span <= 0 ? 0 : sum * 1000.0 / span, calls > 0 ? (double) sum / calls : 0);
        }
    }
}
