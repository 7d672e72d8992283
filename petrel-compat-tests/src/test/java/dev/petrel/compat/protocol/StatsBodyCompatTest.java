package dev.petrel.compat.protocol;

import static dev.petrel.compat.protocol.ApacheBodies.assertSame;

import dev.petrel.protocol.body.MessageQueue;
import dev.petrel.protocol.body.stats.BrokerStatsData;
import dev.petrel.protocol.body.stats.BrokerStatsItem;
import dev.petrel.protocol.body.stats.ConsumeStats;
import dev.petrel.protocol.body.stats.ConsumeStatsList;
import dev.petrel.protocol.body.stats.HaRuntimeInfo;
import dev.petrel.protocol.body.stats.OffsetWrapper;
import dev.petrel.protocol.body.stats.QueryConsumeTimeSpanBody;
import dev.petrel.protocol.body.stats.QueryCorrectionOffsetBody;
import dev.petrel.protocol.body.stats.QueueTimeSpan;
import dev.petrel.protocol.body.stats.TopicOffset;
import dev.petrel.protocol.body.stats.TopicStatsTable;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Statistics bodies against Apache 5.3.1. */
class StatsBodyCompatTest {

    private static final org.apache.rocketmq.common.message.MessageQueue APACHE_Q0 =
        new org.apache.rocketmq.common.message.MessageQueue("TopicTest", "broker-a", 0);
    private static final MessageQueue Q0 = new MessageQueue("TopicTest", "broker-a", 0);

    private static org.apache.rocketmq.remoting.protocol.admin.ConsumeStats apacheConsumeStats() {
        org.apache.rocketmq.remoting.protocol.admin.OffsetWrapper offset = new org.apache.rocketmq.remoting.protocol.admin.OffsetWrapper();
        offset.setBrokerOffset(100);
        offset.setConsumerOffset(90);
        offset.setLastTimestamp(1700000000000L);
        offset.setPullOffset(95);
        org.apache.rocketmq.remoting.protocol.admin.ConsumeStats stats = new org.apache.rocketmq.remoting.protocol.admin.ConsumeStats();
        stats.setConsumeTps(1.5);
        stats.setOffsetTable(new HashMap<>(Map.of(new org.apache.rocketmq.common.message.MessageQueue(APACHE_Q0), offset)));
        return stats;
    }

    private static final ConsumeStats PETREL_CONSUME_STATS = new ConsumeStats(1.5, Map.of(Q0, new OffsetWrapper(100, 90, 1700000000000L, 95)));

    @Test
    void consumeStats() {
        assertSame(apacheConsumeStats(), ConsumeStats.CODEC, PETREL_CONSUME_STATS);
    }

    @Test
    void topicStatsTable() {
        org.apache.rocketmq.remoting.protocol.admin.TopicOffset offset = new org.apache.rocketmq.remoting.protocol.admin.TopicOffset();
        offset.setLastUpdateTimestamp(1700000000000L);
        offset.setMaxOffset(100);
        offset.setMinOffset(3);
        org.apache.rocketmq.remoting.protocol.admin.TopicStatsTable table = new org.apache.rocketmq.remoting.protocol.admin.TopicStatsTable();
        table.setOffsetTable(new HashMap<>(Map.of(APACHE_Q0, offset)));
        assertSame(table, TopicStatsTable.CODEC, new TopicStatsTable(Map.of(Q0, new TopicOffset(1700000000000L, 100, 3))));
    }

    @Test
    void consumeStatsList() {
        org.apache.rocketmq.remoting.protocol.body.ConsumeStatsList list = new org.apache.rocketmq.remoting.protocol.body.ConsumeStatsList();
        list.setBrokerAddr("127.0.0.1:10911");
        list.setConsumeStatsList(new ArrayList<>(List.of(new HashMap<>(Map.of("cg", new ArrayList<>(List.of(apacheConsumeStats())))))));
        list.setTotalDiff(10);
        list.setTotalInflightDiff(5);
        assertSame(list, ConsumeStatsList.CODEC,
            new ConsumeStatsList("127.0.0.1:10911", List.of(Map.of("cg", List.of(PETREL_CONSUME_STATS))), 10, 5));
    }

    @Test
    void queryConsumeTimeSpanWithItsDerivedStrings() {
        org.apache.rocketmq.remoting.protocol.body.QueueTimeSpan span = new org.apache.rocketmq.remoting.protocol.body.QueueTimeSpan();
        span.setMessageQueue(APACHE_Q0);
        span.setMinTimeStamp(1699999999999L);
        span.setMaxTimeStamp(1700001000000L);
        span.setConsumeTimeStamp(1700000001000L);
        span.setDelayTime(999000L);
        org.apache.rocketmq.remoting.protocol.body.QueryConsumeTimeSpanBody body =
            new org.apache.rocketmq.remoting.protocol.body.QueryConsumeTimeSpanBody();
        body.setConsumeTimeSpanSet(new ArrayList<>(List.of(span)));
        QueryConsumeTimeSpanBody petrel = new QueryConsumeTimeSpanBody(List.of(
            new QueueTimeSpan(1700000001000L, 999000L, 1700001000000L, Q0, 1699999999999L)));
        // Same JVM, same zone: the derived *Str properties must match fastjson's byte for byte.
        org.assertj.core.api.Assertions.assertThat(ApacheBodies.text(QueryConsumeTimeSpanBody.CODEC.encode(petrel)))
            .isEqualTo(ApacheBodies.canonical(body));
        assertSame(body, QueryConsumeTimeSpanBody.CODEC, petrel);
    }

