package dev.petrel.store.dispatch;

import java.util.concurrent.atomic.AtomicLongArray;

/**
 * How long acknowledged puts took from append to visible (confirmed by the gate and dispatched): a histogram of
 * power-of-two microsecond buckets, so recording is one increment and never allocates.
 *
 * <p>Threading: one writer, the thread completing acknowledgements (the dispatcher); any thread reads a snapshot.
 * Bucket {@code b} holds latencies in [2^(b-1), 2^b) µs (bucket 0: below 1 µs); a percentile is reported as its
 * bucket's upper bound, so it is exact to a factor of two, which is what a lag alarm needs.
 */
public final class DispatchLatency {

    private static final int BUCKETS = 40;

    private final AtomicLongArray counts = new AtomicLongArray(BUCKETS);
    private volatile long maxNanos;

    /** Records one latency (writer thread only). */
    public void record(long nanos) {
        long micros = Math.max(0, nanos / 1000);
        int b = Math.min(BUCKETS - 1, 64 - Long.numberOfLeadingZeros(micros));
        counts.lazySet(b, counts.get(b) + 1);
        if (nanos > maxNanos) {
            maxNanos = nanos;
        }
    }

    /** The largest latency recorded, in µs. */
    public long maxMicros() {
        return maxNanos / 1000;
    }

    public long count() {
        long n = 0;
        for (int b = 0; b < BUCKETS; b++) {
            n += counts.get(b);
        }
        return n;
    }

    /** Upper bound in µs of the bucket holding the {@code p}-quantile (0 &lt; p &le; 1); 0 if nothing was recorded. */
    public long percentileMicros(double p) {
        long total = count();
        if (total == 0) {
            return 0;
        }
        long rank = (long) Math.ceil(p * total);
        long seen = 0;
        for (int b = 0; b < BUCKETS; b++) {
            seen += counts.get(b);
            if (seen >= rank) {
                return Math.min(1L << b, Math.max(1, maxMicros()));
            }
        }
        return maxMicros();
    }
}
