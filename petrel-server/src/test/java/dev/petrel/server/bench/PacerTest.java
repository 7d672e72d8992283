package dev.petrel.server.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;

class PacerTest {

    @Test
    void sendsOncePerPeriodAndSaysHowLongToWaitOtherwise() {
        Pacer pacer = new Pacer(1_000, 10_000);

        assertThat(pacer.poll(9_000)).isEqualTo(1_000);
        assertThat(pacer.poll(10_000)).isZero();
        assertThat(pacer.poll(10_000)).isEqualTo(1_000);
        assertThat(pacer.poll(10_999)).isEqualTo(1);
        assertThat(pacer.poll(11_000)).isZero();
        assertThat(pacer.poll(11_500)).isEqualTo(500);
    }

    @Test
    void aThreadThatFellBehindCatchesUpByOneSendNotByABurst() {
        Pacer pacer = new Pacer(1_000, 0);
        assertThat(pacer.poll(0)).isZero();

        // stalled for 10 periods (a slow answer): one send now, one catch-up send, then the period again
        assertThat(pacer.poll(10_000)).isZero();
        assertThat(pacer.poll(10_000)).isZero();
        assertThat(pacer.poll(10_000)).isEqualTo(1_000);
        assertThat(pacer.poll(11_000)).isZero();
    }

    @Test
    void thePlanSplitsItsRateOverThreadsAndBatches() {
        assertThat(new BenchPlan.ProducerPlan(SendMode.SYNC, 4, 128, 1, 1, 2_000, false, Map.of(), null).periodNanos())
            .as("4 threads sharing 2000 msg/s: each sends every 2 ms").isEqualTo(2_000_000);
        assertThat(new BenchPlan.ProducerPlan(SendMode.SYNC, 2, 128, 10, 1, 1_000, false, Map.of(), null).periodNanos())
            .as("2 threads, batches of 10, 1000 msg/s: each sends a batch every 20 ms").isEqualTo(20_000_000);
        assertThat(new BenchPlan.ProducerPlan(SendMode.SYNC, 2, 128, 10, 1, 0, false, Map.of(), null).periodNanos())
            .as("no rate").isZero();
    }
}
