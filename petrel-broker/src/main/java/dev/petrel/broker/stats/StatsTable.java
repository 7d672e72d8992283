package dev.petrel.broker.stats;

import java.util.ArrayDeque;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.function.LongSupplier;

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
 * <p>The running values are not kept here: each (name, key) is {@link #track tracked} from totals their owner keeps
 * anyway (BrokerStats' per-topic puts, per-group gets and totals), so a send or a pull adds to one set of counters
 * and this table costs nothing on those paths. Threading: {@link #track}, {@link #untrack}, {@link #sample} (the
 * housekeeping thread) and {@link #window} (admin threads) share this object's monitor.
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

    private final Map<String, Map<String, Item>> items = new HashMap<>();

    public StatsTable() {
        for (String name : NAMES) {
            items.put(name, new HashMap<>());
        }
    }

    /**
     * Samples {@code value} and {@code calls}, running totals that only grow, as {@code key} of statistic {@code name}
     * (one of {@link #NAMES}) from the next {@link #sample} on. A key already tracked keeps its sources.
     */
    public synchronized void track(String name, String key, LongSupplier value, LongSupplier calls) {
        items.get(name).computeIfAbsent(key, k -> new Item(value, calls));
    }

    /** Forgets {@code key} of statistic {@code name} (its owner dropped the totals, e.g. the topic was deleted). */
    public synchronized void untrack(String name, String key) {
        items.get(name).remove(key);
    }

    /** Takes the samples due at {@code nowMillis}; call every {@link BrokerStats#SAMPLE_INTERVAL_MILLIS}. */
    public synchronized void sample(long nowMillis) {
        for (Map<String, Item> byKey : items.values()) {
            for (Item item : byKey.values()) {
                long v = item.value.getAsLong();
                long c = item.calls.getAsLong();
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
        final LongSupplier value;
        final LongSupplier calls;
        final Ring minute = new Ring(MINUTE_PERIOD_MILLIS, 7);
        final Ring hour = new Ring(HOUR_PERIOD_MILLIS, 7);
        final Ring day = new Ring(DAY_PERIOD_MILLIS, 25);

        Item(LongSupplier value, LongSupplier calls) {
            this.value = value;
            this.calls = calls;
        }
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
