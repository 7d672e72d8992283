package dev.petrel.compat.protocol;

import static dev.petrel.compat.protocol.ApacheBodies.assertSame;
import static org.assertj.core.api.Assertions.assertThat;

import com.alibaba.fastjson.JSON;
import dev.petrel.protocol.body.MessageQueue;
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
import dev.petrel.protocol.body.heartbeat.CheckClientRequestBody;
import dev.petrel.protocol.body.heartbeat.ConsumeFromWhere;
import dev.petrel.protocol.body.heartbeat.ConsumeType;
import dev.petrel.protocol.body.heartbeat.ConsumerData;
import dev.petrel.protocol.body.heartbeat.HeartbeatData;
import dev.petrel.protocol.body.heartbeat.MessageModel;
import dev.petrel.protocol.body.heartbeat.ProducerData;
import dev.petrel.protocol.body.heartbeat.SubscriptionData;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.rocketmq.remoting.protocol.LanguageCode;
import org.apache.rocketmq.remoting.protocol.filter.FilterAPI;
import org.junit.jupiter.api.Test;

/** Heartbeat, locks, lists, connections, reset offsets, consumer status and diagnostics against Apache 5.3.1. */
class ClientBodyCompatTest {

    private static final org.apache.rocketmq.common.message.MessageQueue APACHE_Q0 =
        new org.apache.rocketmq.common.message.MessageQueue("TopicTest", "broker-a", 0);
    private static final org.apache.rocketmq.common.message.MessageQueue APACHE_Q1 =
        new org.apache.rocketmq.common.message.MessageQueue("TopicTest", "broker-b", 1);
    private static final MessageQueue Q0 = new MessageQueue("TopicTest", "broker-a", 0);
    private static final MessageQueue Q1 = new MessageQueue("TopicTest", "broker-b", 1);

