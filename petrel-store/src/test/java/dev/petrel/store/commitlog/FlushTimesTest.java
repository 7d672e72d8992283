package dev.petrel.store.commitlog;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class FlushTimesTest {

    @Test
    void eachForceFallsInTheFirstBucketWhoseBoundItDoesNotExceed() {
        FlushTimes t = new FlushTimes();
        t.record(50_000);          // 50 µs: <= 100 µs
        t.record(100_000);         // 100 µs, on the bound: still the first bucket
        t.record(3_000_000);       // 3 ms: <= 5 ms (the fifth bound)
        t.record(10_000_000_000L); // 10 s: beyond every bound
        FlushTimes.Snapshot s = t.snapshot();

        assertThat(s.boundsMicros()).hasSize(11);
        assertThat(s.counts()).containsExactly(2, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 1);
        assertThat(s.count()).isEqualTo(4);
        assertThat(s.sumMicros()).isEqualTo(50 + 100 + 3_000 + 10_000_000);
        assertThat(FlushTimes.Snapshot.EMPTY.count()).isZero();
    }
}
