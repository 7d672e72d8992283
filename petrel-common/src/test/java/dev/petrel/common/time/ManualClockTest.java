package dev.petrel.common.time;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class ManualClockTest {

    @Test
    void advanceMovesBothClocksAndRunsTheActions() {
        ManualClock clock = new ManualClock(1_000);
        AtomicInteger woken = new AtomicInteger();
        clock.onAdvance(woken::incrementAndGet);
        clock.advance(2, TimeUnit.SECONDS);
        assertThat(clock.millis()).isEqualTo(3_000);
        assertThat(clock.nanos()).isEqualTo(2_000_000_000L);
        assertThat(woken).hasValue(1);
        assertThatThrownBy(() -> clock.advance(-1, TimeUnit.MILLISECONDS)).isInstanceOf(IllegalArgumentException.class);
    }
}
