package dev.petrel.protocol.header;

import static dev.petrel.protocol.header.Golden.assertGolden;
import static dev.petrel.protocol.header.Golden.fields;

import dev.petrel.protocol.header.client.CheckTransactionStateRequestHeader;
import dev.petrel.protocol.header.client.ConsumerSendMsgBackRequestHeader;
import dev.petrel.protocol.header.client.EndTransactionRequestHeader;
import dev.petrel.protocol.header.client.GetConsumerListByGroupRequestHeader;
import dev.petrel.protocol.header.client.GetEarliestMsgStoretimeRequestHeader;
import dev.petrel.protocol.header.client.GetEarliestMsgStoretimeResponseHeader;
import dev.petrel.protocol.header.client.GetMaxOffsetRequestHeader;
import dev.petrel.protocol.header.client.GetMaxOffsetResponseHeader;
import dev.petrel.protocol.header.client.GetMinOffsetRequestHeader;
import dev.petrel.protocol.header.client.GetMinOffsetResponseHeader;
import dev.petrel.protocol.header.client.HeartbeatRequestHeader;
import dev.petrel.protocol.header.client.HeartbeatResponseHeader;
import dev.petrel.protocol.header.client.LockBatchMqRequestHeader;
import dev.petrel.protocol.header.client.NotifyConsumerIdsChangedRequestHeader;
import dev.petrel.protocol.header.client.QueryConsumerOffsetRequestHeader;
import dev.petrel.protocol.header.client.QueryConsumerOffsetResponseHeader;
import dev.petrel.protocol.header.client.QueryMessageRequestHeader;
import dev.petrel.protocol.header.client.QueryMessageResponseHeader;
import dev.petrel.protocol.header.client.ReplyMessageRequestHeader;
import dev.petrel.protocol.header.client.SearchOffsetRequestHeader;
import dev.petrel.protocol.header.client.SearchOffsetResponseHeader;
import dev.petrel.protocol.header.client.UnlockBatchMqRequestHeader;
import dev.petrel.protocol.header.client.UnregisterClientRequestHeader;
import dev.petrel.protocol.header.client.UpdateConsumerOffsetRequestHeader;
import dev.petrel.protocol.header.client.ViewMessageRequestHeader;
import org.junit.jupiter.api.Test;

/**
 * Exact ext fields of the generic-codec client headers (request-codes.md §4, §6); the hand-written send and pull
 * codecs are in {@link HotPathHeaderCodecTest}.
 */
class ClientHeaderGoldenTest {

    private static final RpcFields BROKER_A = RpcFields.toBroker("broker-a");

    @Test
    void queryAndViewMessage() {
        assertGolden(new QueryMessageRequestHeader("TopicTest", "key1", 32, 0L, 1700000000000L, false, BROKER_A),
            fields("topic", "TopicTest", "key", "key1", "maxNum", "32", "beginTimestamp", "0", "endTimestamp", "1700000000000",
                "_UNIQUE_KEY_QUERY", "false", "bname", "broker-a"));
        assertGolden(new QueryMessageRequestHeader("T", "UNIQ", 64, 1L, 2L, true, RpcFields.NONE),
            fields("topic", "T", "key", "UNIQ", "maxNum", "64", "beginTimestamp", "1", "endTimestamp", "2",
                "_UNIQUE_KEY_QUERY", "true"));
        assertGolden(new QueryMessageResponseHeader(1700000000000L, 4096L),
            fields("indexLastUpdateTimestamp", "1700000000000", "indexLastUpdatePhyoffset", "4096"));
        assertGolden(new ViewMessageRequestHeader("TopicTest", 4096L), fields("topic", "TopicTest", "offset", "4096"));
        assertGolden(new ViewMessageRequestHeader(null, 0L), fields("offset", "0"));
    }

    @Test
    void heartbeatAndClients() {
        // Captured: the 5.3.1 client's heartbeat has "extFields":{}.
        assertGolden(new HeartbeatRequestHeader(RpcFields.NONE), fields());
        assertGolden(new HeartbeatResponseHeader(true, false),
            fields("IS_SUPPORT_HEART_BEAT_V2", "true", "IS_SUB_CHANGE", "false"));
        assertGolden(new UnregisterClientRequestHeader("192.0.2.2@app1", "pg", null, RpcFields.NONE),
            fields("clientID", "192.0.2.2@app1", "producerGroup", "pg"));
        assertGolden(new GetConsumerListByGroupRequestHeader("cg", BROKER_A),
            fields("consumerGroup", "cg", "bname", "broker-a"));
        assertGolden(new NotifyConsumerIdsChangedRequestHeader("cg", RpcFields.NONE), fields("consumerGroup", "cg"));
        assertGolden(new LockBatchMqRequestHeader(RpcFields.NONE), fields());
        assertGolden(new UnlockBatchMqRequestHeader(RpcFields.NONE), fields());
    }