    @Test
    void haRuntimeInfoOfAMaster() {
        org.apache.rocketmq.remoting.protocol.body.HARuntimeInfo.HAConnectionRuntimeInfo c =
            new org.apache.rocketmq.remoting.protocol.body.HARuntimeInfo.HAConnectionRuntimeInfo();
        c.setAddr("127.0.0.1:52314");
        c.setSlaveAckOffset(4096);
        c.setDiff(904);
        c.setInSync(true);
        c.setTransferredByteInSecond(2048);
        c.setTransferFromWhere(5000);
        org.apache.rocketmq.remoting.protocol.body.HARuntimeInfo info = new org.apache.rocketmq.remoting.protocol.body.HARuntimeInfo();
        info.setMaster(true);
        info.setMasterCommitLogMaxOffset(5000);
        info.setInSyncSlaveNums(1);
        info.getHaConnectionInfo().add(c);
        HaRuntimeInfo petrel = HaRuntimeInfo.ofMaster(5000, 1,
            List.of(new HaRuntimeInfo.Connection("127.0.0.1:52314", 4096, 904, true, 2048, 5000)));
        assertSame(info, HaRuntimeInfo.CODEC, petrel);
        // What Apache 5.3.1 sends, byte for byte (fastjson: sorted properties, the empty client part without masterAddr).
        org.assertj.core.api.Assertions.assertThat(ApacheBodies.text(info.encode())).isEqualTo("{\"haClientRuntimeInfo\":"
            + "{\"lastReadTimestamp\":0,\"lastWriteTimestamp\":0,\"masterFlushOffset\":0,\"maxOffset\":0,"
            + "\"transferredByteInSecond\":0},\"haConnectionInfo\":[{\"addr\":\"127.0.0.1:52314\",\"diff\":904,"
            + "\"inSync\":true,\"slaveAckOffset\":4096,\"transferFromWhere\":5000,\"transferredByteInSecond\":2048}],"
            + "\"inSyncSlaveNums\":1,\"master\":true,\"masterCommitLogMaxOffset\":5000}");
    }

    @Test
    void haRuntimeInfoOfASlave() {
        org.apache.rocketmq.remoting.protocol.body.HARuntimeInfo info = new org.apache.rocketmq.remoting.protocol.body.HARuntimeInfo();
        info.setMaster(false);
        org.apache.rocketmq.remoting.protocol.body.HARuntimeInfo.HAClientRuntimeInfo client = info.getHaClientRuntimeInfo();
        client.setMasterAddr("127.0.0.1:10912");
        client.setMaxOffset(5000);
        client.setLastReadTimestamp(1700000000123L);
        client.setLastWriteTimestamp(1700000000456L);
        client.setTransferredByteInSecond(77);
        client.setMasterFlushOffset(0);
        assertSame(info, HaRuntimeInfo.CODEC, HaRuntimeInfo.ofReplica(
            new HaRuntimeInfo.Client("127.0.0.1:10912", 77, 5000, 1700000000123L, 1700000000456L, 0)));
    }

    @Test
    void brokerStatsAndCorrectionOffsets() {
        org.apache.rocketmq.remoting.protocol.body.BrokerStatsItem item = new org.apache.rocketmq.remoting.protocol.body.BrokerStatsItem();
        item.setAvgpt(0.5);
        item.setSum(10);
        item.setTps(2.25);
        org.apache.rocketmq.remoting.protocol.body.BrokerStatsData data = new org.apache.rocketmq.remoting.protocol.body.BrokerStatsData();
        data.setStatsDay(item);
        data.setStatsHour(item);
        data.setStatsMinute(new org.apache.rocketmq.remoting.protocol.body.BrokerStatsItem());
        BrokerStatsItem petrelItem = new BrokerStatsItem(0.5, 10, 2.25);
        assertSame(data, BrokerStatsData.CODEC, new BrokerStatsData(petrelItem, petrelItem, new BrokerStatsItem(0.0, 0, 0.0)));

        org.apache.rocketmq.remoting.protocol.body.QueryCorrectionOffsetBody correction =
            new org.apache.rocketmq.remoting.protocol.body.QueryCorrectionOffsetBody();
        correction.setCorrectionOffsets(new HashMap<>(Map.of(0, 10L, 1, 20L, 12, 3L)));
        assertSame(correction, QueryCorrectionOffsetBody.CODEC, new QueryCorrectionOffsetBody(Map.of(0, 10L, 1, 20L, 12, 3L)));
    }
}
