package dev.petrel.broker.stats;

import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneId;
import java.util.Locale;
import java.util.concurrent.atomic.LongAdder;

/**
 * Message counters of the broker: messages stored and messages handed to consumers, with the throughput windows and
 * day marks that GET_BROKER_RUNTIME_INFO reports ({@code putTps}, {@code msgPutTotalTodayMorning}, ...).
 *
 * <p>The hot path only adds to a {@link LongAdder} ({@link #recordPut}, {@link #recordGet}). {@link #sample} runs on
 * the housekeeping thread every {@link #SAMPLE_INTERVAL_MILLIS} and keeps ten minutes of totals; rates are computed
 * from them on request. Readers and the sampler share this object's monitor. Per consumer group and topic the same
 * is done by {@link GroupGetRates} (its own monitor), and the named statistics of VIEW_BROKER_STATS_DATA by
 * {@link StatsTable} (its own monitor; sampled from {@link #sample}).
 */
public final class BrokerStats {

    public static final long SAMPLE_INTERVAL_MILLIS = 10_000;
    /** 600 s of samples plus the current one. */
    private static final int SAMPLES = 61;

    private final ZoneId zone;
    private final LongAdder puts = new LongAdder();
    private final LongAdder gets = new LongAdder();
    private final GroupGetRates groupGets;
    private final String clusterName;
    private final StatsTable table = new StatsTable();
    private final TopicPuts topicPuts;
    private final RequestLatencies latencies;
    private final DeadLetters deadLetters = new DeadLetters();
    private final CreateTimes createTimes = new CreateTimes();
    private final boolean metricsOn;
    private final long[] sampleTimes = new long[SAMPLES];
    private final long[] samplePuts = new long[SAMPLES];
    private final long[] sampleGets = new long[SAMPLES];
    private int samples;
    private int head = -1;
    private LocalDate today;
    private long putTodayMorning;
    private long putYesterdayMorning;
    private long getTodayMorning;
    private long getYesterdayMorning;

    public BrokerStats(ZoneId zone, long nowMillis) {
        this(zone, nowMillis, "DefaultCluster");
    }

    /** @param clusterName the key of {@code BROKER_PUT_NUMS} and {@code BROKER_GET_NUMS} (Apache's choice) */
    public BrokerStats(ZoneId zone, long nowMillis, String clusterName) {
        this(zone, nowMillis, clusterName, true);
    }

    /**
     * @param metricsOn whether the figures only the metrics endpoint reads are kept: the latency and size histograms
     *                  ({@link #latencies()}, the per-topic size histograms, {@link #metricsOn()} for the other
     *                  recorders). Off with {@code metricsExporterType=DISABLE}, as RocketMQ's instruments are no-ops
     *                  then; the counters that GET_BROKER_RUNTIME_INFO and VIEW_BROKER_STATS_DATA read are kept anyway.
     */
    public BrokerStats(ZoneId zone, long nowMillis, String clusterName, boolean metricsOn) {
        this.metricsOn = metricsOn;
        this.topicPuts = new TopicPuts(metricsOn);
        this.latencies = new RequestLatencies(metricsOn);
        this.zone = zone;
        this.today = day(nowMillis);
        this.groupGets = new GroupGetRates(nowMillis);
        this.clusterName = clusterName;
        sample(nowMillis);
    }

    /** Messages stored (a batch counts each message). */
    public void recordPut(int messages) {
        puts.add(messages);
    }

    /**
     * {@code messages} records of {@code bytes} in all stored in {@code topic} (the topic the producer named) by one
     * request: the total and the topic's counters, which the metrics and VIEW_BROKER_STATS_DATA's TOPIC_PUT_NUMS/SIZE
     * both read. One map lookup and four adds on the send path.
     */
    public void recordPut(String topic, MessageType type, int messages, long bytes) {
        puts.add(messages);
        topicPuts.record(topic, type, messages, bytes);
    }