    static org.apache.rocketmq.remoting.protocol.heartbeat.SubscriptionData apacheSubscription(String topic, String expression,
                                                                                             String type, long version) {
        try {
            org.apache.rocketmq.remoting.protocol.heartbeat.SubscriptionData data = FilterAPI.build(topic, expression, type);
            data.setSubVersion(version);
            return data;
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    @Test
    void subscriptionDataIsBuiltLikeTheClientBuildsIt() {
        for (String expression : new String[] {"*", "", "TagA || TagB", " TagA ||  || TagB||TagA ", "single"}) {
            org.apache.rocketmq.remoting.protocol.heartbeat.SubscriptionData apache = apacheSubscription("T", expression, "TAG", 5);
            SubscriptionData petrel = SubscriptionData.of("T", "TAG", expression, 5);
            assertSame(apache, JSON.toJSONBytes(apache), subscriptionCodec(), petrel);
        }
        org.apache.rocketmq.remoting.protocol.heartbeat.SubscriptionData sql = apacheSubscription("T", "a > 5", "SQL92", 7);
        assertSame(sql, JSON.toJSONBytes(sql), subscriptionCodec(), SubscriptionData.of("T", "SQL92", "a > 5", 7));
    }

    private static dev.petrel.protocol.body.BodyCodec<SubscriptionData> subscriptionCodec() {
        return dev.petrel.protocol.body.BodyCodec.of(SubscriptionData.class);
    }

    @Test
    void heartbeat() {
        org.apache.rocketmq.remoting.protocol.heartbeat.ConsumerData consumer = new org.apache.rocketmq.remoting.protocol.heartbeat.ConsumerData();
        consumer.setGroupName("cg");
        consumer.setConsumeType(org.apache.rocketmq.remoting.protocol.heartbeat.ConsumeType.CONSUME_PASSIVELY);
        consumer.setMessageModel(org.apache.rocketmq.remoting.protocol.heartbeat.MessageModel.CLUSTERING);
        consumer.setConsumeFromWhere(org.apache.rocketmq.common.consumer.ConsumeFromWhere.CONSUME_FROM_FIRST_OFFSET);
        consumer.setSubscriptionDataSet(new HashSet<>(Set.of(apacheSubscription("%RETRY%cg", "*", "TAG", 1796061778231L),
            apacheSubscription("TopicTest", "TagA || TagB", "TAG", 1796061778225L))));
        org.apache.rocketmq.remoting.protocol.heartbeat.ProducerData inner = new org.apache.rocketmq.remoting.protocol.heartbeat.ProducerData();
        inner.setGroupName("CLIENT_INNER_PRODUCER");
        org.apache.rocketmq.remoting.protocol.heartbeat.HeartbeatData apache = new org.apache.rocketmq.remoting.protocol.heartbeat.HeartbeatData();
        apache.setClientID("192.0.2.2@app1");
        apache.setConsumerDataSet(new HashSet<>(Set.of(consumer)));
        apache.setProducerDataSet(new HashSet<>(Set.of(inner)));
        apache.setHeartbeatFingerprint(12345);
        apache.setWithoutSub(true);

        HeartbeatData petrel = new HeartbeatData("192.0.2.2@app1",
            Set.of(new ConsumerData(ConsumeFromWhere.CONSUME_FROM_FIRST_OFFSET, ConsumeType.CONSUME_PASSIVELY, "cg",
                MessageModel.CLUSTERING, Set.of(SubscriptionData.of("%RETRY%cg", "TAG", "*", 1796061778231L),
                SubscriptionData.of("TopicTest", "TAG", "TagA || TagB", 1796061778225L)), false)),
            12345, Set.of(new ProducerData("CLIENT_INNER_PRODUCER")), true);
        assertSame(apache, HeartbeatData.CODEC, petrel);
    }

    @Test
    void checkClientConfig() {
        org.apache.rocketmq.remoting.protocol.body.CheckClientRequestBody apache =
            new org.apache.rocketmq.remoting.protocol.body.CheckClientRequestBody();
        apache.setClientId("192.0.2.2@app3");
        apache.setGroup("cgsql");
        apache.setNamespace("ns");
        apache.setSubscriptionData(apacheSubscription("TopicSql", "a > 5", "SQL92", 1796062127358L));
        assertSame(apache, CheckClientRequestBody.CODEC, new CheckClientRequestBody("192.0.2.2@app3", "cgsql", "ns",
            SubscriptionData.of("TopicSql", "SQL92", "a > 5", 1796062127358L)));
    }

    @Test
    void locks() {
        org.apache.rocketmq.remoting.protocol.body.LockBatchRequestBody lock = new org.apache.rocketmq.remoting.protocol.body.LockBatchRequestBody();
        lock.setClientId("192.0.2.2@app2");
        lock.setConsumerGroup("cgord");
        lock.setMqSet(new HashSet<>(Set.of(APACHE_Q0, APACHE_Q1)));
        lock.setOnlyThisBroker(true);
        assertSame(lock, LockBatchRequestBody.CODEC, new LockBatchRequestBody("192.0.2.2@app2", "cgord", Set.of(Q0, Q1), true));
        org.apache.rocketmq.remoting.protocol.body.UnlockBatchRequestBody unlock =
            new org.apache.rocketmq.remoting.protocol.body.UnlockBatchRequestBody();
        unlock.setClientId("c");
        unlock.setConsumerGroup("g");
        unlock.setMqSet(new HashSet<>(Set.of(APACHE_Q0)));
        assertSame(unlock, UnlockBatchRequestBody.CODEC, new UnlockBatchRequestBody("c", "g", Set.of(Q0), false));
        org.apache.rocketmq.remoting.protocol.body.LockBatchResponseBody locked =
            new org.apache.rocketmq.remoting.protocol.body.LockBatchResponseBody();
        locked.setLockOKMQSet(new HashSet<>(Set.of(APACHE_Q1)));
        assertSame(locked, LockBatchResponseBody.CODEC, new LockBatchResponseBody(Set.of(Q1)));
    }

    @Test
    void listsAndConnections() {
        org.apache.rocketmq.remoting.protocol.header.GetConsumerListByGroupResponseBody ids =
            new org.apache.rocketmq.remoting.protocol.header.GetConsumerListByGroupResponseBody();
        ids.setConsumerIdList(new ArrayList<>(List.of("c1", "c2")));
        assertSame(ids, GetConsumerListByGroupResponseBody.CODEC, new GetConsumerListByGroupResponseBody(List.of("c1", "c2")));
        org.apache.rocketmq.remoting.protocol.body.GroupList groups = new org.apache.rocketmq.remoting.protocol.body.GroupList();
        groups.setGroupList(new HashSet<>(Set.of("cg", "cg2")));
        assertSame(groups, GroupList.CODEC, new GroupList(Set.of("cg", "cg2")));

        org.apache.rocketmq.remoting.protocol.body.Connection connection = new org.apache.rocketmq.remoting.protocol.body.Connection();
        connection.setClientAddr("127.0.0.1:5555");
        connection.setClientId("cid");
        connection.setLanguage(LanguageCode.JAVA);
        connection.setVersion(475);
        Connection petrelConnection = new Connection("127.0.0.1:5555", "cid", "JAVA", 475);
        org.apache.rocketmq.remoting.protocol.body.ConsumerConnection consumers =
            new org.apache.rocketmq.remoting.protocol.body.ConsumerConnection();
        consumers.setConnectionSet(new HashSet<>(Set.of(connection)));
        consumers.setConsumeFromWhere(org.apache.rocketmq.common.consumer.ConsumeFromWhere.CONSUME_FROM_LAST_OFFSET);
        consumers.setConsumeType(org.apache.rocketmq.remoting.protocol.heartbeat.ConsumeType.CONSUME_ACTIVELY);
        consumers.setMessageModel(org.apache.rocketmq.remoting.protocol.heartbeat.MessageModel.BROADCASTING);
        consumers.setSubscriptionTable(new ConcurrentHashMap<>(Map.of("TopicTest",
            apacheSubscription("TopicTest", "TagA || TagB", "TAG", 1700000000000L))));
        assertSame(consumers, ConsumerConnection.CODEC, new ConsumerConnection(Set.of(petrelConnection),
            ConsumeFromWhere.CONSUME_FROM_LAST_OFFSET, ConsumeType.CONSUME_ACTIVELY, MessageModel.BROADCASTING,
            Map.of("TopicTest", SubscriptionData.of("TopicTest", "TAG", "TagA || TagB", 1700000000000L))));
        org.apache.rocketmq.remoting.protocol.body.ProducerConnection producers =
            new org.apache.rocketmq.remoting.protocol.body.ProducerConnection();
        producers.setConnectionSet(new HashSet<>(Set.of(connection)));
        assertSame(producers, ProducerConnection.CODEC, new ProducerConnection(Set.of(petrelConnection)));

        org.apache.rocketmq.remoting.protocol.body.ProducerInfo info =
            new org.apache.rocketmq.remoting.protocol.body.ProducerInfo("x", "y", LanguageCode.JAVA, 0, 0);
        info.setClientId("c1");
        info.setRemoteIP("127.0.0.1:5555");
        info.setLanguage(LanguageCode.GO);
        info.setVersion(475);
        info.setLastUpdateTimestamp(1700000000000L);
        org.apache.rocketmq.remoting.protocol.body.ProducerTableInfo table =
            new org.apache.rocketmq.remoting.protocol.body.ProducerTableInfo(new HashMap<>(Map.of("pg", new ArrayList<>(List.of(info)))));
        assertSame(table, ProducerTableInfo.CODEC,
            new ProducerTableInfo(Map.of("pg", List.of(new ProducerInfo("c1", "GO", 1700000000000L, "127.0.0.1:5555", 475)))));
    }

    @Test
    void resetOffsetsAndConsumerStatus() {
        org.apache.rocketmq.remoting.protocol.body.ResetOffsetBody reset = new org.apache.rocketmq.remoting.protocol.body.ResetOffsetBody();
        reset.setOffsetTable(new HashMap<>(Map.of(APACHE_Q0, 42L, APACHE_Q1, 7L)));
        assertSame(reset, ResetOffsetBody.CODEC, new ResetOffsetBody(Map.of(Q0, 42L, Q1, 7L)));

        org.apache.rocketmq.remoting.protocol.body.ResetOffsetBodyForC forC = new org.apache.rocketmq.remoting.protocol.body.ResetOffsetBodyForC();
        forC.setOffsetTable(new ArrayList<>(List.of(new org.apache.rocketmq.common.message.MessageQueueForC("T", "broker-a", 0, 42))));
        assertSame(forC, ResetOffsetBodyForC.CODEC, new ResetOffsetBodyForC(List.of(new MessageQueueForC("broker-a", 42, 0, "T"))));

        org.apache.rocketmq.remoting.protocol.body.GetConsumerStatusBody status =
            new org.apache.rocketmq.remoting.protocol.body.GetConsumerStatusBody();
        // Distinct instances, as Apache's broker builds them (one instance twice makes fastjson write $ref; see below).
        status.setMessageQueueTable(new HashMap<>(Map.of(new org.apache.rocketmq.common.message.MessageQueue(APACHE_Q0), 5L)));
        status.setConsumerTable(new HashMap<>(Map.of("clientA", new HashMap<>(Map.of(APACHE_Q0, 6L, APACHE_Q1, 8L)))));
        assertSame(status, GetConsumerStatusBody.CODEC,
            new GetConsumerStatusBody(Map.of("clientA", Map.of(Q0, 6L, Q1, 8L)), Map.of(Q0, 5L)));
    }

    @Test
    void resetOffsetWithTheSameQueueInstanceTwiceGivesRefsThatPetrelSurvives() {
        // json-bodies.md §1: fastjson writes {"$ref":...} for the second occurrence of one MessageQueue instance.
        org.apache.rocketmq.remoting.protocol.body.GetConsumerStatusBody status =
            new org.apache.rocketmq.remoting.protocol.body.GetConsumerStatusBody();
        status.setConsumerTable(new HashMap<>(Map.of("clientA", new HashMap<>(Map.of(APACHE_Q0, 6L)))));
        status.setMessageQueueTable(new HashMap<>(Map.of(APACHE_Q0, 5L)));
        byte[] withRef = status.encode();
        assertThat(ApacheBodies.text(withRef)).contains("$ref");
        GetConsumerStatusBody read = GetConsumerStatusBody.CODEC.decode(withRef);
        assertThat(read).isEqualTo(new GetConsumerStatusBody(Map.of("clientA", Map.of(Q0, 6L)), Map.of(Q0, 5L)));
        assertThat(ApacheBodies.text(GetConsumerStatusBody.CODEC.encode(read))).doesNotContain("$ref");

        // With several object keys fastjson's path is ambiguous; Petrel reads what fastjson itself reads.
        status.setConsumerTable(new HashMap<>(Map.of("clientA", new HashMap<>(Map.of(APACHE_Q1, 8L, APACHE_Q0, 6L)))));
        byte[] ambiguous = status.encode();
        org.apache.rocketmq.remoting.protocol.body.GetConsumerStatusBody apacheRead =
            org.apache.rocketmq.remoting.protocol.body.GetConsumerStatusBody.decode(ambiguous,
                org.apache.rocketmq.remoting.protocol.body.GetConsumerStatusBody.class);
        org.apache.rocketmq.common.message.MessageQueue apacheKey = apacheRead.getMessageQueueTable().keySet().iterator().next();
        assertThat(GetConsumerStatusBody.CODEC.decode(ambiguous).messageQueueTable()).isEqualTo(Map.of(
            new MessageQueue(apacheKey.getTopic(), apacheKey.getBrokerName(), apacheKey.getQueueId()), 5L));
    }

    @Test
    void runningInfo() {
        org.apache.rocketmq.remoting.protocol.body.ProcessQueueInfo pq = new org.apache.rocketmq.remoting.protocol.body.ProcessQueueInfo();
        pq.setCachedMsgCount(3);
        pq.setCachedMsgMaxOffset(99);
        pq.setCachedMsgMinOffset(97);
        pq.setCachedMsgSizeInMiB(1);
        pq.setCommitOffset(96);
        pq.setLastConsumeTimestamp(1700000000001L);
        pq.setLastPullTimestamp(1700000000002L);
        pq.setLocked(true);
        pq.setTryUnlockTimes(2);
        org.apache.rocketmq.remoting.protocol.body.PopProcessQueueInfo pop = new org.apache.rocketmq.remoting.protocol.body.PopProcessQueueInfo();
        pop.setLastPopTimestamp(5);
        pop.setWaitAckCount(2);
        pop.setDroped(true);
        org.apache.rocketmq.remoting.protocol.body.ConsumeStatus rates = new org.apache.rocketmq.remoting.protocol.body.ConsumeStatus();
        rates.setConsumeFailedMsgs(1);
        rates.setConsumeFailedTPS(0.5);
        rates.setConsumeOKTPS(10.25);
        rates.setConsumeRT(1.0);
        rates.setPullRT(2.0);
        rates.setPullTPS(3.0);
        org.apache.rocketmq.remoting.protocol.body.ConsumerRunningInfo apache = new org.apache.rocketmq.remoting.protocol.body.ConsumerRunningInfo();
        Properties properties = new Properties();
        properties.setProperty("PROP_CONSUME_TYPE", "CONSUME_PASSIVELY");
        properties.setProperty("consumerGroup", "cg");
        apache.setProperties(properties);
        apache.setMqTable(new TreeMap<>(Map.of(APACHE_Q0, pq)));
        apache.setMqPopTable(new TreeMap<>(Map.of(APACHE_Q1, pop)));
        apache.setStatusTable(new TreeMap<>(Map.of("TopicTest", rates)));
        apache.setSubscriptionSet(new TreeSet<>(Set.of(apacheSubscription("TopicTest", "TagA", "TAG", 1700000000000L))));
        apache.setJstack("\"main\" #1 prio=5\n\tat java.lang.Thread.sleep");
        apache.getUserConsumerInfo().put("k", "v");

        ConsumerRunningInfo petrel = new ConsumerRunningInfo("\"main\" #1 prio=5\n\tat java.lang.Thread.sleep",
            Map.of(Q1, new PopProcessQueueInfo(true, 5, 2)),
            Map.of(Q0, new ProcessQueueInfo(3, 99, 97, 1, 96, false, 1700000000001L, 0, 1700000000002L, true, 0, 0, 0, 2)),
            Map.of("PROP_CONSUME_TYPE", "CONSUME_PASSIVELY", "consumerGroup", "cg"),
            Map.of("TopicTest", new ConsumeStatus(1, 0.5, 10.25, 1.0, 2.0, 3.0)),
            new LinkedHashSet<>(List.of(SubscriptionData.of("TopicTest", "TAG", "TagA", 1700000000000L))), Map.of("k", "v"));
        assertSame(apache, ConsumerRunningInfo.CODEC, petrel);
    }

    @Test
    void directConsumeSubscriptionQueryAndConsumeByWho() {
        org.apache.rocketmq.remoting.protocol.body.ConsumeMessageDirectlyResult direct =
            new org.apache.rocketmq.remoting.protocol.body.ConsumeMessageDirectlyResult();
        direct.setAutoCommit(false);
        direct.setOrder(true);
        direct.setConsumeResult(org.apache.rocketmq.remoting.protocol.body.CMResult.CR_THROW_EXCEPTION);
        direct.setRemark("boom");
        direct.setSpentTimeMills(12);
        assertSame(direct, ConsumeMessageDirectlyResult.CODEC,
            new ConsumeMessageDirectlyResult(false, CMResult.CR_THROW_EXCEPTION, true, "boom", 12));

        org.apache.rocketmq.remoting.protocol.body.QuerySubscriptionResponseBody query =
            new org.apache.rocketmq.remoting.protocol.body.QuerySubscriptionResponseBody();
        query.setGroup("cg");
        query.setTopic("TopicTest");
        query.setSubscriptionData(apacheSubscription("TopicTest", "*", "TAG", 9));
        assertSame(query, QuerySubscriptionResponseBody.CODEC,
            new QuerySubscriptionResponseBody("cg", SubscriptionData.of("TopicTest", "TAG", "*", 9), "TopicTest"));

        org.apache.rocketmq.remoting.protocol.body.ConsumeByWho who = new org.apache.rocketmq.remoting.protocol.body.ConsumeByWho();
        who.setConsumedGroup(new HashSet<>(Set.of("cg")));
        who.setNotConsumedGroup(new HashSet<>(Set.of("other")));
        who.setOffset(4);
        who.setQueueId(1);
        who.setTopic("T");
        assertSame(who, ConsumeByWho.CODEC, new ConsumeByWho(Set.of("cg"), Set.of("other"), 4, 1, "T"));
    }
}
