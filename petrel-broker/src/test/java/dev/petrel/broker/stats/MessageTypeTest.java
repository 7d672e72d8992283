package dev.petrel.broker.stats;

import static org.assertj.core.api.Assertions.assertThat;

import dev.petrel.message.PropertiesCodec;
import dev.petrel.message.SysFlag;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

class MessageTypeTest {

    @Test
    void rocketMqsOrderDecides() {
        assertThat(MessageType.of(0, null)).isEqualTo(MessageType.NORMAL);
        assertThat(MessageType.of(0, props("TAGS", "a", "KEYS", "k"))).isEqualTo(MessageType.NORMAL);
        assertThat(MessageType.of(0, props("TAGS", "a", "__SHARDINGKEY", "k"))).isEqualTo(MessageType.FIFO);
        assertThat(MessageType.of(0, props("__SHARDINGKEY", "k", "DELAY", "3"))).isEqualTo(MessageType.DELAY);
        assertThat(MessageType.of(0, props("TIMER_DELIVER_MS", "1700000000000"))).isEqualTo(MessageType.DELAY);
        assertThat(MessageType.of(0, props("DELAY", "0"))).isEqualTo(MessageType.NORMAL);
        assertThat(MessageType.of(0, props("DELAY", "-1"))).isEqualTo(MessageType.NORMAL);
        assertThat(MessageType.of(SysFlag.TRANSACTION_PREPARED_TYPE, props("DELAY", "3")))
            .isEqualTo(MessageType.TRANSACTION);
        assertThat(MessageType.of(0, props("XDELAY", "3"))).isEqualTo(MessageType.NORMAL);
    }

    @Test
    void perTopicPutsAddUpAndTheTotalFollows() {
        BrokerStats stats = new BrokerStats(java.time.ZoneOffset.UTC, 0);
        stats.recordPut("T", MessageType.NORMAL, 3, 300);
        stats.recordPut("T", MessageType.NORMAL, 2, 200);
        stats.recordPut("T", MessageType.DELAY, 1, 90);
        Map<String, long[]> seen = new LinkedHashMap<>();
        stats.forEachTopicPut((topic, type, messages, bytes) -> seen.put(topic + "/" + type.label(),
            new long[] {messages, bytes}));
        assertThat(seen).containsOnlyKeys("T/normal", "T/delay");
        assertThat(seen.get("T/normal")).containsExactly(5, 500);
        assertThat(seen.get("T/delay")).containsExactly(1, 90);
        assertThat(stats.putTotal()).isEqualTo(6);
    }

    private static String props(String... kv) {
        Map<String, String> m = new LinkedHashMap<>();
        for (int i = 0; i < kv.length; i += 2) {
            m.put(kv[i], kv[i + 1]);
        }
        return PropertiesCodec.encode(m);
    }
}