    /** Visits what {@link #recordPut(String, MessageType, int, long)} counted, per topic and type (non-zero only). */
    public void forEachTopicPut(TopicPutVisitor visitor) {
        topicPuts.forEach((topic, counts) -> {
            for (MessageType type : MessageType.ALL) {
                long n = counts.messages(type);
                if (n != 0) {
                    visitor.visit(topic, type, n, counts.bytes(type));
                }
            }
        });
    }

    /** Visits the messages and bytes handed to each consumer group per topic. */
    public void forEachGroupGet(GroupGetVisitor visitor) {
        groupGets.forEach(visitor);
    }

    /** Whether the metrics-only figures are kept (see the constructor). */
    public boolean metricsOn() {
        return metricsOn;
    }

    /**
     * Visits the size histogram of each topic and type with a sized request (requests' mean record size, bytes; kept
     * only with the metrics on): its bounds, its counts per bucket (not cumulative, one more than the bounds) and sum.
     */
    public void forEachTopicSizes(TopicSizesVisitor visitor) {
        topicPuts.forEach((topic, counts) -> {
            for (MessageType type : MessageType.ALL) {
                long[] n = counts.sizeCounts(type);
                if (n != null && java.util.Arrays.stream(n).sum() > 0) {
                    visitor.visit(topic, type, TopicPuts.SIZE_BOUNDS, n, counts.sizeSum(type));
                }
            }
        });
    }

    /** What {@link #forEachTopicSizes} reports. */
    @FunctionalInterface
    public interface TopicSizesVisitor {
        void visit(String topic, MessageType type, double[] bounds, long[] counts, long sum);
    }

    /** Messages sent to dead-letter topics, per group and original topic. */
    public DeadLetters deadLetters() {
        return deadLetters;
    }

    /** Topic and group creation times. */
    public CreateTimes createTimes() {
        return createTimes;
    }

    /** Send and pull latencies (recorded by the processors when they answer). */
    public RequestLatencies latencies() {
        return latencies;
    }

    /** Forgets a deleted topic's send counters. */
    public void topicDeleted(String topic) {
        topicPuts.remove(topic);
        table.untrack(StatsTable.TOPIC_PUT_NUMS, topic);
        table.untrack(StatsTable.TOPIC_PUT_SIZE, topic);
    }

    /** What {@link #forEachTopicPut} reports. */
    @FunctionalInterface
    public interface TopicPutVisitor {
        void visit(String topic, MessageType type, long messages, long bytes);
    }

    /** What {@link #forEachGroupGet} reports. */
    @FunctionalInterface
    public interface GroupGetVisitor {
        void visit(String topic, String group, long messages, long bytes);
    }

    /** Messages handed to consumers. */
    public void recordGet(int messages) {
        gets.add(messages);
    }

    /** Messages handed to {@code group} from {@code topic} (also counted by {@link #recordGet(int)}). */
    public void recordGet(String group, String topic, int messages) {
        recordGet(group, topic, messages, 0);
    }

    /** {@code messages} records of {@code bytes} in all handed to {@code group} from {@code topic} by one pull. */
    public void recordGet(String group, String topic, int messages, long bytes) {
        gets.add(messages);
        groupGets.record(group, topic, messages, bytes);
    }

    /** The VIEW_BROKER_STATS_DATA windows of {@code key} of {@code name}; null when there is no such statistic. */
    public StatsTable.Snapshot statsData(String name, String key) {
        StatsTable.Snapshot s = table.window(name, key);
        if (s != null || key == null) {
            return s;
        }
        // Counted but not sampled yet: Apache creates a key's statistic with its first count, so it answers (with
        // empty windows) before the first sample too.
        if (StatsTable.TOPIC_PUT_NUMS.equals(name) || StatsTable.TOPIC_PUT_SIZE.equals(name)) {
            TopicPuts.Counts c = topicPuts.counts(key);
            if (c != null) {
                track(key, c);
            }
        } else if (StatsTable.GROUP_GET_NUMS.equals(name) || StatsTable.GROUP_GET_SIZE.equals(name)) {
            groupGets.trackIn(table, key);
        } else if (key.equals(clusterName)) {
            trackCounted();
        }
        return table.window(name, key);
    }

