package dev.petrel.compat.protocol;

import static dev.petrel.compat.protocol.ApacheHeaders.assertSame;
import static org.assertj.core.api.Assertions.assertThat;

import dev.petrel.protocol.header.RpcFields;
import dev.petrel.protocol.header.client.PullMessageRequestHeaderCodec;
import dev.petrel.protocol.header.client.PullMessageResponseHeaderCodec;
import dev.petrel.protocol.header.client.SendMessageResponseHeaderCodec;
import dev.petrel.protocol.header.client.SendMessageV1HeaderCodec;
import dev.petrel.protocol.header.client.SendMessageV2HeaderCodec;
import java.util.HashMap;
import java.util.Map;
import org.apache.rocketmq.common.BoundaryType;
import org.apache.rocketmq.remoting.protocol.RemotingCommand;
import org.apache.rocketmq.remoting.protocol.RequestCode;
import org.apache.rocketmq.remoting.protocol.header.CheckTransactionStateRequestHeader;
import org.apache.rocketmq.remoting.protocol.header.ConsumerSendMsgBackRequestHeader;
import org.apache.rocketmq.remoting.protocol.header.EndTransactionRequestHeader;
import org.apache.rocketmq.remoting.protocol.header.GetConsumerListByGroupRequestHeader;
import org.apache.rocketmq.remoting.protocol.header.GetEarliestMsgStoretimeRequestHeader;
import org.apache.rocketmq.remoting.protocol.header.GetEarliestMsgStoretimeResponseHeader;
import org.apache.rocketmq.remoting.protocol.header.GetMaxOffsetRequestHeader;
import org.apache.rocketmq.remoting.protocol.header.GetMaxOffsetResponseHeader;
import org.apache.rocketmq.remoting.protocol.header.GetMinOffsetRequestHeader;
import org.apache.rocketmq.remoting.protocol.header.GetMinOffsetResponseHeader;
import org.apache.rocketmq.remoting.protocol.header.HeartbeatRequestHeader;
import org.apache.rocketmq.remoting.protocol.header.LockBatchMqRequestHeader;
import org.apache.rocketmq.remoting.protocol.header.NotifyConsumerIdsChangedRequestHeader;
import org.apache.rocketmq.remoting.protocol.header.PullMessageRequestHeader;
import org.apache.rocketmq.remoting.protocol.header.PullMessageResponseHeader;
import org.apache.rocketmq.remoting.protocol.header.QueryConsumerOffsetRequestHeader;
import org.apache.rocketmq.remoting.protocol.header.QueryConsumerOffsetResponseHeader;
import org.apache.rocketmq.remoting.protocol.header.QueryMessageRequestHeader;
import org.apache.rocketmq.remoting.protocol.header.QueryMessageResponseHeader;
import org.apache.rocketmq.remoting.protocol.header.ReplyMessageRequestHeader;
import org.apache.rocketmq.remoting.protocol.header.SearchOffsetRequestHeader;
import org.apache.rocketmq.remoting.protocol.header.SearchOffsetResponseHeader;
import org.apache.rocketmq.remoting.protocol.header.SendMessageRequestHeader;
import org.apache.rocketmq.remoting.protocol.header.SendMessageRequestHeaderV2;
import org.apache.rocketmq.remoting.protocol.header.SendMessageResponseHeader;
import org.apache.rocketmq.remoting.protocol.header.UnlockBatchMqRequestHeader;
import org.apache.rocketmq.remoting.protocol.header.UnregisterClientRequestHeader;
import org.apache.rocketmq.remoting.protocol.header.UpdateConsumerOffsetRequestHeader;
import org.apache.rocketmq.remoting.protocol.header.ViewMessageRequestHeader;
import org.junit.jupiter.api.Test;

/** Client and broker-to-client headers (request-codes.md §4, §6) against the Apache 5.3.1 header classes. */
class ClientHeaderCompatTest {

