package dev.petrel.server.bench;

import static dev.petrel.server.bench.RunSchedule.Step.END;
import static dev.petrel.server.bench.RunSchedule.Step.REPORT;
import static dev.petrel.server.bench.RunSchedule.Step.START_MEASURING;
import static dev.petrel.server.bench.RunSchedule.Step.WAIT;
import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class RunScheduleTest {

    private static final long S = 1_000_000_000L;

    @Test
    void reportsEveryIntervalOfTheWarmUpThenRestartsIntervalsWhenMeasuringStarts() {
        // start at 100 s: 5 s warm-up, 10 s measured, a report every 2 s
        RunSchedule schedule = new RunSchedule(100 * S, Duration.ofSeconds(5), Duration.ofSeconds(10), Duration.ofSeconds(2));

        assertThat(schedule.next(100 * S)).isEqualTo(WAIT);
        assertThat(schedule.waitNanos(100 * S)).isEqualTo(2 * S);
        assertThat(schedule.next(102 * S)).isEqualTo(REPORT);
        assertThat(schedule.next(104 * S)).isEqualTo(REPORT);
        assertThat(schedule.waitNanos(104 * S)).as("the warm-up ends before the next report").isEqualTo(S);
        assertThat(schedule.measuring()).isFalse();

        assertThat(schedule.next(105 * S + 300)).isEqualTo(START_MEASURING);
        assertThat(schedule.measuring()).isTrue();
        assertThat(schedule.measureStart()).isEqualTo(105 * S + 300);
        assertThat(schedule.next(106 * S)).isEqualTo(WAIT);
        assertThat(schedule.next(107 * S + 300)).isEqualTo(REPORT);
        assertThat(schedule.next(109 * S + 300)).isEqualTo(REPORT);
        assertThat(schedule.next(111 * S + 300)).isEqualTo(REPORT);
        assertThat(schedule.next(113 * S + 300)).isEqualTo(REPORT);
        assertThat(schedule.waitNanos(114 * S)).isEqualTo(S + 300);
        assertThat(schedule.next(115 * S + 299)).isEqualTo(WAIT);
        assertThat(schedule.next(115 * S + 300)).as("10 s after measuring started, not after the planned warm-up end")
            .isEqualTo(END);
    }

    @Test
    void withoutWarmUpMeasuringStartsAtOnceAndALateStepStillMeasuresTheFullDuration() {
        RunSchedule schedule = new RunSchedule(0, Duration.ZERO, Duration.ofSeconds(3), Duration.ofSeconds(5));
        assertThat(schedule.next(7)).isEqualTo(START_MEASURING);
        assertThat(schedule.waitNanos(7)).as("the end comes before the first report").isEqualTo(3 * S);
        assertThat(schedule.next(3 * S)).isEqualTo(WAIT);
        assertThat(schedule.next(3 * S + 7)).isEqualTo(END);
        assertThat(schedule.next(10 * S)).isEqualTo(END);
    }
}