    /**
     * Lets the table sample every counter that has counted something and is not tracked yet. A statistic starts
     * with its first count, as Apache's does, so its first window runs from the sample before that count.
     */
    private void trackCounted() {
        topicPuts.forEach(this::track);
        groupGets.trackIn(table);
        if (puts.sum() > 0) {
            table.track(StatsTable.BROKER_PUT_NUMS, clusterName, puts::sum, () -> 0);
        }
        if (gets.sum() > 0) {
            table.track(StatsTable.BROKER_GET_NUMS, clusterName, gets::sum, () -> 0);
        }
    }

    private void track(String topic, TopicPuts.Counts c) {
        table.track(StatsTable.TOPIC_PUT_NUMS, topic, c::totalMessages, c::calls);
        table.track(StatsTable.TOPIC_PUT_SIZE, topic, c::totalBytes, c::calls);
    }

    /** Messages per second handed to {@code group} from {@code topic} over about the last minute (consumeTps). */
    public double groupGetTps(String group, String topic, long nowMillis) {
        return groupGets.tps(group, topic, nowMillis);
    }

    public long putTotal() {
        return puts.sum();
    }

    public long getTotal() {
        return gets.sum();
    }

    /** Records the current totals and moves the day marks at local midnight. */
    public synchronized void sample(long nowMillis) {
        long p = puts.sum();
        long g = gets.sum();
        LocalDate d = day(nowMillis);
        if (!d.equals(today)) {
            boolean consecutive = d.equals(today.plusDays(1));
            putYesterdayMorning = consecutive ? putTodayMorning : p;
            getYesterdayMorning = consecutive ? getTodayMorning : g;
            putTodayMorning = p;
            getTodayMorning = g;
            today = d;
        }
        head = (head + 1) % SAMPLES;
        sampleTimes[head] = nowMillis;
        samplePuts[head] = p;
        sampleGets[head] = g;
        samples = Math.min(samples + 1, SAMPLES);
        groupGets.sample(nowMillis);
        // VIEW_BROKER_STATS_DATA samples the counters above; a topic or group seen since the last sample joins now
        trackCounted();
        table.sample(nowMillis);
    }

    /** {@code "tps10 tps60 tps600"} of stored messages, as Apache formats {@code putTps}. */
    public synchronized String putTps(long nowMillis) {
        return rates(nowMillis, puts.sum(), samplePuts);
    }

    /** {@code "tps10 tps60 tps600"} of messages handed to consumers ({@code getTransferredTps}). */
    public synchronized String getTps(long nowMillis) {
        return rates(nowMillis, gets.sum(), sampleGets);
    }

    /** Stored messages per second over the last {@code windowSeconds} (approximately, from the samples). */
    public synchronized double putRate(long nowMillis, int windowSeconds) {
        return rate(nowMillis, puts.sum(), samplePuts, windowSeconds * 1000L);
    }

    public synchronized long putTodayMorning() {
        return putTodayMorning;
    }

    public synchronized long putYesterdayMorning() {
        return putYesterdayMorning;
    }

    public synchronized long getTodayMorning() {
        return getTodayMorning;
    }

    public synchronized long getYesterdayMorning() {
        return getYesterdayMorning;
    }

    private String rates(long now, long total, long[] series) {
        return String.format(Locale.ROOT, "%.2f %.2f %.2f", rate(now, total, series, 10_000),
            rate(now, total, series, 60_000), rate(now, total, series, 600_000));
    }

    /** Rate from the newest sample at least {@code windowMillis} old (or the oldest one) to now. */
    private double rate(long now, long total, long[] series, long windowMillis) {
        if (samples == 0) {
            return 0;
        }
        int chosen = -1;
        for (int i = 0; i < samples; i++) {
            int idx = Math.floorMod(head - i, SAMPLES);
            chosen = idx;
            if (now - sampleTimes[idx] >= windowMillis) {
                break;
            }
        }
        long dt = now - sampleTimes[chosen];
        if (dt <= 0) {
            return 0;
        }
        return (total - series[chosen]) * 1000.0 / dt;
    }

    private LocalDate day(long millis) {
        return Instant.ofEpochMilli(millis).atZone(zone).toLocalDate();
    }
}
