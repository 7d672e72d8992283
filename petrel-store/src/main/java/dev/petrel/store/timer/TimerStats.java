package dev.petrel.store.timer;

import dev.petrel.common.metrics.Histogram;

import java.util.concurrent.atomic.LongAdder;

/**
 * The timer's counters and its lateness histogram. Written by the timer thread; read by anyone through
 * {@link #snapshot}.
 *
 * <p>Lateness is the delivery time minus the requested delivery time, in ms: what a consumer waiting for the message
 * sees beyond what it asked for (the put into the real topic; consumers then see it after their long-poll wake-up).
 */
public final class TimerStats {

    private final Histogram lateness = new Histogram();
    private final LongAdder enqueued = new LongAdder();
    private final LongAdder delivered = new LongAdder();
    private final LongAdder cancelled = new LongAdder();
    private final LongAdder rolled = new LongAdder();
    private final LongAdder duplicatesSuppressed = new LongAdder();
    private final LongAdder unreadable = new LongAdder();
    private volatile long backlog;
    private volatile long readBehindMillis;
    private volatile long offsetBehind;
    private volatile double enqueueTps;
    private volatile double dequeueTps;
    private long lastSampleNanos = Long.MIN_VALUE;
    private long lastEnqueued;
    private long lastDelivered;

    /**
     * The figures at one moment.
     *
     * @param backlog             timer messages waiting for their time (RocketMQ's {@code timerCongestNum})
     * @param readBehindMillis    how far the delivery position is behind the clock
     * @param offsetBehind        timer-topic entries not yet taken into the index ({@code timerOffsetBehind})
     * @param duplicatesSuppressed deliveries skipped after a restart because the crashed run had already made them
     * @param unreadable          timer entries whose stored message could not be read (CommitLog file gone)
     */
    public record Snapshot(long backlog, long enqueued, long delivered, long cancelled, long rolled,
                           long duplicatesSuppressed, long unreadable, long readBehindMillis, long offsetBehind,
                           double enqueueTps, double dequeueTps, Histogram.Snapshot lateness) {
    }

    void enqueued() {
        enqueued.increment();
    }

    void delivered(long latenessMillis) {
        delivered.increment();
        lateness.record(latenessMillis);
    }

    void cancelled() {
        cancelled.increment();
    }

    void rolled() {
        rolled.increment();
    }

    void duplicateSuppressed() {
        duplicatesSuppressed.increment();
    }

    void unreadable() {
        unreadable.increment();
    }

    void gauges(long backlogNow, long readBehindNow, long offsetBehindNow) {
        this.backlog = backlogNow;
        this.readBehindMillis = readBehindNow;
        this.offsetBehind = offsetBehindNow;
    }

    /** Updates the rates; the timer thread calls it every few seconds. */
    void sampleRates(long nowNanos) {
        long e = enqueued.sum();
        long d = delivered.sum();
        if (lastSampleNanos != Long.MIN_VALUE && nowNanos > lastSampleNanos) {
            double seconds = (nowNanos - lastSampleNanos) / 1e9;
            enqueueTps = (e - lastEnqueued) / seconds;
            dequeueTps = (d - lastDelivered) / seconds;
        }
        lastSampleNanos = nowNanos;
        lastEnqueued = e;
        lastDelivered = d;
    }

    long lastSampleNanos() {
        return lastSampleNanos;
    }

    public Snapshot snapshot() {
        return new Snapshot(backlog, enqueued.sum(), delivered.sum(), cancelled.sum(), rolled.sum(),
            duplicatesSuppressed.sum(), unreadable.sum(), readBehindMillis, offsetBehind, enqueueTps, dequeueTps,
            lateness.snapshot());
    }
}
