package dev.petrel.embedded;

import dev.petrel.common.time.ManualClock;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class AdvanceableClockTest {

    @Test
    void followsItsBaseAndRunsAheadByEveryAdvance() {
        ManualClock base = new ManualClock(1_000_000L);
        AdvanceableClock clock = new AdvanceableClock(base);
        assertThat(clock.millis()).isEqualTo(1_000_000L);

        base.advance(5, TimeUnit.MILLISECONDS);
        assertThat(clock.millis()).isEqualTo(1_000_005L);

        clock.advance(Duration.ofSeconds(10));
        clock.advance(Duration.ofHours(2));
        assertThat(clock.millis()).isEqualTo(1_000_005L + 10_000L + 7_200_000L);
        assertThat(clock.nanos()).isEqualTo(base.nanos() + Duration.ofSeconds(7_210).toNanos());
        assertThat(clock.shift()).isEqualTo(Duration.ofSeconds(7_210));
        assertThat(base.millis()).as("the base is not moved").isEqualTo(1_000_005L);

        base.advance(1, TimeUnit.SECONDS);
        assertThat(clock.millis()).isEqualTo(1_001_005L + 7_210_000L);
    }

    @Test
    void anAdvanceRunsEveryRegisteredWakeUpOnTheCallingThread() {
        AdvanceableClock clock = new AdvanceableClock(new ManualClock(0));
        AtomicInteger first = new AtomicInteger();
        AtomicInteger second = new AtomicInteger();
        clock.onAdvance(first::incrementAndGet);
        clock.onAdvance(second::incrementAndGet);
        clock.advance(Duration.ofMillis(1));
        clock.advance(Duration.ZERO);
        assertThat(first).hasValue(2);
        assertThat(second).hasValue(2);
    }

    @Test
    void scheduledTimeNeverRunsBackwards() {
        AdvanceableClock clock = new AdvanceableClock(new ManualClock(0));
        AtomicInteger woken = new AtomicInteger();
        clock.onAdvance(woken::incrementAndGet);
        assertThatThrownBy(() -> clock.advance(Duration.ofSeconds(-1)))
            .isInstanceOf(IllegalArgumentException.class)
            .hasMessage("the schedule clock only moves forward, got PT-1S");
        assertThat(clock.millis()).isZero();
        assertThat(woken).hasValue(0);
    }
}
