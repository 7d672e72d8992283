package dev.petrel.server.bench;

/**
 * When a rate-limited sending thread may send next: one send every {@code period} nanoseconds. A thread that fell
 * behind (a slow answer) catches up by at most one period, so a stall is not followed by a burst that would distort
 * the latencies measured after it. Pure: the caller passes the time. One thread uses an instance.
 */
final class Pacer {

    private final long periodNanos;
    private long next;

    Pacer(long periodNanos, long startNanos) {
        if (periodNanos <= 0) {
            throw new IllegalArgumentException("period must be positive, got " + periodNanos);
        }
        this.periodNanos = periodNanos;
        this.next = startNanos;
    }

    /**
     * @return 0 when a send is due now (the schedule then moves one period on), otherwise the nanoseconds to wait
     */
    long poll(long nowNanos) {
        long wait = next - nowNanos;
        if (wait > 0) {
            return wait;
        }
        next = Math.max(next, nowNanos - periodNanos) + periodNanos;
        return 0;
    }
}
