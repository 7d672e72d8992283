package dev.petrel.canary;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/** Latency buckets and percentiles, summing, and the summary line. */
class CanaryReportTest {

    @Test
    void percentilesAreBucketBoundsCappedByTheMaximum() {
        LatencyHistogram h = new LatencyHistogram();
        for (int i = 0; i < 98; i++) {
            h.record(1);
        }
        h.record(7);
        h.record(70_000);
        CanaryReport.Latency l = h.snapshot();
        assertThat(l.count()).isEqualTo(100);
        assertThat(l.percentileMillis(0.5)).isEqualTo(1);
        assertThat(l.percentileMillis(0.99)).isEqualTo(10);
        assertThat(l.percentileMillis(1.0)).isEqualTo(70_000);
        assertThat(l.maxMillis()).isEqualTo(70_000);
        assertThat(l.sumMillis()).isEqualTo(98 + 7 + 70_000);
        assertThat(l.buckets()[0]).isEqualTo(98);
        assertThat(l.buckets()[3]).isEqualTo(1);
        assertThat(l.buckets()[CanaryReport.Latency.BOUNDS_MILLIS.length]).isEqualTo(1);
        assertThat(CanaryReport.Latency.EMPTY.percentileMillis(0.99)).isZero();
    }

    @Test
    void aSmallMaximumCapsItsBucketsBound() {
        LatencyHistogram h = new LatencyHistogram();
        h.record(3);
        h.record(-5); // clocks apart: counted as 0
        assertThat(h.snapshot().percentileMillis(0.99)).isEqualTo(3);
        assertThat(h.snapshot().buckets()[0]).isEqualTo(1);
    }

    @Test
    void latenciesAndCountsAdd() {
        LatencyHistogram a = new LatencyHistogram();
        LatencyHistogram b = new LatencyHistogram();
        a.record(1);
        b.record(100);
        CanaryReport.Latency sum = a.snapshot().plus(b.snapshot());
        assertThat(sum.count()).isEqualTo(2);
        assertThat(sum.maxMillis()).isEqualTo(100);
        assertThat(sum).isEqualTo(b.snapshot().plus(a.snapshot()));
        CanaryReport.Counts one = new CanaryReport.Counts(1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12);
        assertThat(one.plus(one)).isEqualTo(new CanaryReport.Counts(2, 4, 6, 8, 10, 12, 14, 16, 18, 20, 22, 24));
        assertThatThrownBy(() -> new CanaryReport.Latency(new long[2], 0, 0, 0))
            .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void theSummaryLineSaysWhatAnOperatorAlertsOn() {
        CanaryLedger ledger = new CanaryLedger(7, 64, 1_000);
        QueueLedger q = ledger.queue("broker-a", 0);
        long seq = q.beginAttempt();
        q.acknowledged(seq, 0);
        ledger.received("broker-a", 0, new CanaryMessage.Stamp(7, seq, 0), 4);
        ledger.received("broker-a", 0, new CanaryMessage.Stamp(7, seq, 0), 5);
        ledger.received("broker-a", 0, new CanaryMessage.Stamp(8, seq, 0), 5);
        ledger.received("broker-a", 0, null, 5);
        q.acknowledged(q.beginAttempt(), 0);
        ledger.expire(1_000);
        CanaryReport r = ledger.report(9, "T", (b, id) -> CanaryLedger.QueueIo.NONE);
        assertThat(r.foreign()).isEqualTo(2);
        assertThat(r.broker("broker-a").queue(0).counts().duplicated()).isEqualTo(1);
        assertThat(SummaryLine.of(r)).isEqualTo("canary T: 1 broker(s), 1 queue(s); acked 2, received 1, pending 0, "
            + "lost 1, duplicated 1, out-of-order 0, late 0, failed sends 0; e2e p50 4 ms, p99 4 ms, max 4 ms");
    }
}
