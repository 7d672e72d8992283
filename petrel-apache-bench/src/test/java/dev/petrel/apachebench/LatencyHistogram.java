package dev.petrel.apachebench;

import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicLongArray;
import java.util.concurrent.atomic.LongAdder;

/**
 * Latencies in microseconds, log-linear buckets: exact below 1,024 µs, then 512 buckets per power of two (a
 * percentile is at most 0.2 % above the value it stands for). Any thread records, lock-free; a snapshot read while
 * others record may miss the events of that instant, which a load tool accepts. 28,160 buckets, 220 KiB.
 */
final class LatencyHistogram {

    private static final int SUB_BITS = 9;
    private static final int SUB_BUCKETS = 1 << SUB_BITS;
    /** Values below this have a bucket each. */
    private static final int LINEAR = SUB_BUCKETS << 1;
    /** Exponents SUB_BITS + 1 .. 62 (the largest long) above the linear part. */
    static final int BUCKETS = LINEAR + (63 - SUB_BITS - 1) * SUB_BUCKETS;

    private final AtomicLongArray counts = new AtomicLongArray(BUCKETS);
    private final LongAdder count = new LongAdder();
    private final LongAdder sum = new LongAdder();
    private final AtomicLong max = new AtomicLong();

    /** Records one latency; a negative value (a clock step) counts as 0. */
    void record(long micros) {
        long v = Math.max(0, micros);
        counts.incrementAndGet(index(v));
        count.increment();
        sum.add(v);
        max.accumulateAndGet(v, Math::max);
    }

    static int index(long value) {
        if (value < LINEAR) {
            return (int) value;
        }
        int exponent = 63 - Long.numberOfLeadingZeros(value); // > SUB_BITS
        int shift = exponent - SUB_BITS;
        return LINEAR + (exponent - SUB_BITS - 1) * SUB_BUCKETS + (int) ((value >>> shift) - SUB_BUCKETS);
    }

    /** The smallest value that falls into bucket {@code index}. */
    static long lowest(int index) {
        if (index < LINEAR) {
            return index;
        }
        int i = index - LINEAR;
        int exponent = i / SUB_BUCKETS + SUB_BITS + 1;
        long mantissa = i % SUB_BUCKETS + SUB_BUCKETS;
        return mantissa << (exponent - SUB_BITS);
    }

    Snapshot snapshot() {
        long[] copy = new long[BUCKETS];
        long n = 0;
        for (int i = 0; i < BUCKETS; i++) {
            copy[i] = counts.get(i);
            n += copy[i];
        }
        return new Snapshot(copy, n, sum.sum(), max.get());
    }

    /** A frozen copy: percentiles by nearest rank, reported as the highest value of the bucket (at most the max). */
    static final class Snapshot {
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

        long count() {
            return count;
        }

        long max() {
            return max;
        }

        double mean() {
            return count == 0 ? 0 : (double) sum / count;
        }

        /** @param percent 0 &lt; percent &le; 100 */
        long percentile(double percent) {
            if (count == 0) {
                return 0;
            }
            long rank = Math.max(1, (long) Math.ceil(percent / 100.0 * count));
            long seen = 0;
            for (int i = 0; i < counts.length; i++) {
                seen += counts[i];
                if (seen >= rank) {
                    long highest = i + 1 < BUCKETS ? lowest(i + 1) - 1 : Long.MAX_VALUE;
                    return Math.min(highest, max);
                }
            }
            return max;
        }
    }
}
