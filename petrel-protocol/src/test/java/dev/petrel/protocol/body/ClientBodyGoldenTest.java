package dev.petrel.protocol.body;

import static dev.petrel.protocol.body.BodyGolden.assertGolden;
import static dev.petrel.protocol.body.BodyGolden.assertReads;

import dev.petrel.protocol.body.client.CMResult;
import dev.petrel.protocol.body.client.Connection;
import dev.petrel.protocol.body.client.ConsumeByWho;
import dev.petrel.protocol.body.client.ConsumeMessageDirectlyResult;
import dev.petrel.protocol.body.client.ConsumeStatus;
import dev.petrel.protocol.body.client.ConsumerConnection;
import dev.petrel.protocol.body.client.ConsumerRunningInfo;
import dev.petrel.protocol.body.client.GetConsumerListByGroupResponseBody;
import dev.petrel.protocol.body.client.GetConsumerStatusBody;
import dev.petrel.protocol.body.client.GroupList;
import dev.petrel.protocol.body.client.LockBatchRequestBody;
import dev.petrel.protocol.body.client.LockBatchResponseBody;
import dev.petrel.protocol.body.client.MessageQueueForC;
import dev.petrel.protocol.body.client.PopProcessQueueInfo;
import dev.petrel.protocol.body.client.ProcessQueueInfo;
import dev.petrel.protocol.body.client.ProducerConnection;
import dev.petrel.protocol.body.client.ProducerInfo;
import dev.petrel.protocol.body.client.ProducerTableInfo;
import dev.petrel.protocol.body.client.QuerySubscriptionResponseBody;
import dev.petrel.protocol.body.client.ResetOffsetBody;
import dev.petrel.protocol.body.client.ResetOffsetBodyForC;
import dev.petrel.protocol.body.client.UnlockBatchRequestBody;
import dev.petrel.protocol.body.heartbeat.ConsumeFromWhere;
import dev.petrel.protocol.body.heartbeat.ConsumeType;
import dev.petrel.protocol.body.heartbeat.MessageModel;
import dev.petrel.protocol.body.heartbeat.SubscriptionData;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** Locks, lists, connections, offsets reset, consumer status and diagnostics (json-bodies.md §6, §8, §9, §11, §12). */
class ClientBodyGoldenTest {

    private static final MessageQueue Q0 = new MessageQueue("TopicTest", "broker-a", 0);
    private static final String Q0_KEY = "\"{\\\"brokerName\\\":\\\"broker-a\\\",\\\"queueId\\\":0,\\\"topic\\\":\\\"TopicTest\\\"}\"";
    private static final String Q0_OBJECT = "{\"brokerName\":\"broker-a\",\"queueId\":0,\"topic\":\"TopicTest\"}";
    private static final SubscriptionData TAGS = SubscriptionData.of("TopicTest", "TAG", "TagA || TagB", 1700000000000L);
    private static final String TAGS_JSON = "{\"classFilterMode\":false,\"codeSet\":[2598919,2598920],\"expressionType\":\"TAG\","
        + "\"subString\":\"TagA || TagB\",\"subVersion\":1700000000000,\"tagsSet\":[\"TagA\",\"TagB\"],\"topic\":\"TopicTest\"}";

    @Test
    void locks() {
        // Captured (json-bodies.md §6).
        assertGolden(LockBatchRequestBody.CODEC,
            new LockBatchRequestBody("192.0.2.2@app2", "cgord", Set.of(new MessageQueue("%RETRY%cgord", "broker-a", 1)), false),
            "{\"clientId\":\"192.0.2.2@app2\",\"consumerGroup\":\"cgord\",\"mqSet\":[{\"brokerName\":\"broker-a\",\"queueId\":1,"
                + "\"topic\":\"%RETRY%cgord\"}],\"onlyThisBroker\":false}");
        assertGolden(UnlockBatchRequestBody.CODEC, new UnlockBatchRequestBody("c", "g", Set.of(Q0), true),
            "{\"clientId\":\"c\",\"consumerGroup\":\"g\",\"mqSet\":[" + Q0_OBJECT + "],\"onlyThisBroker\":true}");
        assertGolden(LockBatchResponseBody.CODEC, new LockBatchResponseBody(Set.of(Q0)), "{\"lockOKMQSet\":[" + Q0_OBJECT + "]}");
    }