    private static final String PROPERTIES = "KEYS\u0001key1 key2\u0002UNIQ_KEY\u0001FD0000000000000000000000000000\u0002"
        + "WAIT\u0001true\u0002TAGS\u0001TagA\u0002";
    private static final RpcFields BROKER_A = RpcFields.toBroker("broker-a");

    private static SendMessageRequestHeader apacheSend() {
        SendMessageRequestHeader v1 = new SendMessageRequestHeader();
        v1.setProducerGroup("pg");
        v1.setTopic("TopicTest");
        v1.setDefaultTopic("TBW102");
        v1.setDefaultTopicQueueNums(4);
        v1.setQueueId(1);
        v1.setSysFlag(0);
        v1.setBornTimestamp(1796061778187L);
        v1.setFlag(0);
        v1.setProperties(PROPERTIES);
        v1.setReconsumeTimes(0);
        v1.setUnitMode(false);
        v1.setBatch(false);
        v1.setBrokerName("broker-a");
        return v1;
    }

    private static final dev.petrel.protocol.header.client.SendMessageRequestHeader PETREL_SEND =
        new dev.petrel.protocol.header.client.SendMessageRequestHeader("pg", "TopicTest", "TBW102", 4, 1, 0, 1796061778187L, 0,
            PROPERTIES, 0, false, false, null, BROKER_A);

    @Test
    void sendV1() {
        assertSame(RequestCode.SEND_MESSAGE, apacheSend(), Map.of(), SendMessageV1HeaderCodec.INSTANCE, PETREL_SEND);
        SendMessageRequestHeader retry = apacheSend();
        retry.setTopic("%RETRY%cg");
        retry.setReconsumeTimes(3);
        retry.setMaxReconsumeTimes(16);
        retry.setNamespace("ns");
        retry.setLo(false);
        assertSame(RequestCode.SEND_MESSAGE, retry, Map.of(), SendMessageV1HeaderCodec.INSTANCE,
            new dev.petrel.protocol.header.client.SendMessageRequestHeader("pg", "%RETRY%cg", "TBW102", 4, 1, 0, 1796061778187L, 0,
                PROPERTIES, 3, false, false, 16, new RpcFields("ns", null, "broker-a", null, false)));
    }

    @Test
    void sendV2AsTheClientConvertsIt() {
        SendMessageRequestHeaderV2 v2 = SendMessageRequestHeaderV2.createSendMessageRequestHeaderV2(apacheSend());
        assertSame(RequestCode.SEND_MESSAGE_V2, v2, Map.of(), SendMessageV2HeaderCodec.INSTANCE, PETREL_SEND);
        SendMessageRequestHeader batch = apacheSend();
        batch.setBatch(true);
        batch.setMaxReconsumeTimes(16);
        assertSame(RequestCode.SEND_BATCH_MESSAGE, SendMessageRequestHeaderV2.createSendMessageRequestHeaderV2(batch), Map.of(),
            SendMessageV2HeaderCodec.INSTANCE,
            new dev.petrel.protocol.header.client.SendMessageRequestHeader("pg", "TopicTest", "TBW102", 4, 1, 0, 1796061778187L, 0,
                PROPERTIES, 0, false, true, 16, BROKER_A));
        // The broker converts V2 back to V1 the same way.
        SendMessageRequestHeader back = SendMessageRequestHeaderV2.createSendMessageRequestHeaderV1(
            (SendMessageRequestHeaderV2) ApacheHeaders.apacheDecode(RequestCode.SEND_MESSAGE_V2,
                SendMessageV2HeaderCodec.INSTANCE.encode(PETREL_SEND), SendMessageRequestHeaderV2.class));
        RemotingCommand v1 = RemotingCommand.createRequestCommand(RequestCode.SEND_MESSAGE, back);
        v1.makeCustomHeaderToNet();
        assertThat(v1.getExtFields()).isEqualTo(SendMessageV1HeaderCodec.INSTANCE.encode(PETREL_SEND));
    }

