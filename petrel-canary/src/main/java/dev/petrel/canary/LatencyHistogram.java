package dev.petrel.canary;

/**
 * End-to-end latencies of one broker, in the fixed buckets of {@link CanaryReport.Latency}. Single writer: the
 * canary's thread; others see {@link #snapshot()}s.
 */
final class LatencyHistogram {

    private static final double[] BOUNDS = CanaryReport.Latency.BOUNDS_MILLIS;

    private final long[] buckets = new long[BOUNDS.length + 1];
    private long count;
    private long sum;
    private long max;

    /** Records one latency; a negative one (clocks apart) counts as 0. */
    void record(long millis) {
        long value = Math.max(0, millis);
        int i = 0;
        while (i < BOUNDS.length && value > BOUNDS[i]) {
            i++;
        }
        buckets[i]++;
        count++;
        sum += value;
        max = Math.max(max, value);
    }

    CanaryReport.Latency snapshot() {
        return new CanaryReport.Latency(buckets, count, sum, max);
    }
}
