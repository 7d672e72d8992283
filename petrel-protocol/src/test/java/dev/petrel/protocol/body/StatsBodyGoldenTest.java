package dev.petrel.protocol.body;

import static dev.petrel.protocol.body.BodyGolden.assertGolden;
import static dev.petrel.protocol.body.BodyGolden.assertReads;
import static org.assertj.core.api.Assertions.assertThat;

import dev.petrel.protocol.body.stats.BrokerStatsData;
import dev.petrel.protocol.body.stats.BrokerStatsItem;
import dev.petrel.protocol.body.stats.ConsumeStats;
import dev.petrel.protocol.body.stats.ConsumeStatsList;
import dev.petrel.protocol.body.stats.OffsetWrapper;
import dev.petrel.protocol.body.stats.QueryConsumeTimeSpanBody;
import dev.petrel.protocol.body.stats.QueryCorrectionOffsetBody;
import dev.petrel.protocol.body.stats.QueueTimeSpan;
import dev.petrel.protocol.body.stats.RuntimeInfoKeys;
import dev.petrel.protocol.body.stats.TopicOffset;
import dev.petrel.protocol.body.stats.TopicStatsTable;
import java.util.List;
import java.util.Map;
import java.util.TimeZone;
import org.junit.jupiter.api.Test;

/** Statistics bodies (json-bodies.md §7, §10, §11). */
class StatsBodyGoldenTest {

    private static final MessageQueue Q0 = new MessageQueue("TopicTest", "broker-a", 0);
    private static final String Q0_KEY = "\"{\\\"brokerName\\\":\\\"broker-a\\\",\\\"queueId\\\":0,\\\"topic\\\":\\\"TopicTest\\\"}\"";
    private static final String Q0_OBJECT = "{\"brokerName\":\"broker-a\",\"queueId\":0,\"topic\":\"TopicTest\"}";
    private static final ConsumeStats CONSUME_STATS = new ConsumeStats(1.5, Map.of(Q0, new OffsetWrapper(100, 90, 1700000000000L, 95)));
    private static final String OFFSET_JSON = "{\"brokerOffset\":100,\"consumerOffset\":90,\"lastTimestamp\":1700000000000,\"pullOffset\":95}";

    @Test
    void consumeStats() {
        assertGolden(ConsumeStats.CODEC, CONSUME_STATS, "{\"consumeTps\":1.5,\"offsetTable\":{" + Q0_KEY + ":" + OFFSET_JSON + "}}");
        // json-bodies.md §2, the 5.3.1 broker's output.
        assertReads(ConsumeStats.CODEC, "{\"consumeTps\":1.5,\"offsetTable\":{" + Q0_OBJECT + ":" + OFFSET_JSON + "}}", CONSUME_STATS);
    }

    @Test
    void topicStatsTable() {
        TopicStatsTable table = new TopicStatsTable(Map.of(Q0, new TopicOffset(1700000000000L, 100, 0)));
        assertGolden(TopicStatsTable.CODEC, table,
            "{\"offsetTable\":{" + Q0_KEY + ":{\"lastUpdateTimestamp\":1700000000000,\"maxOffset\":100,\"minOffset\":0}}}");
        // json-bodies.md §7 example.
        assertReads(TopicStatsTable.CODEC, "{\"offsetTable\":{{\"brokerName\":\"broker-a\",\"queueId\":0,\"topic\":\"TopicTest\"}:"
            + "{\"lastUpdateTimestamp\":1700000000000,\"maxOffset\":100,\"minOffset\":0}}}", table);
    }

