package dev.petrel.apachebench;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Random;
import org.junit.jupiter.api.Test;

class LatencyHistogramTest {

    @Test
    void bucketsCoverEveryValueInOrder() {
        assertThat(LatencyHistogram.index(0)).isZero();
        assertThat(LatencyHistogram.index(1023)).isEqualTo(1023);
        assertThat(LatencyHistogram.index(Long.MAX_VALUE)).isEqualTo(LatencyHistogram.BUCKETS - 1);
        for (int i = 1; i < LatencyHistogram.BUCKETS; i++) {
            long low = LatencyHistogram.lowest(i);
            assertThat(LatencyHistogram.index(low)).as("bucket %d starts at %d", i, low).isEqualTo(i);
            assertThat(LatencyHistogram.index(low - 1)).isEqualTo(i - 1);
        }
    }

    @Test
    void percentilesAreWithinTwoPerMilleOfTheExactOnes() {
        LatencyHistogram h = new LatencyHistogram();
        long[] values = new long[100_000];
        Random random = new Random(7);
        for (int i = 0; i < values.length; i++) {
            values[i] = (long) Math.exp(random.nextDouble() * 16); // 1 µs .. 9 s
            h.record(values[i]);
        }
        java.util.Arrays.sort(values);
        LatencyHistogram.Snapshot s = h.snapshot();
        assertThat(s.count()).isEqualTo(values.length);
        assertThat(s.max()).isEqualTo(values[values.length - 1]);
        for (double p : new double[] {50, 90, 99, 99.9}) {
            long exact = values[(int) Math.ceil(p / 100 * values.length) - 1];
            assertThat((double) s.percentile(p)).as("p%s", p).isBetween((double) exact, exact * 1.002 + 1);
        }
        assertThat(s.percentile(100)).isEqualTo(s.max());
    }

    @Test
    void emptyAndNegative() {
        LatencyHistogram h = new LatencyHistogram();
        assertThat(h.snapshot().percentile(99)).isZero();
        h.record(-5);
        assertThat(h.snapshot().max()).isZero();
        assertThat(h.snapshot().count()).isEqualTo(1);
    }
}
