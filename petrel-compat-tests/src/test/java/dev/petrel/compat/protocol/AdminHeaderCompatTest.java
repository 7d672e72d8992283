package dev.petrel.compat.protocol;

import static dev.petrel.compat.protocol.ApacheHeaders.assertSame;

import dev.petrel.protocol.header.RpcFields;
import org.apache.rocketmq.remoting.protocol.RequestCode;
import org.apache.rocketmq.remoting.protocol.header.CloneGroupOffsetRequestHeader;
import org.apache.rocketmq.remoting.protocol.header.ConsumeMessageDirectlyResultRequestHeader;
import org.apache.rocketmq.remoting.protocol.header.CreateTopicListRequestHeader;
import org.apache.rocketmq.remoting.protocol.header.CreateTopicRequestHeader;
import org.apache.rocketmq.remoting.protocol.header.DeleteSubscriptionGroupRequestHeader;
import org.apache.rocketmq.remoting.protocol.header.DeleteTopicRequestHeader;
import org.apache.rocketmq.remoting.protocol.header.GetBrokerConfigResponseHeader;
import org.apache.rocketmq.remoting.protocol.header.GetConsumeStatsInBrokerHeader;
import org.apache.rocketmq.remoting.protocol.header.GetConsumeStatsRequestHeader;
import org.apache.rocketmq.remoting.protocol.header.GetConsumerConnectionListRequestHeader;
import org.apache.rocketmq.remoting.protocol.header.GetConsumerRunningInfoRequestHeader;
import org.apache.rocketmq.remoting.protocol.header.GetConsumerStatusRequestHeader;
import org.apache.rocketmq.remoting.protocol.header.GetProducerConnectionListRequestHeader;
import org.apache.rocketmq.remoting.protocol.header.GetSubscriptionGroupConfigRequestHeader;
import org.apache.rocketmq.remoting.protocol.header.GetTopicConfigRequestHeader;
import org.apache.rocketmq.remoting.protocol.header.GetTopicStatsInfoRequestHeader;
import org.apache.rocketmq.remoting.protocol.header.QueryConsumeQueueRequestHeader;
import org.apache.rocketmq.remoting.protocol.header.QueryConsumeTimeSpanRequestHeader;
import org.apache.rocketmq.remoting.protocol.header.QueryCorrectionOffsetHeader;
import org.apache.rocketmq.remoting.protocol.header.QuerySubscriptionByConsumerRequestHeader;
import org.apache.rocketmq.remoting.protocol.header.QueryTopicConsumeByWhoRequestHeader;
import org.apache.rocketmq.remoting.protocol.header.QueryTopicsByConsumerRequestHeader;
import org.apache.rocketmq.remoting.protocol.header.ResetOffsetRequestHeader;
import org.apache.rocketmq.remoting.protocol.header.ResumeCheckHalfMessageRequestHeader;
import org.apache.rocketmq.remoting.protocol.header.ViewBrokerStatsDataRequestHeader;
import org.junit.jupiter.api.Test;

/** Administration headers (request-codes.md §5) against the Apache 5.3.1 header classes. */
class AdminHeaderCompatTest {

    private static final RpcFields NONE = RpcFields.NONE;

    @Test
    void createTopic() {
        // What mqadmin updateTopic sends (attributes "" when none).
        CreateTopicRequestHeader create = new CreateTopicRequestHeader();
        create.setTopic("TopicTest");
        create.setDefaultTopic("TBW102");
        create.setReadQueueNums(8);
        create.setWriteQueueNums(8);
        create.setPerm(6);
        create.setTopicFilterType("SINGLE_TAG");
        create.setTopicSysFlag(0);
        create.setOrder(false);
        create.setAttributes("");
        assertSame(RequestCode.UPDATE_AND_CREATE_TOPIC, create,
            new dev.petrel.protocol.header.admin.CreateTopicRequestHeader("TopicTest", "TBW102", 8, 8, 6, "SINGLE_TAG", 0, false, "",
                false, NONE));
        create.setForce(true);
        create.setAttributes("+message.type=FIFO");
        create.setTopicSysFlag(null);
        create.setOrder(true);
        assertSame(RequestCode.UPDATE_AND_CREATE_TOPIC, create,
            new dev.petrel.protocol.header.admin.CreateTopicRequestHeader("TopicTest", "TBW102", 8, 8, 6, "SINGLE_TAG", null, true,
                "+message.type=FIFO", true, NONE));
        assertSame(RequestCode.UPDATE_AND_CREATE_TOPIC_LIST, new CreateTopicListRequestHeader(),
            new dev.petrel.protocol.header.admin.CreateTopicListRequestHeader(NONE));
    }

