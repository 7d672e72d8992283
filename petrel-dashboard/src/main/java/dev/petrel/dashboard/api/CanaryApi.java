package dev.petrel.dashboard.api;

import dev.petrel.canary.CanaryMessage;
import dev.petrel.canary.CanaryReport;
import dev.petrel.canary.CanaryReport.BrokerReport;
import dev.petrel.canary.CanaryReport.Counts;
import dev.petrel.canary.CanaryReport.Latency;
import dev.petrel.canary.CanaryReport.QueueReport;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * The canary page: the figures of the correctness canary that runs in the dashboard's own process (standalone with
 * {@code canaryEnable=true}), from its {@link CanaryReport} snapshot as it is (no admin call). Without one the answer
 * says so, and how to run one.
 */
public final class CanaryApi {

    /** What the page shows when no canary runs beside the dashboard. */
    static final String NOT_RUNNING = "no canary runs in this process: start standalone with canaryEnable=true, or "
        + "run bin/petrel canary -n ADDR and read its metrics (port 5559)";

    /** The latency of a broker or of all, as percentiles (milliseconds, upper bounds of their buckets). */
    public record LatencyView(long count, long p50, long p99, long max, double mean) {
        static LatencyView of(Latency l) {
            return new LatencyView(l.count(), l.percentileMillis(0.5), l.percentileMillis(0.99), l.maxMillis(),
                l.count() == 0 ? 0 : (double) l.sumMillis() / l.count());
        }
    }

    public record QueueView(int queueId, Counts counts, long nextSequence, long startOffset, long nextOffset,
                            long offsetResets) {
    }

    public record BrokerView(String broker, Counts counts, LatencyView latency, List<QueueView> queues) {
    }

    /**
     * @param running false when no canary runs here ({@code message} says what to do); everything else is then empty
     * @param runId   the run's id in hex, as the summary line and the messages' {@code PETREL_CANARY_RUN} write it
     */
    public record CanaryView(boolean running, String message, String topic, String runId, long atMillis, Counts total,
                             LatencyView latency, long foreign, List<BrokerView> brokers) {
    }

    private final Supplier<Optional<CanaryReport>> source;

    /** @param source the report of the canary of this process, empty while there is none */
    public CanaryApi(Supplier<Optional<CanaryReport>> source) {
        this.source = source;
    }

    public CanaryView report() {
        Optional<CanaryReport> found = source.get();
        if (found.isEmpty()) {
            return new CanaryView(false, NOT_RUNNING, null, null, 0, Counts.ZERO, LatencyView.of(Latency.EMPTY), 0,
                List.of());
        }
        CanaryReport r = found.get();
        List<BrokerView> brokers = new ArrayList<>(r.brokers().size());
        for (BrokerReport b : r.brokers()) {
            List<QueueView> queues = new ArrayList<>(b.queues().size());
            for (QueueReport q : b.queues()) {
                queues.add(new QueueView(q.queueId(), q.counts(), q.nextSequence(), q.startOffset(), q.nextOffset(),
                    q.offsetResets()));
            }
            brokers.add(new BrokerView(b.broker(), b.counts(), LatencyView.of(b.latency()), queues));
        }
        return new CanaryView(true, null, r.topic(), CanaryMessage.hex(r.runId()), r.atMillis(), r.total(),
            LatencyView.of(r.latency()), r.foreign(), brokers);
    }
}