    @Test
    void lists() {
        assertGolden(GroupList.CODEC, new GroupList(Set.of("cg")), "{\"groupList\":[\"cg\"]}");
        assertGolden(GetConsumerListByGroupResponseBody.CODEC, new GetConsumerListByGroupResponseBody(List.of("c1", "c2")),
            "{\"consumerIdList\":[\"c1\",\"c2\"]}");
        assertGolden(ProducerTableInfo.CODEC,
            new ProducerTableInfo(Map.of("pg", List.of(new ProducerInfo("c1", "JAVA", 1700000000000L, "127.0.0.1:5555", 475)))),
            "{\"data\":{\"pg\":[{\"clientId\":\"c1\",\"language\":\"JAVA\",\"lastUpdateTimestamp\":1700000000000,"
                + "\"remoteIP\":\"127.0.0.1:5555\",\"version\":475}]}}");
    }

    @Test
    void connections() {
        Connection connection = new Connection("127.0.0.1:5555", "cid", "JAVA", 475);
        // json-bodies.md §9 example.
        assertGolden(ConsumerConnection.CODEC,
            new ConsumerConnection(Set.of(connection), ConsumeFromWhere.CONSUME_FROM_LAST_OFFSET, ConsumeType.CONSUME_PASSIVELY,
                MessageModel.CLUSTERING, Map.of("TopicTest", TAGS)),
            "{\"connectionSet\":[{\"clientAddr\":\"127.0.0.1:5555\",\"clientId\":\"cid\",\"language\":\"JAVA\",\"version\":475}],"
                + "\"consumeFromWhere\":\"CONSUME_FROM_LAST_OFFSET\",\"consumeType\":\"CONSUME_PASSIVELY\",\"messageModel\":"
                + "\"CLUSTERING\",\"subscriptionTable\":{\"TopicTest\":" + TAGS_JSON + "}}");
        assertGolden(ProducerConnection.CODEC, new ProducerConnection(Set.of(connection)),
            "{\"connectionSet\":[{\"clientAddr\":\"127.0.0.1:5555\",\"clientId\":\"cid\",\"language\":\"JAVA\",\"version\":475}]}");
    }

    @Test
    void resetOffsets() {
        ResetOffsetBody reset = new ResetOffsetBody(Map.of(Q0, 42L));
        assertGolden(ResetOffsetBody.CODEC, reset, "{\"offsetTable\":{" + Q0_KEY + ":42}}");
        // json-bodies.md §2, as the 5.3.1 broker writes it.
        assertReads(ResetOffsetBody.CODEC, "{\"offsetTable\":{" + Q0_OBJECT + ":42}}", reset);
        assertGolden(ResetOffsetBodyForC.CODEC, new ResetOffsetBodyForC(List.of(new MessageQueueForC("broker-a", 42, 0, "T"))),
            "{\"offsetTable\":[{\"brokerName\":\"broker-a\",\"offset\":42,\"queueId\":0,\"topic\":\"T\"}]}");
    }

    @Test
    void consumerStatus() {
        GetConsumerStatusBody status = new GetConsumerStatusBody(Map.of("clientA", Map.of(Q0, 6L)), Map.of(Q0, 5L));
        assertGolden(GetConsumerStatusBody.CODEC, status,
            "{\"consumerTable\":{\"clientA\":{" + Q0_KEY + ":6}},\"messageQueueTable\":{" + Q0_KEY + ":5}}");
        assertReads(GetConsumerStatusBody.CODEC,
            "{\"consumerTable\":{\"clientA\":{" + Q0_OBJECT + ":6}},\"messageQueueTable\":{" + Q0_OBJECT + ":5}}", status);
    }

