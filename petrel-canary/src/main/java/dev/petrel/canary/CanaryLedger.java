package dev.petrel.canary;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The accounting of one canary run over every queue it knows ({@link QueueLedger} per broker and queue) and the
 * latency per broker. Pure: time comes in as arguments, and nothing here does I/O.
 *
 * <p>Threads: one writer, the canary's thread ({@code petrel-canary}); others read the {@link CanaryReport}s it
 * builds.
 */
final class CanaryLedger {

    /** What the canary's I/O knows of a queue, for its report. */
    record QueueIo(long startOffset, long nextOffset, long offsetResets, boolean sendInFlight, boolean pullInFlight) {
        static final QueueIo NONE = new QueueIo(-1, -1, 0, false, false);
    }

    /** Where the report finds a queue's I/O state. */
    interface IoSource {
        QueueIo of(String broker, int queueId);
    }

    private final long runId;
    private final int window;
    private final long graceMillis;
    private final Map<String, Map<Integer, QueueLedger>> queues = new TreeMap<>();
    private final Map<String, LatencyHistogram> latencies = new TreeMap<>();
    private long foreign;

    CanaryLedger(long runId, int window, long graceMillis) {
        this.runId = runId;
        this.window = window;
        this.graceMillis = graceMillis;
    }

    long runId() {
        return runId;
    }

    /** The queue's ledger, created on first use. */
    QueueLedger queue(String broker, int queueId) {
        latencies.computeIfAbsent(broker, b -> new LatencyHistogram());
        return queues.computeIfAbsent(broker, b -> new TreeMap<>())
            .computeIfAbsent(queueId, q -> new QueueLedger(window, graceMillis));
    }

    /**
     * A message arrived from {@code broker}'s queue {@code queueId} at {@code nowMillis}; {@code stamp} is what it
     * carried (null: not a canary message).
     */
    QueueLedger.Receipt received(String broker, int queueId, CanaryMessage.Stamp stamp, long nowMillis) {
        Map<Integer, QueueLedger> ofBroker = queues.get(broker);
        QueueLedger q = ofBroker == null ? null : ofBroker.get(queueId);
        if (stamp == null || stamp.runId() != runId || q == null) {
            foreign++;
            return null;
        }
        QueueLedger.Receipt receipt = q.received(stamp.sequence());
        if (receipt == QueueLedger.Receipt.FIRST) {
            latencies.get(broker).record(nowMillis - stamp.sentMillis());
        }
        return receipt;
    }

    /** Applies the grace period everywhere; returns the numbers newly counted lost, per "broker/queue". */
    Map<String, Integer> expire(long nowMillis) {
        Map<String, Integer> newlyLost = new TreeMap<>();
        queues.forEach((broker, ofBroker) -> ofBroker.forEach((queueId, q) -> {
            int n = q.expire(nowMillis);
            if (n > 0) {
                newlyLost.put(broker + "/" + queueId, n);
            }
        }));
        return newlyLost;
    }

    long foreign() {
        return foreign;
    }

    CanaryReport report(long atMillis, String topic, IoSource io) {
        List<CanaryReport.BrokerReport> brokers = new ArrayList<>(queues.size());
        CanaryReport.Counts total = CanaryReport.Counts.ZERO;
        CanaryReport.Latency allLatency = CanaryReport.Latency.EMPTY;
        for (Map.Entry<String, Map<Integer, QueueLedger>> b : queues.entrySet()) {
            List<CanaryReport.QueueReport> reports = new ArrayList<>(b.getValue().size());
            CanaryReport.Counts sum = CanaryReport.Counts.ZERO;
            for (Map.Entry<Integer, QueueLedger> q : b.getValue().entrySet()) {
                CanaryReport.Counts counts = q.getValue().counts();
                QueueIo state = io.of(b.getKey(), q.getKey());
                reports.add(new CanaryReport.QueueReport(q.getKey(), counts, q.getValue().nextSequence(),
                    state.startOffset(), state.nextOffset(), state.offsetResets(), state.sendInFlight(),
                    state.pullInFlight()));
                sum = sum.plus(counts);
            }
            CanaryReport.Latency latency = latencies.get(b.getKey()).snapshot();
            brokers.add(new CanaryReport.BrokerReport(b.getKey(), sum, latency, reports));
            total = total.plus(sum);
            allLatency = allLatency.plus(latency);
        }
        return new CanaryReport(atMillis, topic, runId, total, allLatency, foreign, brokers);
    }
}