    @Test
    void topics() {
        DeleteTopicRequestHeader delete = new DeleteTopicRequestHeader();
        delete.setTopic("T");
        assertSame(RequestCode.DELETE_TOPIC_IN_BROKER, delete, new dev.petrel.protocol.header.admin.DeleteTopicRequestHeader("T", NONE));
        GetTopicConfigRequestHeader config = new GetTopicConfigRequestHeader();
        config.setTopic("T");
        config.setBrokerName("broker-a");
        assertSame(RequestCode.GET_TOPIC_CONFIG, config,
            new dev.petrel.protocol.header.admin.GetTopicConfigRequestHeader("T", RpcFields.toBroker("broker-a")));
        GetTopicStatsInfoRequestHeader stats = new GetTopicStatsInfoRequestHeader();
        stats.setTopic("T");
        assertSame(RequestCode.GET_TOPIC_STATS_INFO, stats, new dev.petrel.protocol.header.admin.GetTopicStatsInfoRequestHeader("T", NONE));
        QueryTopicConsumeByWhoRequestHeader who = new QueryTopicConsumeByWhoRequestHeader();
        who.setTopic("T");
        assertSame(RequestCode.QUERY_TOPIC_CONSUME_BY_WHO, who,
            new dev.petrel.protocol.header.admin.QueryTopicConsumeByWhoRequestHeader("T", NONE));
        GetBrokerConfigResponseHeader version = new GetBrokerConfigResponseHeader();
        version.setVersion("{\"counter\":1,\"stateVersion\":0,\"timestamp\":1700000000000}");
        assertSame(RequestCode.GET_BROKER_CONFIG, version,
            new dev.petrel.protocol.header.admin.GetBrokerConfigResponseHeader("{\"counter\":1,\"stateVersion\":0,\"timestamp\":1700000000000}"));
    }

    @Test
    void groups() {
        GetSubscriptionGroupConfigRequestHeader get = new GetSubscriptionGroupConfigRequestHeader();
        get.setGroup("cg");
        assertSame(RequestCode.GET_SUBSCRIPTIONGROUP_CONFIG, get,
            new dev.petrel.protocol.header.admin.GetSubscriptionGroupConfigRequestHeader("cg", NONE));
        DeleteSubscriptionGroupRequestHeader delete = new DeleteSubscriptionGroupRequestHeader();
        delete.setGroupName("cg");
        delete.setCleanOffset(true);
        assertSame(RequestCode.DELETE_SUBSCRIPTIONGROUP, delete,
            new dev.petrel.protocol.header.admin.DeleteSubscriptionGroupRequestHeader("cg", true, NONE));
        GetConsumerConnectionListRequestHeader consumers = new GetConsumerConnectionListRequestHeader();
        consumers.setConsumerGroup("cg");
        assertSame(RequestCode.GET_CONSUMER_CONNECTION_LIST, consumers,
            new dev.petrel.protocol.header.admin.GetConsumerConnectionListRequestHeader("cg", NONE));
        GetProducerConnectionListRequestHeader producers = new GetProducerConnectionListRequestHeader();
        producers.setProducerGroup("pg");
        assertSame(RequestCode.GET_PRODUCER_CONNECTION_LIST, producers,
            new dev.petrel.protocol.header.admin.GetProducerConnectionListRequestHeader("pg", NONE));
        QueryTopicsByConsumerRequestHeader topics = new QueryTopicsByConsumerRequestHeader();
        topics.setGroup("cg");
        assertSame(RequestCode.QUERY_TOPICS_BY_CONSUMER, topics,
            new dev.petrel.protocol.header.admin.QueryTopicsByConsumerRequestHeader("cg", NONE));
        QuerySubscriptionByConsumerRequestHeader subscription = new QuerySubscriptionByConsumerRequestHeader();
        subscription.setGroup("cg");
        subscription.setTopic("T");
        assertSame(RequestCode.QUERY_SUBSCRIPTION_BY_CONSUMER, subscription,
            new dev.petrel.protocol.header.admin.QuerySubscriptionByConsumerRequestHeader("cg", "T", NONE));
        CloneGroupOffsetRequestHeader clone = new CloneGroupOffsetRequestHeader();
        clone.setSrcGroup("src");
        clone.setDestGroup("dst");
        clone.setTopic("T");
        clone.setOffline(true);
        assertSame(RequestCode.CLONE_GROUP_OFFSET, clone,
            new dev.petrel.protocol.header.admin.CloneGroupOffsetRequestHeader("src", "dst", "T", true, NONE));
    }

