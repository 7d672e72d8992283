package dev.petrel.common.metrics;

import java.util.concurrent.atomic.AtomicLongArray;
import java.util.concurrent.atomic.LongAdder;

/**
 * A lock-free histogram of non-negative long values (latencies in ms or µs, lateness of deliveries...), cheap enough
 * for hot paths: {@link #record} is one array increment. Values are bucketed on a log scale with 8 sub-buckets per
 * power of two, so any reported percentile is within 12.5% above the true value. Any thread may record; readers
 * take a {@link Snapshot}.
 */
public final class Histogram {

    private static final int SUB_BITS = 3;
    private static final int SUB = 1 << SUB_BITS;
    /** Buckets 0..SUB-1 hold values 0..SUB-1 exactly; then SUB buckets per power of two up to 2^63. */
    private static final int BUCKETS = SUB + (64 - SUB_BITS) * SUB;

    private final AtomicLongArray counts = new AtomicLongArray(BUCKETS);
    private final LongAdder total = new LongAdder();
    private final LongAdder sum = new LongAdder();
    private volatile long max;

    /** Records one value; negative values count as 0. */
    public void record(long value) {
        long v = Math.max(0, value);
        counts.incrementAndGet(bucketOf(v));
        total.increment();
        sum.add(v);
        long m = max;
        while (v > m) { // a lost race only means another thread recorded a larger value
            max = v;
            m = max;
        }
    }

    static int bucketOf(long v) {
        if (v < SUB) {
            return (int) v;
        }
        int log = 63 - Long.numberOfLeadingZeros(v); // >= SUB_BITS
        int sub = (int) ((v >>> (log - SUB_BITS)) & (SUB - 1));
        return SUB + (log - SUB_BITS) * SUB + sub;
    }

    /** The largest value that falls into {@code bucket}. */
    static long upperBound(int bucket) {
        if (bucket < SUB) {
            return bucket;
        }
        int log = (bucket - SUB) / SUB + SUB_BITS;
        long sub = (bucket - SUB) % SUB;
        long base = (1L << log) + (sub << (log - SUB_BITS));
        long width = 1L << (log - SUB_BITS);
        return base + width - 1 < 0 ? Long.MAX_VALUE : base + width - 1;
    }

    public Snapshot snapshot() {
        long[] copy = new long[BUCKETS];
        long n = 0;
        for (int i = 0; i < BUCKETS; i++) {
            copy[i] = counts.get(i);
            n += copy[i];
        }
        return new Snapshot(copy, n, sum.sum(), max);
    }

    /** A consistent-enough copy for reporting (counts taken bucket by bucket while writers may continue). */
    public static final class Snapshot {
        private final long[] counts;
        private final long count;
        private final long sum;
        private final long max;

        Snapshot(long[] counts, long count, long sum, long max) {
            this.counts = counts;
            this.count = count;
            this.sum = sum;
            this.max = max;
        }

        public long count() {
            return count;
        }

        public long max() {
            return max;
        }

        public double mean() {
            return count == 0 ? 0 : (double) sum / count;
        }

        /** The value at or below which {@code percentile}% of the values lie (upper bucket bound, capped at max). */
        public long percentile(double percentile) {
            if (count == 0) {
                return 0;
            }
            long rank = (long) Math.ceil(percentile / 100.0 * count);
            rank = Math.max(1, Math.min(count, rank));
            long seen = 0;
            for (int i = 0; i < counts.length; i++) {
                seen += counts[i];
                if (seen >= rank) {
                    return Math.min(upperBound(i), max);
                }
            }
            return max;
        }

        @Override
        public String toString() {
            return "count=" + count + " p50=" + percentile(50) + " p90=" + percentile(90) + " p99=" + percentile(99)
                + " max=" + max;
        }
    }
}