    @Test
    void sendResponseWithItsExtFields() {
        SendMessageResponseHeader apache = new SendMessageResponseHeader();
        apache.setMsgId("7F0000010000AC010000000000001000");
        apache.setQueueId(1);
        apache.setQueueOffset(42L);
        apache.setTransactionId("UNIQ");
        assertSame(RequestCode.SEND_MESSAGE_V2, apache, Map.of("MSG_REGION", "DefaultRegion", "TRACE_ON", "true"),
            SendMessageResponseHeaderCodec.INSTANCE,
            new dev.petrel.protocol.header.client.SendMessageResponseHeader("7F0000010000AC010000000000001000", 1, 42L, "UNIQ", null,
                "DefaultRegion", true));
    }

    @Test
    void pull() {
        PullMessageRequestHeader apache = new PullMessageRequestHeader();
        apache.setConsumerGroup("cg");
        apache.setTopic("TopicTest");
        apache.setQueueId(1);
        apache.setQueueOffset(0L);
        apache.setMaxMsgNums(32);
        apache.setSysFlag(2);
        apache.setCommitOffset(-1L);
        apache.setSuspendTimeoutMillis(15000L);
        apache.setSubVersion(1796061779291L);
        apache.setExpressionType("TAG");
        apache.setMaxMsgBytes(262144);
        apache.setBrokerName("broker-a");
        assertSame(RequestCode.PULL_MESSAGE, apache, Map.of(), PullMessageRequestHeaderCodec.INSTANCE,
            new dev.petrel.protocol.header.client.PullMessageRequestHeader("cg", "TopicTest", 1, 0L, 32, 2, -1L, 15000L, null,
                1796061779291L, "TAG", 262144, null, null, BROKER_A));
        apache.setSubscription("a > 5");
        apache.setExpressionType("SQL92");
        apache.setRequestSource(1);
        apache.setProxyFrowardClientId("proxy-client");
        apache.setLo(true);
        apache.setNamespaced(false);
        apache.setOneway(false);
        assertSame(RequestCode.LITE_PULL_MESSAGE, apache, Map.of(), PullMessageRequestHeaderCodec.INSTANCE,
            new dev.petrel.protocol.header.client.PullMessageRequestHeader("cg", "TopicTest", 1, 0L, 32, 2, -1L, 15000L, "a > 5",
                1796061779291L, "SQL92", 262144, 1, "proxy-client", new RpcFields(null, false, "broker-a", false, true)));

        PullMessageResponseHeader response = new PullMessageResponseHeader();
        response.setSuggestWhichBrokerId(0L);
        response.setNextBeginOffset(32L);
        response.setMinOffset(0L);
        response.setMaxOffset(100L);
        response.setTopicSysFlag(0);
        response.setGroupSysFlag(0);
        response.setForbiddenType(3);
        response.setOffsetDelta(5L);
        assertSame(RequestCode.PULL_MESSAGE, response, Map.of(), PullMessageResponseHeaderCodec.INSTANCE,
            new dev.petrel.protocol.header.client.PullMessageResponseHeader(0L, 32L, 0L, 100L, 5L, 0, 0, 3));
    }

    @Test
    void queryAndView() {
        QueryMessageRequestHeader query = new QueryMessageRequestHeader();
        query.setTopic("TopicTest");
        query.setKey("key1");
        query.setMaxNum(32);
        query.setBeginTimestamp(0L);
        query.setEndTimestamp(1700000000000L);
        query.setBrokerName("broker-a");
        assertSame(RequestCode.QUERY_MESSAGE, query, Map.of("_UNIQUE_KEY_QUERY", "false"),
            new dev.petrel.protocol.header.client.QueryMessageRequestHeader("TopicTest", "key1", 32, 0L, 1700000000000L, false,
                BROKER_A));
        QueryMessageResponseHeader found = new QueryMessageResponseHeader();
        found.setIndexLastUpdateTimestamp(1700000000000L);
        found.setIndexLastUpdatePhyoffset(4096L);
        assertSame(RequestCode.QUERY_MESSAGE, found,
            new dev.petrel.protocol.header.client.QueryMessageResponseHeader(1700000000000L, 4096L));
        ViewMessageRequestHeader view = new ViewMessageRequestHeader();
        view.setTopic("TopicTest");
        view.setOffset(4096L);
        assertSame(RequestCode.VIEW_MESSAGE_BY_ID, view, new dev.petrel.protocol.header.client.ViewMessageRequestHeader("TopicTest", 4096L));
    }

