package dev.petrel.server.bench;

import dev.petrel.common.metrics.Histogram;
import java.util.concurrent.atomic.LongAdder;

/**
 * Counts one stream of events (messages sent, messages received) with their bytes and a latency per event, for the
 * current report interval and for the measured total.
 *
 * <p>Any thread records. One thread, the run's reporting thread, calls {@link #roll} and {@link #restart}: they swap in
 * fresh histograms and reset counters, so an event recorded during the swap may land in the previous interval. That
 * is at most a handful of events per interval and it is accepted for a load tool; nothing is ever counted twice.
 */
final class Meter {

    private final LongAdder intervalEvents = new LongAdder();
    private final LongAdder intervalBytes = new LongAdder();
    private final LongAdder totalEvents = new LongAdder();
    private final LongAdder totalBytes = new LongAdder();
    private volatile Histogram interval = new Histogram();
    private volatile Histogram total = new Histogram();

    /**
     * Records a call that moved {@code messages} messages ({@code bytes} of bodies) in {@code latencyMicros}: the
     * counts are per message, the latency per call (a batch of 32 is one latency sample).
     */
    void record(int messages, long bytes, long latencyMicros) {
        intervalEvents.add(messages);
        intervalBytes.add(bytes);
        totalEvents.add(messages);
        totalBytes.add(bytes);
        interval.record(latencyMicros);
        total.record(latencyMicros);
    }

    /** The interval that ends now ({@code nanos} long), and a fresh one. Reporting thread only. */
    Reading roll(long nanos) {
        Histogram ended = interval;
        interval = new Histogram();
        return new Reading(intervalEvents.sumThenReset(), intervalBytes.sumThenReset(), ended.snapshot(), nanos);
    }

    /** Starts the measured total from zero (end of the warm-up). Reporting thread only. */
    void restart() {
        total = new Histogram();
        totalEvents.reset();
        totalBytes.reset();
    }

    /** The measured total so far, over {@code nanos}. */
    Reading total(long nanos) {
        return new Reading(totalEvents.sum(), totalBytes.sum(), total.snapshot(), nanos);
    }

    /** Events counted since the last {@link #restart()}. */
    long totalEvents() {
        return totalEvents.sum();
    }

    /** Counts, bytes and latencies (µs) over a span of {@code nanos}. */
    record Reading(long messages, long bytes, Histogram.Snapshot latency, long nanos) {

        double messagesPerSecond() {
            return nanos <= 0 ? 0 : messages * 1e9 / nanos;
        }

        double mebibytesPerSecond() {
            return nanos <= 0 ? 0 : bytes * 1e9 / nanos / (1024.0 * 1024.0);
        }
    }
}
