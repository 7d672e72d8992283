package dev.petrel.common.metrics;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.LongRange;
import net.jqwik.api.constraints.Size;
import org.junit.jupiter.api.Test;

class HistogramTest {

    @Test
    void smallValuesAreExact() {
        Histogram h = new Histogram();
        for (int i = 1; i <= 7; i++) {
            h.record(i);
        }
        Histogram.Snapshot s = h.snapshot();
        assertThat(s.count()).isEqualTo(7);
        assertThat(s.percentile(50)).isEqualTo(4);
        assertThat(s.percentile(100)).isEqualTo(7);
        assertThat(s.max()).isEqualTo(7);
        assertThat(s.mean()).isEqualTo(4.0);
    }

    @Test
    void emptyAndNegative() {
        Histogram h = new Histogram();
        assertThat(h.snapshot().percentile(99)).isZero();
        h.record(-5);
        assertThat(h.snapshot().percentile(50)).isZero();
    }

    @Property
    void bucketsContainTheirValues(@ForAll @LongRange(min = 0, max = Long.MAX_VALUE) long v) {
        int b = Histogram.bucketOf(v);
        assertThat(Histogram.upperBound(b)).isGreaterThanOrEqualTo(v);
        if (b > 0) {
            assertThat(Histogram.upperBound(b - 1)).isLessThan(v);
        }
    }

    @Property
    void percentilesAreWithinOneEighthAboveTheTruth(@ForAll @Size(min = 1, max = 300) long[] raw) {
        long[] values = Arrays.stream(raw).map(x -> Math.abs(x % 10_000_000)).sorted().toArray();
        Histogram h = new Histogram();
        for (long v : values) {
            h.record(v);
        }
        for (double p : new double[] {50, 90, 99, 100}) {
            long truth = values[(int) Math.max(0, Math.ceil(p / 100 * values.length) - 1)];
            long reported = h.snapshot().percentile(p);
            assertThat(reported).isGreaterThanOrEqualTo(truth).isLessThanOrEqualTo(truth + truth / 8 + 1);
        }
    }
}