    @Test
    void heartbeatAndClients() {
        assertSame(RequestCode.HEART_BEAT, new HeartbeatRequestHeader(),
            new dev.petrel.protocol.header.client.HeartbeatRequestHeader(RpcFields.NONE));
        // The heartbeat response's ext fields are added by the broker outside any header class.
        RemotingCommand response = RemotingCommand.createResponseCommand(0, null);
        response.addExtField("IS_SUPPORT_HEART_BEAT_V2", Boolean.TRUE.toString());
        response.addExtField("IS_SUB_CHANGE", Boolean.FALSE.toString());
        assertThat(dev.petrel.protocol.header.RecordHeaderCodec.of(dev.petrel.protocol.header.client.HeartbeatResponseHeader.class)
            .encode(new dev.petrel.protocol.header.client.HeartbeatResponseHeader(true, false))).isEqualTo(response.getExtFields());

        UnregisterClientRequestHeader unregister = new UnregisterClientRequestHeader();
        unregister.setClientID("192.0.2.2@app1");
        unregister.setProducerGroup("pg");
        assertSame(RequestCode.UNREGISTER_CLIENT, unregister,
            new dev.petrel.protocol.header.client.UnregisterClientRequestHeader("192.0.2.2@app1", "pg", null, RpcFields.NONE));
        GetConsumerListByGroupRequestHeader list = new GetConsumerListByGroupRequestHeader();
        list.setConsumerGroup("cg");
        list.setBrokerName("broker-a");
        assertSame(RequestCode.GET_CONSUMER_LIST_BY_GROUP, list,
            new dev.petrel.protocol.header.client.GetConsumerListByGroupRequestHeader("cg", BROKER_A));
        NotifyConsumerIdsChangedRequestHeader notify = new NotifyConsumerIdsChangedRequestHeader();
        notify.setConsumerGroup("cg");
        assertSame(RequestCode.NOTIFY_CONSUMER_IDS_CHANGED, notify,
            new dev.petrel.protocol.header.client.NotifyConsumerIdsChangedRequestHeader("cg", RpcFields.NONE));
        assertSame(RequestCode.LOCK_BATCH_MQ, new LockBatchMqRequestHeader(),
            new dev.petrel.protocol.header.client.LockBatchMqRequestHeader(RpcFields.NONE));
        UnlockBatchMqRequestHeader unlock = new UnlockBatchMqRequestHeader();
        unlock.setBrokerName("broker-a");
        assertSame(RequestCode.UNLOCK_BATCH_MQ, unlock, new dev.petrel.protocol.header.client.UnlockBatchMqRequestHeader(BROKER_A));
    }

    @Test
    void consumerOffsets() {
        QueryConsumerOffsetRequestHeader query = new QueryConsumerOffsetRequestHeader();
        query.setConsumerGroup("cg");
        query.setTopic("TopicTest");
        query.setQueueId(1);
        query.setSetZeroIfNotFound(true);
        query.setBrokerName("broker-a");
        assertSame(RequestCode.QUERY_CONSUMER_OFFSET, query,
            new dev.petrel.protocol.header.client.QueryConsumerOffsetRequestHeader("cg", "TopicTest", 1, true, BROKER_A));
        QueryConsumerOffsetResponseHeader offset = new QueryConsumerOffsetResponseHeader();
        offset.setOffset(90L);
        assertSame(RequestCode.QUERY_CONSUMER_OFFSET, offset, new dev.petrel.protocol.header.client.QueryConsumerOffsetResponseHeader(90L));
        UpdateConsumerOffsetRequestHeader update = new UpdateConsumerOffsetRequestHeader();
        update.setConsumerGroup("cg");
        update.setTopic("TopicTest");
        update.setQueueId(0);
        update.setCommitOffset(95L);
        update.setBrokerName("broker-a");
        assertSame(RequestCode.UPDATE_CONSUMER_OFFSET, update,
            new dev.petrel.protocol.header.client.UpdateConsumerOffsetRequestHeader("cg", "TopicTest", 0, 95L, BROKER_A));
    }

