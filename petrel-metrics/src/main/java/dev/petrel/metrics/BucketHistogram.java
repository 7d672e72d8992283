package dev.petrel.metrics;

import io.prometheus.metrics.model.snapshots.ClassicHistogramBuckets;
import io.prometheus.metrics.model.snapshots.HistogramSnapshot;
import io.prometheus.metrics.model.snapshots.HistogramSnapshot.HistogramDataPointSnapshot;
import io.prometheus.metrics.model.snapshots.Labels;
import java.util.Arrays;
import java.util.concurrent.atomic.LongAdder;

/**
 * A histogram with fixed upper bounds (RocketMQ's explicit views, operations.md §1.6), cheap enough for a request
 * path: {@link #record} walks at most a dozen bounds and adds to two {@link LongAdder}s; no allocation, no lock. Any
 * thread records; a scrape reads the adders ({@link #dataPoint}), so a scrape racing a record may see the count and
 * the sum one value apart.
 */
public final class BucketHistogram {

    /** {@code rocketmq_rpc_latency}'s bounds, in milliseconds. */
    public static final double[] RPC_LATENCY_MILLIS = {1, 3, 5, 7, 10, 100, 1000, 2000, 3000};
    /** {@code rocketmq_message_size}'s bounds, in bytes (1 KiB … 4 MiB). */
    public static final double[] MESSAGE_SIZE_BYTES = {1024, 4096, 524288, 1048576, 2097152, 4194304};
    /** {@code rocketmq_topic_create_execution_time}'s and the group's, in milliseconds. */
    public static final double[] CREATE_TIME_MILLIS = {10, 100, 1000, 3000, 5000};
    /** {@code rocketmq_finish_message_latency}'s, in seconds (RocketMQ declares milliseconds, records seconds). */
    public static final double[] FINISH_LATENCY_SECONDS = {5, 60, 600, 3600, 43200, 86400};

    private final double[] bounds;
    private final LongAdder[] counts;
    private final LongAdder sum = new LongAdder();

    public BucketHistogram(double[] upperBounds) {
        this.bounds = upperBounds.clone();
        this.counts = new LongAdder[bounds.length + 1];
        for (int i = 0; i < counts.length; i++) {
            counts[i] = new LongAdder();
        }
    }

    /** Records one value (in the unit of the bounds). */
    public void record(long value) {
        counts[bucket(bounds, value)].increment();
        sum.add(value);
    }

    /** Values recorded. */
    public long count() {
        long n = 0;
        for (LongAdder c : counts) {
            n += c.sum();
        }
        return n;
    }

    /** The series of this histogram with {@code labels}. */
    public HistogramDataPointSnapshot dataPoint(Labels labels) {
        long[] n = new long[counts.length];
        for (int i = 0; i < counts.length; i++) {
            n[i] = counts[i].sum();
        }
        return dataPoint(bounds, n, sum.sum(), labels);
    }

    /**
     * A series from counts kept elsewhere (a compact per-topic array, a store's own histogram).
     *
     * @param bounds the upper bounds of all buckets but the last, which has none
     * @param counts values per bucket, not cumulative: {@code bounds.length + 1} of them
     * @param sum    the values' sum, in the unit of the bounds
     */
    public static HistogramDataPointSnapshot dataPoint(double[] bounds, long[] counts, double sum, Labels labels) {
        double[] upper = Arrays.copyOf(bounds, bounds.length + 1);
        upper[bounds.length] = Double.POSITIVE_INFINITY;
        return HistogramDataPointSnapshot.builder().classicHistogramBuckets(ClassicHistogramBuckets.of(upper, counts))
            .sum(sum).labels(labels).build();
    }

    /** The index of the bucket of {@code value}: the first bound it does not exceed, else the last bucket. */
    public static int bucket(double[] bounds, long value) {
        int i = 0;
        while (i < bounds.length && value > bounds[i]) {
            i++;
        }
        return i;
    }

    /** A family of histograms. */
    public static HistogramSnapshot.Builder family(String name, String help) {
        return HistogramSnapshot.builder().name(name).help(help);
    }
}
