package dev.petrel.canary;

/** The canary's periodic one-line summary, from a report. */
final class SummaryLine {

    private SummaryLine() {
    }

    static String of(CanaryReport r) {
        CanaryReport.Counts c = r.total();
        int queues = r.brokers().stream().mapToInt(b -> b.queues().size()).sum();
        return "canary " + r.topic() + ": " + r.brokers().size() + " broker(s), " + queues + " queue(s); acked "
            + c.acked() + ", received " + c.received() + ", pending " + c.pending() + ", lost " + c.lost()
            + ", duplicated " + c.duplicated() + ", out-of-order " + c.outOfOrder() + ", late " + c.late()
            + ", failed sends " + c.failedAttempts() + "; e2e p50 " + r.latency().percentileMillis(0.5) + " ms, p99 "
            + r.latency().percentileMillis(0.99) + " ms, max " + r.latency().maxMillis() + " ms";
    }
}
