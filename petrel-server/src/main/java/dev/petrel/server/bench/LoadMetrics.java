package dev.petrel.server.bench;

import java.util.concurrent.atomic.LongAdder;

/**
 * What a run records: sent and received messages with their latencies, failed calls, and the run's own message
 * counts over all phases (to tell, after the drain, whether every message sent was received). Any thread records;
 * the run's reporting thread reads.
 */
final class LoadMetrics {

    private final Meter sent = new Meter();
    private final Meter received = new Meter();
    private final DistinctErrors errors = new DistinctErrors();
    private final LongAdder sentByRun = new LongAdder();
    private final LongAdder receivedOfRun = new LongAdder();
    private final LongAdder foreign = new LongAdder();

    /** Messages acknowledged by the broker (or written, for oneway), latency per call. */
    Meter sent() {
        return sent;
    }

    /** Bench messages consumed, end-to-end latency per message. */
    Meter received() {
        return received;
    }

    DistinctErrors errors() {
        return errors;
    }

    void recordSentByRun(int messages) {
        sentByRun.add(messages);
    }

    void recordReceivedOfRun() {
        receivedOfRun.increment();
    }

    /** A consumed message without a bench header: not counted in {@link #received()}. */
    void recordForeign() {
        foreign.increment();
    }

    /** Messages of this run sent successfully, warm-up included. */
    long sentByRun() {
        return sentByRun.sum();
    }

    /** Messages of this run received, warm-up included. */
    long receivedOfRun() {
        return receivedOfRun.sum();
    }

    long foreignCount() {
        return foreign.sum();
    }

    /** The measured phase starts now: totals from zero. */
    void restart() {
        sent.restart();
        received.restart();
        errors.restart();
    }
}