    @Test
    void statistics() {
        GetConsumeStatsRequestHeader consume = new GetConsumeStatsRequestHeader();
        consume.setConsumerGroup("cg");
        consume.setTopic("T");
        assertSame(RequestCode.GET_CONSUME_STATS, consume,
            new dev.petrel.protocol.header.admin.GetConsumeStatsRequestHeader("cg", "T", NONE));
        GetConsumeStatsInBrokerHeader inBroker = new GetConsumeStatsInBrokerHeader();
        inBroker.setIsOrder(true);
        assertSame(RequestCode.GET_BROKER_CONSUME_STATS, inBroker, new dev.petrel.protocol.header.admin.GetConsumeStatsInBrokerHeader(true));
        QueryConsumeTimeSpanRequestHeader span = new QueryConsumeTimeSpanRequestHeader();
        span.setTopic("T");
        span.setGroup("cg");
        assertSame(RequestCode.QUERY_CONSUME_TIME_SPAN, span,
            new dev.petrel.protocol.header.admin.QueryConsumeTimeSpanRequestHeader("T", "cg", NONE));
        QueryCorrectionOffsetHeader correction = new QueryCorrectionOffsetHeader();
        correction.setFilterGroups("g1,g2");
        correction.setCompareGroup("cg");
        correction.setTopic("T");
        assertSame(RequestCode.QUERY_CORRECTION_OFFSET, correction,
            new dev.petrel.protocol.header.admin.QueryCorrectionOffsetHeader("g1,g2", "cg", "T", NONE));
        ViewBrokerStatsDataRequestHeader view = new ViewBrokerStatsDataRequestHeader();
        view.setStatsName("TOPIC_PUT_NUMS");
        view.setStatsKey("TopicTest");
        assertSame(RequestCode.VIEW_BROKER_STATS_DATA, view,
            new dev.petrel.protocol.header.admin.ViewBrokerStatsDataRequestHeader("TOPIC_PUT_NUMS", "TopicTest"));
        QueryConsumeQueueRequestHeader queue = new QueryConsumeQueueRequestHeader();
        queue.setTopic("T");
        queue.setQueueId(1);
        queue.setIndex(10L);
        queue.setCount(5);
        queue.setConsumerGroup("cg");
        assertSame(RequestCode.QUERY_CONSUME_QUEUE, queue,
            new dev.petrel.protocol.header.admin.QueryConsumeQueueRequestHeader("T", 1, 10L, 5, "cg", NONE));
        ResumeCheckHalfMessageRequestHeader resume = new ResumeCheckHalfMessageRequestHeader();
        resume.setTopic("T");
        resume.setMsgId("UNIQ1");
        assertSame(RequestCode.RESUME_CHECK_HALF_MESSAGE, resume,
            new dev.petrel.protocol.header.admin.ResumeCheckHalfMessageRequestHeader("T", "UNIQ1"));
    }

    @Test
    void offsetsAndClients() {
        ResetOffsetRequestHeader byTime = new ResetOffsetRequestHeader();
        byTime.setTopic("T");
        byTime.setGroup("cg");
        byTime.setTimestamp(1700000000000L);
        byTime.setForce(true);
        assertSame(RequestCode.INVOKE_BROKER_TO_RESET_OFFSET, byTime,
            new dev.petrel.protocol.header.admin.ResetOffsetRequestHeader("T", "cg", -1, null, 1700000000000L, true, NONE));
        ResetOffsetRequestHeader toOffset = new ResetOffsetRequestHeader();
        toOffset.setTopic("T");
        toOffset.setGroup("cg");
        toOffset.setQueueId(2);
        toOffset.setOffset(42L);
        toOffset.setTimestamp(-1L);
        assertSame(RequestCode.RESET_CONSUMER_CLIENT_OFFSET, toOffset,
            new dev.petrel.protocol.header.admin.ResetOffsetRequestHeader("T", "cg", 2, 42L, -1L, false, NONE));

        GetConsumerStatusRequestHeader status = new GetConsumerStatusRequestHeader();
        status.setTopic("T");
        status.setGroup("cg");
        status.setClientAddr("127.0.0.1:5555");
        assertSame(RequestCode.INVOKE_BROKER_TO_GET_CONSUMER_STATUS, status,
            new dev.petrel.protocol.header.admin.GetConsumerStatusRequestHeader("T", "cg", "127.0.0.1:5555", NONE));
        GetConsumerRunningInfoRequestHeader running = new GetConsumerRunningInfoRequestHeader();
        running.setConsumerGroup("cg");
        running.setClientId("192.0.2.2@app1");
        running.setJstackEnable(true);
        assertSame(RequestCode.GET_CONSUMER_RUNNING_INFO, running,
            new dev.petrel.protocol.header.admin.GetConsumerRunningInfoRequestHeader("cg", "192.0.2.2@app1", true, NONE));
        ConsumeMessageDirectlyResultRequestHeader direct = new ConsumeMessageDirectlyResultRequestHeader();
        direct.setConsumerGroup("cg");
        direct.setClientId("192.0.2.2@app1");
        direct.setMsgId("7F0000010000AC010000000000001000");
        direct.setBrokerName("broker-a");
        direct.setTopic("T");
        direct.setTopicSysFlag(0);
        direct.setGroupSysFlag(0);
        assertSame(RequestCode.CONSUME_MESSAGE_DIRECTLY, direct,
            new dev.petrel.protocol.header.admin.ConsumeMessageDirectlyResultRequestHeader("cg", "192.0.2.2@app1",
                "7F0000010000AC010000000000001000", "broker-a", "T", 0, 0, NONE));
    }
}
