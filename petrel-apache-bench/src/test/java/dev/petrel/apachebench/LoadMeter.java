package dev.petrel.apachebench;

import java.util.concurrent.atomic.LongAdder;

/**
 * One stream of events (messages sent, messages received): counts, body bytes and a latency per call, for the
 * current progress interval and for the measured total. Any thread records; the run's thread alone calls
 * {@link #roll} and {@link #restart} (an event recorded during the swap may land in the neighbouring interval).
 */
final class LoadMeter {

    private final LongAdder intervalEvents = new LongAdder();
    private final LongAdder totalEvents = new LongAdder();
    private final LongAdder totalBytes = new LongAdder();
    private volatile LatencyHistogram interval = new LatencyHistogram();
    private volatile LatencyHistogram total = new LatencyHistogram();

    /** A call that moved {@code messages} messages ({@code bytes} of bodies) in {@code micros} (one sample per call). */
    void record(int messages, long bytes, long micros) {
        intervalEvents.add(messages);
        totalEvents.add(messages);
        totalBytes.add(bytes);
        interval.record(micros);
        total.record(micros);
    }

    /** Events of the interval that ends now and its latencies; starts a fresh interval. */
    Interval roll() {
        LatencyHistogram ended = interval;
        interval = new LatencyHistogram();
        return new Interval(intervalEvents.sumThenReset(), ended.snapshot());
    }

    /** Starts the measured totals from zero (the end of the warm-up). */
    void restart() {
        total = new LatencyHistogram();
        totalEvents.reset();
        totalBytes.reset();
    }

    long events() {
        return totalEvents.sum();
    }

    long bytes() {
        return totalBytes.sum();
    }

    LatencyHistogram.Snapshot latency() {
        return total.snapshot();
    }

    record Interval(long events, LatencyHistogram.Snapshot latency) {
    }
}