    @Test
    void consumerOffsets() {
        assertGolden(new QueryConsumerOffsetRequestHeader("cg", "TopicTest", 1, true, BROKER_A),
            fields("consumerGroup", "cg", "topic", "TopicTest", "queueId", "1", "setZeroIfNotFound", "true", "bname", "broker-a"));
        assertGolden(new QueryConsumerOffsetResponseHeader(90L), fields("offset", "90"));
        assertGolden(new UpdateConsumerOffsetRequestHeader("cg", "TopicTest", 0, 95L, BROKER_A),
            fields("consumerGroup", "cg", "topic", "TopicTest", "queueId", "0", "commitOffset", "95", "bname", "broker-a"));
    }

    @Test
    void queueOffsets() {
        assertGolden(new GetMaxOffsetRequestHeader("TopicTest", 0, true, RpcFields.NONE),
            fields("topic", "TopicTest", "queueId", "0", "committed", "true"));
        assertGolden(new GetMaxOffsetResponseHeader(100L), fields("offset", "100"));
        assertGolden(new GetMinOffsetRequestHeader("TopicTest", 3, BROKER_A),
            fields("topic", "TopicTest", "queueId", "3", "bname", "broker-a"));
        assertGolden(new GetMinOffsetResponseHeader(0L), fields("offset", "0"));
        assertGolden(new SearchOffsetRequestHeader("TopicTest", 1, 1700000000000L, BoundaryType.UPPER, RpcFields.NONE),
            fields("topic", "TopicTest", "queueId", "1", "timestamp", "1700000000000", "boundaryType", "UPPER"));
        assertGolden(new SearchOffsetRequestHeader("T", 0, 5L, null, RpcFields.NONE),
            fields("topic", "T", "queueId", "0", "timestamp", "5"));
        assertGolden(new SearchOffsetResponseHeader(42L), fields("offset", "42"));
        assertGolden(new GetEarliestMsgStoretimeRequestHeader("T", 2, RpcFields.NONE), fields("topic", "T", "queueId", "2"));
        assertGolden(new GetEarliestMsgStoretimeResponseHeader(1700000000000L), fields("timestamp", "1700000000000"));
    }

    @Test
    void sendBackAndTransactions() {
        // Captured from the 5.3.1 push consumer (request-codes.md §4.8).
        assertGolden(new ConsumerSendMsgBackRequestHeader(4096L, "cgfail", 0, "7F0000010000AC010000000000001000", "TopicFail",
                false, 16, BROKER_A),
            fields("maxReconsumeTimes", "16", "offset", "4096", "bname", "broker-a", "delayLevel", "0", "originTopic", "TopicFail",
                "originMsgId", "7F0000010000AC010000000000001000", "unitMode", "false", "group", "cgfail"));
        // Captured from the 5.3.1 transactional producer (request-codes.md §4.9), msgId completed.
        assertGolden(new EndTransactionRequestHeader("TopicTx", "txg", 0L, 0L, 8, false,
                "FD0000000000000000000000000000000000000000000000", null, BROKER_A),
            fields("producerGroup", "txg", "bname", "broker-a", "commitLogOffset", "0", "topic", "TopicTx",
                "msgId", "FD0000000000000000000000000000000000000000000000", "tranStateTableOffset", "0",
                "commitOrRollback", "8", "fromTransactionCheck", "false"));
        assertGolden(new CheckTransactionStateRequestHeader("TopicTx", 7L, 4096L, "UNIQ1", "UNIQ1",
                "7F0000010000AC010000000000001000", BROKER_A),
            fields("topic", "TopicTx", "tranStateTableOffset", "7", "commitLogOffset", "4096", "msgId", "UNIQ1",
                "transactionId", "UNIQ1", "offsetMsgId", "7F0000010000AC010000000000001000", "bname", "broker-a"));
    }

    @Test
    void replyMessage() {
        assertGolden(new ReplyMessageRequestHeader("pg", "T", "TBW102", 4, 0, 0, 1700000000000L, 0, "a\u0001b\u0002", 0,
                false, "127.0.0.1:5555", "127.0.0.1:10911", 1700000000001L, RpcFields.NONE),
            fields("producerGroup", "pg", "topic", "T", "defaultTopic", "TBW102", "defaultTopicQueueNums", "4", "queueId", "0",
                "sysFlag", "0", "bornTimestamp", "1700000000000", "flag", "0", "properties", "a\u0001b\u0002",
                "reconsumeTimes", "0", "unitMode", "false", "bornHost", "127.0.0.1:5555", "storeHost", "127.0.0.1:10911",
                "storeTimestamp", "1700000000001"));
    }
}
