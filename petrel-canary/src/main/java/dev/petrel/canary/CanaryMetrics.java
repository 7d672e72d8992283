package dev.petrel.canary;

import dev.petrel.metrics.Family;
import io.prometheus.metrics.model.registry.MultiCollector;
import io.prometheus.metrics.model.snapshots.ClassicHistogramBuckets;
import io.prometheus.metrics.model.snapshots.HistogramSnapshot;
import io.prometheus.metrics.model.snapshots.HistogramSnapshot.HistogramDataPointSnapshot;
import io.prometheus.metrics.model.snapshots.Labels;
import io.prometheus.metrics.model.snapshots.MetricSnapshot;
import io.prometheus.metrics.model.snapshots.MetricSnapshots;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;
import java.util.function.ToLongFunction;

/**
 * The canary's Prometheus families ({@code petrel_canary_*}), built at scrape time from its latest
 * {@link CanaryReport}. Series carry {@code broker} (the broker name) and the constant labels only: queues are summed,
 * so the series count is a small multiple of the number of brokers (per-queue figures are in the report).
 *
 * <p>Threads: {@link #collect()} runs on the endpoint's HTTP threads and reads only the published report.
 */
final class CanaryMetrics implements MultiCollector {

    private record CounterSpec(String name, String help, ToLongFunction<CanaryReport.Counts> value) {
    }

    private static final List<CounterSpec> COUNTERS = List.of(
        new CounterSpec("petrel_canary_sent_messages", "Sequence numbers sent (once each, whatever the attempts)",
            CanaryReport.Counts::sent),
        new CounterSpec("petrel_canary_send_attempts", "Sends made, retries included", CanaryReport.Counts::attempts),
        new CounterSpec("petrel_canary_send_failures", "Sends without an answer or refused (retried with the same "
            + "sequence number)", CanaryReport.Counts::failedAttempts),
        new CounterSpec("petrel_canary_acked_messages", "Sequence numbers acknowledged with SEND_OK",
            CanaryReport.Counts::acked),
        new CounterSpec("petrel_canary_unconfirmed_messages", "Sequence numbers stored with another status than "
            + "SEND_OK (never counted lost)", CanaryReport.Counts::unconfirmed),
        new CounterSpec("petrel_canary_received_messages", "Sequence numbers received (once each)",
            CanaryReport.Counts::received),
        new CounterSpec("petrel_canary_lost_messages", "Acknowledged with SEND_OK and not received within the grace "
            + "period", CanaryReport.Counts::lost),
        new CounterSpec("petrel_canary_duplicated_messages", "Receipts of a sequence number already received",
            CanaryReport.Counts::duplicated),
        new CounterSpec("petrel_canary_out_of_order_messages", "First receipts of a sequence number below the highest "
            + "already received on its queue", CanaryReport.Counts::outOfOrder),
        new CounterSpec("petrel_canary_late_messages", "First receipts of a sequence number already counted lost",
            CanaryReport.Counts::late),
        new CounterSpec("petrel_canary_unmatched_messages", "Receipts of this canary's messages outside its window of "
            + "remembered sequence numbers", CanaryReport.Counts::unmatched));

    private final Supplier<CanaryReport> report;
    private final Labels constant;

    CanaryMetrics(Supplier<CanaryReport> report, Labels constant) {
        this.report = report;
        this.constant = constant;
    }

    @Override
    public MetricSnapshots collect() {
        CanaryReport r = report.get();
        List<MetricSnapshot> families = new ArrayList<>(COUNTERS.size() + 5);
        for (CounterSpec spec : COUNTERS) {
            Family f = Family.counter(spec.name(), spec.help(), constant, "broker");
            r.brokers().forEach(b -> f.add(spec.value().applyAsLong(b.counts()), b.broker()));
            families.add(f.build());
        }
        Family pending = Family.gauge("petrel_canary_pending_messages", "Acknowledged, not received yet, within the "
            + "grace period", constant, "broker");
        Family resets = Family.counter("petrel_canary_offset_resets", "Pulls answered with an illegal offset (the "
            + "queue was cut or moved under the canary)", constant, "broker");
        Family queues = Family.gauge("petrel_canary_queues", "Queues the canary watches", constant, "broker");
        HistogramSnapshot.Builder latency = HistogramSnapshot.builder().name("petrel_canary_e2e_latency_milliseconds")
            .help("From the send time a canary message carries to its first receipt (wall clock)");
        for (CanaryReport.BrokerReport b : r.brokers()) {
            pending.add(b.counts().pending(), b.broker());
            resets.add(b.queues().stream().mapToLong(CanaryReport.QueueReport::offsetResets).sum(), b.broker());
            queues.add(b.queues().size(), b.broker());
            latency.dataPoint(dataPoint(b.latency(), constant.add("broker", b.broker())));
        }
        families.add(pending.build());
        families.add(resets.build());
        families.add(queues.build());
        families.add(latency.build());
        families.add(Family.counter("petrel_canary_foreign_messages", "Messages read from the canary topic that were "
            + "not this canary's (other canaries', or not canary messages)", constant).add(r.foreign()).build());
        return new MetricSnapshots(families);
    }

    private static HistogramDataPointSnapshot dataPoint(CanaryReport.Latency l, Labels labels) {
        double[] bounds = CanaryReport.Latency.BOUNDS_MILLIS;
        double[] upper = new double[bounds.length + 1];
        System.arraycopy(bounds, 0, upper, 0, bounds.length);
        upper[bounds.length] = Double.POSITIVE_INFINITY;
        return HistogramDataPointSnapshot.builder().classicHistogramBuckets(ClassicHistogramBuckets.of(upper,
            l.buckets())).sum(l.sumMillis()).labels(labels).build();
    }
}