    @Test
    void queueOffsets() {
        GetMaxOffsetRequestHeader max = new GetMaxOffsetRequestHeader();
        max.setTopic("TopicTest");
        max.setQueueId(0);
        assertSame(RequestCode.GET_MAX_OFFSET, max,
            new dev.petrel.protocol.header.client.GetMaxOffsetRequestHeader("TopicTest", 0, true, RpcFields.NONE));
        GetMaxOffsetResponseHeader maxOffset = new GetMaxOffsetResponseHeader();
        maxOffset.setOffset(100L);
        assertSame(RequestCode.GET_MAX_OFFSET, maxOffset, new dev.petrel.protocol.header.client.GetMaxOffsetResponseHeader(100L));
        GetMinOffsetRequestHeader min = new GetMinOffsetRequestHeader();
        min.setTopic("TopicTest");
        min.setQueueId(3);
        assertSame(RequestCode.GET_MIN_OFFSET, min,
            new dev.petrel.protocol.header.client.GetMinOffsetRequestHeader("TopicTest", 3, RpcFields.NONE));
        GetMinOffsetResponseHeader minOffset = new GetMinOffsetResponseHeader();
        minOffset.setOffset(0L);
        assertSame(RequestCode.GET_MIN_OFFSET, minOffset, new dev.petrel.protocol.header.client.GetMinOffsetResponseHeader(0L));
        SearchOffsetRequestHeader search = new SearchOffsetRequestHeader();
        search.setTopic("TopicTest");
        search.setQueueId(1);
        search.setTimestamp(1700000000000L);
        search.setBoundaryType(BoundaryType.UPPER);
        assertSame(RequestCode.SEARCH_OFFSET_BY_TIMESTAMP, search,
            new dev.petrel.protocol.header.client.SearchOffsetRequestHeader("TopicTest", 1, 1700000000000L,
                dev.petrel.protocol.header.BoundaryType.UPPER, RpcFields.NONE));
        SearchOffsetResponseHeader found = new SearchOffsetResponseHeader();
        found.setOffset(42L);
        assertSame(RequestCode.SEARCH_OFFSET_BY_TIMESTAMP, found, new dev.petrel.protocol.header.client.SearchOffsetResponseHeader(42L));
        GetEarliestMsgStoretimeRequestHeader earliest = new GetEarliestMsgStoretimeRequestHeader();
        earliest.setTopic("T");
        earliest.setQueueId(2);
        assertSame(RequestCode.GET_EARLIEST_MSG_STORETIME, earliest,
            new dev.petrel.protocol.header.client.GetEarliestMsgStoretimeRequestHeader("T", 2, RpcFields.NONE));
        GetEarliestMsgStoretimeResponseHeader time = new GetEarliestMsgStoretimeResponseHeader();
        time.setTimestamp(1700000000000L);
        assertSame(RequestCode.GET_EARLIEST_MSG_STORETIME, time,
            new dev.petrel.protocol.header.client.GetEarliestMsgStoretimeResponseHeader(1700000000000L));
    }

