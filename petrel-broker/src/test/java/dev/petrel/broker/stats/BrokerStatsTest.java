package dev.petrel.broker.stats;

import org.junit.jupiter.api.Test;

import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.ZoneOffset;

import static org.assertj.core.api.Assertions.assertThat;

class BrokerStatsTest {

    final ZoneId utc = ZoneOffset.UTC;
    final long midnight = LocalDateTime.of(2024, 3, 1, 0, 0).toInstant(ZoneOffset.UTC).toEpochMilli();

    @Test
    void ratesOverTheThreeWindows() {
        BrokerStats s = new BrokerStats(utc, midnight);
        for (int i = 1; i <= 60; i++) {
            s.recordPut(100);
            s.sample(midnight + i * 10_000L);
        }
        long now = midnight + 600_000;
        assertThat(s.putTps(now)).isEqualTo("10.00 10.00 10.00");
        s.recordPut(1_000);
        assertThat(s.putRate(now + 10_000, 10)).isEqualTo(100.0);
        assertThat(s.getTps(now)).isEqualTo("0.00 0.00 0.00");
        assertThat(s.putTotal()).isEqualTo(7_000);
    }

    @Test
    void dayMarksMoveAtLocalMidnight() {
        BrokerStats s = new BrokerStats(utc, midnight + 1000);
        s.recordPut(5);
        s.recordGet(2);
        s.sample(midnight + 86_400_000L + 1);
        assertThat(s.putTodayMorning()).isEqualTo(5);
        assertThat(s.putYesterdayMorning()).isZero();
        s.recordPut(5);
        s.sample(midnight + 2 * 86_400_000L + 1);
        assertThat(s.putTodayMorning()).isEqualTo(10);
        assertThat(s.putYesterdayMorning()).isEqualTo(5);
        assertThat(s.getTodayMorning()).isEqualTo(2);
    }

    @Test
    void withMetricsOffTheCountersStayAndTheHistogramsAreNotKept() {
        BrokerStats on = new BrokerStats(utc, midnight, "C", true);
        BrokerStats off = new BrokerStats(utc, midnight, "C", false);
        for (BrokerStats s : new BrokerStats[] {on, off}) {
            s.recordPut("T", MessageType.NORMAL, 4, 4000); // one batch of 4 records of 1000 bytes
            s.recordPut("T", MessageType.NORMAL, 1, 5000);
            s.latencies().record(dev.petrel.protocol.code.RequestCode.SEND_MESSAGE_V2, 0, 2_000_000);
        }
        java.util.List<String> sizes = new java.util.ArrayList<>();
        on.forEachTopicSizes((topic, type, bounds, counts, sum) -> sizes.add(topic + " " + type + " "
            + java.util.Arrays.toString(counts) + " " + sum));
        // once per request: the means 1000 (<= 1 KiB) and 5000 (<= 512 KiB, the third bound)
        assertThat(sizes).containsExactly("T NORMAL [1, 0, 1, 0, 0, 0, 0] 6000");
        assertThat(on.latencies().of(dev.petrel.protocol.code.RequestCode.SEND_MESSAGE_V2).count()).isEqualTo(1);

        off.forEachTopicSizes((topic, type, bounds, counts, sum) -> sizes.add("off " + topic));
        assertThat(sizes).hasSize(1);
        assertThat(off.latencies().of(dev.petrel.protocol.code.RequestCode.SEND_MESSAGE_V2).count()).isZero();
        long[] counted = new long[2];
        off.forEachTopicPut((topic, type, messages, bytes) -> {
            counted[0] += messages;
            counted[1] += bytes;
        });
        assertThat(counted).containsExactly(5, 9000);
        assertThat(off.putTotal()).isEqualTo(5);
    }
}
