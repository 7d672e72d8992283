package dev.petrel.store.commitlog;

import java.util.concurrent.atomic.LongAdder;

/**
 * How long the CommitLog's forces take: a histogram with fixed upper bounds ({@link #BOUNDS_MICROS}) of every force
 * that moved the flushed offset (ASYNC_FLUSH's loop and SYNC_FLUSH's group commit alike), the source of
 * {@code petrel_storage_flush_latency_milliseconds}. Recorded by the one flusher thread of the mode, read by any
 * thread ({@link #snapshot}); a snapshot racing a record may see the count and the sum one force apart.
 */
public final class FlushTimes {

    /** Upper bounds in microseconds: a page-cache force takes tens of µs, a disk's fsync ms, a sick disk seconds. */
    static final long[] BOUNDS_MICROS = {100, 500, 1_000, 2_000, 5_000, 10_000, 50_000, 100_000, 500_000,
        1_000_000, 5_000_000};

    private final LongAdder[] counts = new LongAdder[BOUNDS_MICROS.length + 1];
    private final LongAdder sumMicros = new LongAdder();

    public FlushTimes() {
        for (int i = 0; i < counts.length; i++) {
            counts[i] = new LongAdder();
        }
    }

    /** One force that took {@code nanos}. */
    public void record(long nanos) {
        long micros = Math.max(0, nanos / 1_000);
        int i = 0;
        while (i < BOUNDS_MICROS.length && micros > BOUNDS_MICROS[i]) {
            i++;
        }
        counts[i].increment();
        sumMicros.add(micros);
    }

    public Snapshot snapshot() {
        long[] n = new long[counts.length];
        for (int i = 0; i < n.length; i++) {
            n[i] = counts[i].sum();
        }
        return new Snapshot(BOUNDS_MICROS.clone(), n, sumMicros.sum());
    }

    /**
     * @param boundsMicros upper bounds of all buckets but the last (which has none)
     * @param counts       forces per bucket (not cumulative), {@code boundsMicros.length + 1} of them
     * @param sumMicros    the forces' total time
     */
    public record Snapshot(long[] boundsMicros, long[] counts, long sumMicros) {

        /** A store that does not time its forces. */
        public static final Snapshot EMPTY = new FlushTimes().snapshot();

        public long count() {
            long c = 0;
            for (long n : counts) {
                c += n;
            }
            return c;
        }
    }
}