    @Test
    void boundaryTypeReadsLikeApache() {
        for (String text : new String[] {"upper", "UPPER", "Lower"}) {
            Map<String, String> fields = new HashMap<>(Map.of("topic", "T", "queueId", "0", "timestamp", "1", "boundaryType", text));
            SearchOffsetRequestHeader apache = (SearchOffsetRequestHeader) ApacheHeaders.apacheDecode(
                RequestCode.SEARCH_OFFSET_BY_TIMESTAMP, fields, SearchOffsetRequestHeader.class);
            assertThat(dev.petrel.protocol.header.RecordHeaderCodec.of(dev.petrel.protocol.header.client.SearchOffsetRequestHeader.class)
                .decode(fields).value().boundaryType().name()).isEqualTo(apache.getBoundaryType().name());
        }
    }

    @Test
    void sendBackAndTransactions() {
        ConsumerSendMsgBackRequestHeader back = new ConsumerSendMsgBackRequestHeader();
        back.setOffset(4096L);
        back.setGroup("cgfail");
        back.setDelayLevel(0);
        back.setOriginMsgId("7F0000010000AC010000000000001000");
        back.setOriginTopic("TopicFail");
        back.setUnitMode(false);
        back.setMaxReconsumeTimes(16);
        back.setBrokerName("broker-a");
        assertSame(RequestCode.CONSUMER_SEND_MSG_BACK, back,
            new dev.petrel.protocol.header.client.ConsumerSendMsgBackRequestHeader(4096L, "cgfail", 0,
                "7F0000010000AC010000000000001000", "TopicFail", false, 16, BROKER_A));

        EndTransactionRequestHeader end = new EndTransactionRequestHeader();
        end.setTopic("TopicTx");
        end.setProducerGroup("txg");
        end.setTranStateTableOffset(0L);
        end.setCommitLogOffset(0L);
        end.setCommitOrRollback(8);
        end.setMsgId("FD0000000000000000000000000000");
        end.setBrokerName("broker-a");
        assertSame(RequestCode.END_TRANSACTION, end,
            new dev.petrel.protocol.header.client.EndTransactionRequestHeader("TopicTx", "txg", 0L, 0L, 8, false,
                "FD0000000000000000000000000000", null, BROKER_A));

        CheckTransactionStateRequestHeader check = new CheckTransactionStateRequestHeader();
        check.setTopic("TopicTx");
        check.setTranStateTableOffset(7L);
        check.setCommitLogOffset(4096L);
        check.setMsgId("UNIQ1");
        check.setTransactionId("UNIQ1");
        check.setOffsetMsgId("7F0000010000AC010000000000001000");
        check.setBrokerName("broker-a");
        assertSame(RequestCode.CHECK_TRANSACTION_STATE, check,
            new dev.petrel.protocol.header.client.CheckTransactionStateRequestHeader("TopicTx", 7L, 4096L, "UNIQ1", "UNIQ1",
                "7F0000010000AC010000000000001000", BROKER_A));
    }

    @Test
    void replyMessage() {
        ReplyMessageRequestHeader reply = new ReplyMessageRequestHeader();
        reply.setProducerGroup("pg");
        reply.setTopic("T");
        reply.setDefaultTopic("TBW102");
        reply.setDefaultTopicQueueNums(4);
        reply.setQueueId(0);
        reply.setSysFlag(0);
        reply.setBornTimestamp(1700000000000L);
        reply.setFlag(0);
        reply.setProperties("a\u0001b\u0002");
        reply.setReconsumeTimes(0);
        reply.setUnitMode(false);
        reply.setBornHost("127.0.0.1:5555");
        reply.setStoreHost("127.0.0.1:10911");
        reply.setStoreTimestamp(1700000000001L);
        assertSame(RequestCode.PUSH_REPLY_MESSAGE_TO_CLIENT, reply,
            new dev.petrel.protocol.header.client.ReplyMessageRequestHeader("pg", "T", "TBW102", 4, 0, 0, 1700000000000L, 0,
                "a\u0001b\u0002", 0, false, "127.0.0.1:5555", "127.0.0.1:10911", 1700000000001L, RpcFields.NONE));
    }
}
