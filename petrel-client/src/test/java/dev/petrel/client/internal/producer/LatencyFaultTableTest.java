package dev.petrel.client.internal.producer;

import static org.assertj.core.api.Assertions.assertThat;

import dev.petrel.common.time.ManualClock;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class LatencyFaultTableTest {

    @Test
    void notAvailableDurationsAreRocketMq5Values() {
        assertThat(LatencyFaultTable.notAvailableMillis(0)).isZero();
        assertThat(LatencyFaultTable.notAvailableMillis(99)).isZero();
        assertThat(LatencyFaultTable.notAvailableMillis(549)).isZero();
        assertThat(LatencyFaultTable.notAvailableMillis(550)).isEqualTo(2_000);
        assertThat(LatencyFaultTable.notAvailableMillis(1_799)).isEqualTo(2_000);
        assertThat(LatencyFaultTable.notAvailableMillis(1_800)).isEqualTo(5_000);
        assertThat(LatencyFaultTable.notAvailableMillis(3_000)).isEqualTo(6_000);
        assertThat(LatencyFaultTable.notAvailableMillis(5_000)).isEqualTo(10_000);
        assertThat(LatencyFaultTable.notAvailableMillis(14_999)).isEqualTo(10_000);
        assertThat(LatencyFaultTable.notAvailableMillis(15_000)).isEqualTo(30_000);
        assertThat(LatencyFaultTable.notAvailableMillis(LatencyFaultTable.ISOLATION_LATENCY_MILLIS)).isEqualTo(10_000);
    }

    @Test
    void slowBrokerIsUnavailableForItsDurationThenBack() {
        ManualClock clock = new ManualClock(1_000_000);
        LatencyFaultTable table = new LatencyFaultTable(clock);
        assertThat(table.isAvailable("a")).isTrue();
        table.record("a", 600, false, true);
        assertThat(table.isAvailable("a")).isFalse();
        clock.advance(1_999, TimeUnit.MILLISECONDS);
        assertThat(table.isAvailable("a")).isFalse();
        clock.advance(1, TimeUnit.MILLISECONDS);
        assertThat(table.isAvailable("a")).isTrue();
    }

    @Test
    void aFastSendDoesNotShortenAnIsolation() {
        ManualClock clock = new ManualClock(0);
        LatencyFaultTable table = new LatencyFaultTable(clock);
        table.record("a", 5, true, true);
        clock.advance(1, TimeUnit.SECONDS);
        table.record("a", 5, false, true);
        assertThat(table.isAvailable("a")).isFalse();
        clock.advance(9, TimeUnit.SECONDS);
        assertThat(table.isAvailable("a")).isTrue();
        assertThat(table.lastLatency("a")).isEqualTo(5);
    }

    @Test
    void brokerErrorMarksUnreachableUntilASuccess() {
        LatencyFaultTable table = new LatencyFaultTable(new ManualClock(0));
        table.record("a", 3, true, false);
        assertThat(table.isReachable("a")).isFalse();
        table.record("a", 3, false, true);
        assertThat(table.isReachable("a")).isTrue();
        table.remove("a");
        assertThat(table.isAvailable("a")).isTrue();
    }
}
