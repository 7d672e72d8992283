package dev.petrel.server.bench;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class MeterTest {

    @Test
    void intervalsRollAndTheTotalRestartsAtTheEndOfTheWarmUp() {
        Meter meter = new Meter();
        meter.record(1, 100, 50);
        meter.record(32, 3_200, 900); // a batch: 32 messages, one latency sample

        Meter.Reading first = meter.roll(2_000_000_000L);
        assertThat(first.messages()).isEqualTo(33);
        assertThat(first.bytes()).isEqualTo(3_300);
        assertThat(first.latency().count()).isEqualTo(2);
        assertThat(first.messagesPerSecond()).isEqualTo(16.5);
        assertThat(first.mebibytesPerSecond()).isEqualTo(3_300 / 2.0 / 1024 / 1024);

        meter.restart(); // warm-up over
        meter.record(1, 100, 70);
        assertThat(meter.roll(1_000_000_000L).messages()).as("the interval holds only what came after the roll")
            .isEqualTo(1);
        Meter.Reading total = meter.total(1_000_000_000L);
        assertThat(total.messages()).isEqualTo(1);
        assertThat(total.latency().max()).isEqualTo(70);
        assertThat(meter.totalEvents()).isEqualTo(1);
    }

    @Test
    void distinctErrorsAreCountedByKindWithTheCauseOfAnAsyncFailure() {
        DistinctErrors errors = new DistinctErrors();
        errors.record(new java.util.concurrent.CompletionException(new IllegalStateException("busy")));
        errors.record(new IllegalStateException("busy"));
        errors.record("send stored with status FLUSH_DISK_TIMEOUT");

        assertThat(errors.total()).isEqualTo(3);
        assertThat(errors.rollInterval()).isEqualTo(3);
        assertThat(errors.rollInterval()).isZero();
        assertThat(errors.kinds()).containsExactly(java.util.Map.entry("IllegalStateException: busy", 2L),
            java.util.Map.entry("IllegalStateException: send stored with status FLUSH_DISK_TIMEOUT", 1L));
        for (int i = 0; i < 40; i++) {
            errors.record(new IllegalStateException("offset " + i));
        }
        assertThat(errors.kinds()).hasSize(17).containsKey(DistinctErrors.OTHERS);
        assertThat(errors.total()).isEqualTo(43);
    }
}