    @Test
    void consumeStatsList() {
        ConsumeStatsList list = new ConsumeStatsList("127.0.0.1:10911", List.of(Map.of("cg", List.of(CONSUME_STATS))), 10, 5);
        assertGolden(ConsumeStatsList.CODEC, list, "{\"brokerAddr\":\"127.0.0.1:10911\",\"consumeStatsList\":[{\"cg\":[{\"consumeTps\":1.5,"
            + "\"offsetTable\":{" + Q0_KEY + ":" + OFFSET_JSON + "}}]}],\"totalDiff\":10,\"totalInflightDiff\":5}");
        assertReads(ConsumeStatsList.CODEC, "{\"brokerAddr\":\"127.0.0.1:10911\",\"consumeStatsList\":[{\"cg\":[{\"consumeTps\":1.5,"
            + "\"offsetTable\":{" + Q0_OBJECT + ":" + OFFSET_JSON + "}}]}],\"totalDiff\":10,\"totalInflightDiff\":5}", list);
    }

    @Test
    void queryConsumeTimeSpanWritesTheDerivedStringsInTheLocalZone() {
        TimeZone saved = TimeZone.getDefault();
        try {
            TimeZone.setDefault(TimeZone.getTimeZone("Asia/Shanghai"));
            QueryConsumeTimeSpanBody body = new QueryConsumeTimeSpanBody(List.of(
                new QueueTimeSpan(1700000001000L, 999000L, 1700001000000L, Q0, 1699999999999L)));
            assertGolden(QueryConsumeTimeSpanBody.CODEC, body, "{\"consumeTimeSpanSet\":[{\"consumeTimeStamp\":1700000001000,"
                + "\"consumeTimeStampStr\":\"2023-11-15#06:13:21:000\",\"delayTime\":999000,\"maxTimeStamp\":1700001000000,"
                + "\"maxTimeStampStr\":\"2023-11-15#06:30:00:000\",\"messageQueue\":" + Q0_OBJECT + ",\"minTimeStamp\":1699999999999,"
                + "\"minTimeStampStr\":\"2023-11-15#06:13:19:999\"}]}");
        } finally {
            TimeZone.setDefault(saved);
        }
    }

    @Test
    void brokerStatsAndCorrectionOffsets() {
        BrokerStatsItem item = new BrokerStatsItem(0.5, 10, 2.25);
        assertGolden(BrokerStatsData.CODEC, new BrokerStatsData(item, item, new BrokerStatsItem(0.0, 0, 0.0)),
            "{\"statsDay\":{\"avgpt\":0.5,\"sum\":10,\"tps\":2.25},\"statsHour\":{\"avgpt\":0.5,\"sum\":10,\"tps\":2.25},"
                + "\"statsMinute\":{\"avgpt\":0.0,\"sum\":0,\"tps\":0.0}}");
        QueryCorrectionOffsetBody correction = new QueryCorrectionOffsetBody(Map.of(0, 10L, 1, 20L));
        assertGolden(QueryCorrectionOffsetBody.CODEC, correction, "{\"correctionOffsets\":{\"0\":10,\"1\":20}}");
        // json-bodies.md §2: unquoted integer keys.
        assertReads(QueryCorrectionOffsetBody.CODEC, "{\"correctionOffsets\":{0:10,1:20}}", correction);
    }

    @Test
    void runtimeInfoTable() {
        Map<String, String> table = new java.util.TreeMap<>();
        RuntimeInfoKeys.REQUIRED_BY_CLUSTER_LIST.forEach(key -> table.put(key, "0"));
        table.put(RuntimeInfoKeys.BROKER_VERSION_DESC, "V5_3_1");
        table.put(RuntimeInfoKeys.PUT_TPS, "1.0 2.0 3.0");
        KVTable kv = new KVTable(table);
        String json = new String(KVTable.CODEC.encode(kv), java.nio.charset.StandardCharsets.UTF_8);
        assertThat(json).startsWith("{\"table\":{\"brokerActive\":\"0\",\"brokerVersionDesc\":\"V5_3_1\",\"commitLogDiskRatio\":\"0\",");
        assertThat(KVTable.CODEC.decode(KVTable.CODEC.encode(kv))).isEqualTo(kv);
        assertThat(RuntimeInfoKeys.REQUIRED_BY_CLUSTER_LIST).hasSize(22).doesNotHaveDuplicates();
    }
}