    @Test
    void runningInfo() {
        ProcessQueueInfo pq = new ProcessQueueInfo(3, 99, 97, 1, 96, false, 1700000000001L, 0, 1700000000002L, true, 0, 0, 0, 0);
        ConsumerRunningInfo info = new ConsumerRunningInfo(null, Map.of(Q0, new PopProcessQueueInfo(false, 5, 2)), Map.of(Q0, pq),
            Map.of("PROP_CONSUME_TYPE", "CONSUME_PASSIVELY", "consumerGroup", "cg"),
            Map.of("TopicTest", new ConsumeStatus(1, 0.5, 10.25, 1.0, 2.0, 3.0)), Set.of(TAGS), Map.of());
        String pqJson = "{\"cachedMsgCount\":3,\"cachedMsgMaxOffset\":99,\"cachedMsgMinOffset\":97,\"cachedMsgSizeInMiB\":1,"
            + "\"commitOffset\":96,\"droped\":false,\"lastConsumeTimestamp\":1700000000001,\"lastLockTimestamp\":0,"
            + "\"lastPullTimestamp\":1700000000002,\"locked\":true,\"transactionMsgCount\":0,\"transactionMsgMaxOffset\":0,"
            + "\"transactionMsgMinOffset\":0,\"tryUnlockTimes\":0}";
        assertGolden(ConsumerRunningInfo.CODEC, info,
            "{\"mqPopTable\":{" + Q0_KEY + ":{\"droped\":false,\"lastPopTimestamp\":5,\"waitAckCount\":2}},\"mqTable\":{" + Q0_KEY
                + ":" + pqJson + "},\"properties\":{\"PROP_CONSUME_TYPE\":\"CONSUME_PASSIVELY\",\"consumerGroup\":\"cg\"},"
                + "\"statusTable\":{\"TopicTest\":{\"consumeFailedMsgs\":1,\"consumeFailedTPS\":0.5,\"consumeOKTPS\":10.25,"
                + "\"consumeRT\":1.0,\"pullRT\":2.0,\"pullTPS\":3.0}},\"subscriptionSet\":[" + TAGS_JSON + "],\"userConsumerInfo\":{}}");
        // The client writes properties from java.util.Properties; numbers there read as strings too.
        assertReads(ConsumerRunningInfo.CODEC, "{\"jstack\":\"\\\"main\\\" ...\",\"properties\":{\"n\":5}}",
            new ConsumerRunningInfo("\"main\" ...", Map.of(), Map.of(), Map.of("n", "5"), Map.of(), Set.of(), Map.of()));
    }

    @Test
    void directConsumeAndSubscriptionQueries() {
        assertGolden(ConsumeMessageDirectlyResult.CODEC,
            new ConsumeMessageDirectlyResult(true, CMResult.CR_SUCCESS, false, null, 12),
            "{\"autoCommit\":true,\"consumeResult\":\"CR_SUCCESS\",\"order\":false,\"spentTimeMills\":12}");
        assertReads(ConsumeMessageDirectlyResult.CODEC, "{\"consumeResult\":\"CR_LATER\",\"remark\":\"r\"}",
            new ConsumeMessageDirectlyResult(true, CMResult.CR_LATER, false, "r", 0));
        assertGolden(QuerySubscriptionResponseBody.CODEC, new QuerySubscriptionResponseBody("cg", TAGS, "TopicTest"),
            "{\"group\":\"cg\",\"subscriptionData\":" + TAGS_JSON + ",\"topic\":\"TopicTest\"}");
        assertGolden(ConsumeByWho.CODEC, new ConsumeByWho(Set.of("cg"), Set.of(), 4, 1, "T"),
            "{\"consumedGroup\":[\"cg\"],\"notConsumedGroup\":[],\"offset\":4,\"queueId\":1,\"topic\":\"T\"}");
    }
}
