package dev.petrel.apachebench;

import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;

/**
 * Everything a run counts. Sending threads, the client's callback threads and its consume threads record; the run's
 * thread reads. "Of the run" counts cover the whole run (warm-up included) and tell the e2e drain when every message
 * this run sent has arrived.
 */
final class RunMetrics {

    final LoadMeter sent = new LoadMeter();
    final LoadMeter received = new LoadMeter();
    final ErrorKinds errors = new ErrorKinds();
    private final LongAdder sentByRun = new LongAdder();
    private final LongAdder receivedOfRun = new LongAdder();
    private final AtomicLong receivedAll = new AtomicLong();
    private final AtomicLong firstReceiptNanos = new AtomicLong();
    private final AtomicLong lastReceiptNanos = new AtomicLong();

    void recordSentByRun(int messages) {
        sentByRun.add(messages);
    }

    void recordReceivedOfRun() {
        receivedOfRun.increment();
    }

    /** @return how many messages were received in all, this one included */
    long recordReceipt(long nowNanos) {
        firstReceiptNanos.compareAndSet(0, nowNanos);
        lastReceiptNanos.accumulateAndGet(nowNanos, Math::max);
        return receivedAll.incrementAndGet();
    }

    long sentByRun() {
        return sentByRun.sum();
    }

    long receivedOfRun() {
        return receivedOfRun.sum();
    }

    long receivedAll() {
        return receivedAll.get();
    }

    /** 0 until the first message arrived. */
    long firstReceiptNanos() {
        return firstReceiptNanos.get();
    }

    long lastReceiptNanos() {
        return lastReceiptNanos.get();
    }
}
