package dev.petrel.protocol.header;

import static dev.petrel.protocol.header.Golden.assertGolden;
import static dev.petrel.protocol.header.Golden.fields;
import static org.assertj.core.api.Assertions.assertThat;

import dev.petrel.protocol.header.admin.CloneGroupOffsetRequestHeader;
import dev.petrel.protocol.header.admin.ConsumeMessageDirectlyResultRequestHeader;
import dev.petrel.protocol.header.admin.CreateTopicListRequestHeader;
import dev.petrel.protocol.header.admin.CreateTopicRequestHeader;
import dev.petrel.protocol.header.admin.CreateAccessConfigRequestHeader;
import dev.petrel.protocol.header.admin.DeleteAccessConfigRequestHeader;
import dev.petrel.protocol.header.admin.DeleteSubscriptionGroupRequestHeader;
import dev.petrel.protocol.header.admin.GetBrokerAclConfigResponseHeader;
import dev.petrel.protocol.header.admin.UpdateGlobalWhiteAddrsConfigRequestHeader;
import dev.petrel.protocol.header.admin.DeleteTopicRequestHeader;
import dev.petrel.protocol.header.admin.GetBrokerConfigResponseHeader;
import dev.petrel.protocol.header.admin.GetConsumeStatsInBrokerHeader;
import dev.petrel.protocol.header.admin.GetConsumeStatsRequestHeader;
import dev.petrel.protocol.header.admin.GetConsumerConnectionListRequestHeader;
import dev.petrel.protocol.header.admin.GetConsumerRunningInfoRequestHeader;
import dev.petrel.protocol.header.admin.GetConsumerStatusRequestHeader;
import dev.petrel.protocol.header.admin.GetProducerConnectionListRequestHeader;
import dev.petrel.protocol.header.admin.GetSubscriptionGroupConfigRequestHeader;
import dev.petrel.protocol.header.admin.GetTopicConfigRequestHeader;
import dev.petrel.protocol.header.admin.GetTopicStatsInfoRequestHeader;
import dev.petrel.protocol.header.admin.QueryConsumeQueueRequestHeader;
import dev.petrel.protocol.header.admin.QueryConsumeTimeSpanRequestHeader;
import dev.petrel.protocol.header.admin.QueryCorrectionOffsetHeader;
import dev.petrel.protocol.header.admin.QuerySubscriptionByConsumerRequestHeader;
import dev.petrel.protocol.header.admin.QueryTopicConsumeByWhoRequestHeader;
import dev.petrel.protocol.header.admin.QueryTopicsByConsumerRequestHeader;
import dev.petrel.protocol.header.admin.ResetOffsetRequestHeader;
import dev.petrel.protocol.header.admin.ResumeCheckHalfMessageRequestHeader;
import dev.petrel.protocol.header.admin.ViewBrokerStatsDataRequestHeader;
import org.junit.jupiter.api.Test;

/** Exact ext fields of every administration header (request-codes.md §5) and the shared broker→client ones (§6). */
class AdminHeaderGoldenTest {

    private static final RpcFields NONE = RpcFields.NONE;

    @Test
    void topics() {
        assertGolden(new CreateTopicRequestHeader("TopicTest", "TBW102", 8, 8, 6, "SINGLE_TAG", 0, false, "", false, NONE),
            fields("topic", "TopicTest", "defaultTopic", "TBW102", "readQueueNums", "8", "writeQueueNums", "8", "perm", "6",
                "topicFilterType", "SINGLE_TAG", "topicSysFlag", "0", "order", "false", "attributes", "", "force", "false"));
        assertGolden(new CreateTopicRequestHeader("T", "TBW102", 4, 4, 7, "MULTI_TAG", null, true, "+message.type=FIFO", true,
                NONE),
            fields("topic", "T", "defaultTopic", "TBW102", "readQueueNums", "4", "writeQueueNums", "4", "perm", "7",
                "topicFilterType", "MULTI_TAG", "order", "true", "attributes", "+message.type=FIFO", "force", "true"));
        assertGolden(new CreateTopicListRequestHeader(NONE), fields());
        assertGolden(new DeleteTopicRequestHeader("T", NONE), fields("topic", "T"));
        assertGolden(new GetTopicConfigRequestHeader("T", RpcFields.toBroker("broker-a")), fields("topic", "T", "bname", "broker-a"));
        assertGolden(new GetTopicStatsInfoRequestHeader("T", NONE), fields("topic", "T"));
        assertGolden(new QueryTopicConsumeByWhoRequestHeader("T", NONE), fields("topic", "T"));
        assertGolden(new GetBrokerConfigResponseHeader("{\"counter\":1,\"stateVersion\":0,\"timestamp\":1700000000000}"),
            fields("version", "{\"counter\":1,\"stateVersion\":0,\"timestamp\":1700000000000}"));
    }

    /** The ACL 1.0 admin headers (security.md §2.8), as mqadmin 5.3.1's updateAclConfig ... send them. */
    @Test
    void plainAcl() {
        assertGolden(new CreateAccessConfigRequestHeader("aliceKey1", "aliceSecret1", "192.168.0.*", false, "DENY", "SUB",
                "topicA=PUB,topicB=PUB|SUB", "groupA=SUB"),
            fields("accessKey", "aliceKey1", "secretKey", "aliceSecret1", "whiteRemoteAddress", "192.168.0.*", "admin",
                "false", "defaultTopicPerm", "DENY", "defaultGroupPerm", "SUB", "topicPerms", "topicA=PUB,topicB=PUB|SUB",
                "groupPerms", "groupA=SUB"));
        // an update of one field: the others are absent, admin is always sent
        assertGolden(new CreateAccessConfigRequestHeader("aliceKey1", null, null, true, null, null, null, null),
            fields("accessKey", "aliceKey1", "admin", "true"));
        assertGolden(new DeleteAccessConfigRequestHeader("aliceKey1"), fields("accessKey", "aliceKey1"));
        assertGolden(new UpdateGlobalWhiteAddrsConfigRequestHeader("10.10.103.*,192.168.0.*", ""),
            fields("globalWhiteAddrs", "10.10.103.*,192.168.0.*", "aclFileFullPath", ""));
        assertGolden(new UpdateGlobalWhiteAddrsConfigRequestHeader("*", null), fields("globalWhiteAddrs", "*"));
        assertGolden(new GetBrokerAclConfigResponseHeader("{\"counter\":2,\"stateVersion\":0,\"timestamp\":1700000000000}",
                "{\"/opt/rocketmq/conf/plain_acl.yml\":{\"counter\":2,\"stateVersion\":0,\"timestamp\":1700000000000}}",
                "broker-a", "127.0.0.1:10911", "DefaultCluster"),
            fields("version", "{\"counter\":2,\"stateVersion\":0,\"timestamp\":1700000000000}", "allAclFileVersion",
                "{\"/opt/rocketmq/conf/plain_acl.yml\":{\"counter\":2,\"stateVersion\":0,\"timestamp\":1700000000000}}",
                "brokerName", "broker-a", "brokerAddr", "127.0.0.1:10911", "clusterName", "DefaultCluster"));
        assertThat(new CreateAccessConfigRequestHeader("k", "hidden-secret", null, false, null, null, null, null)
            .toString()).doesNotContain("hidden-secret");
    }

    @Test
    void groups() {
        assertGolden(new GetSubscriptionGroupConfigRequestHeader("cg", NONE), fields("group", "cg"));
        assertGolden(new DeleteSubscriptionGroupRequestHeader("cg", true, NONE), fields("groupName", "cg", "cleanOffset", "true"));
        assertGolden(new DeleteSubscriptionGroupRequestHeader("cg", false, NONE), fields("groupName", "cg", "cleanOffset", "false"));
        assertGolden(new GetConsumerConnectionListRequestHeader("cg", NONE), fields("consumerGroup", "cg"));
        assertGolden(new GetProducerConnectionListRequestHeader("pg", NONE), fields("producerGroup", "pg"));
        assertGolden(new QueryTopicsByConsumerRequestHeader("cg", NONE), fields("group", "cg"));
        assertGolden(new QuerySubscriptionByConsumerRequestHeader("cg", "T", NONE), fields("group", "cg", "topic", "T"));
        assertGolden(new CloneGroupOffsetRequestHeader("src", "dst", "T", true, NONE),
            fields("srcGroup", "src", "destGroup", "dst", "topic", "T", "offline", "true"));
        assertGolden(new CloneGroupOffsetRequestHeader("src", "dst", null, false, NONE),
            fields("srcGroup", "src", "destGroup", "dst", "offline", "false"));
    }

    @Test
    void statistics() {
        assertGolden(new GetConsumeStatsRequestHeader("cg", "T", NONE), fields("consumerGroup", "cg", "topic", "T"));
        assertGolden(new GetConsumeStatsRequestHeader("cg", null, NONE), fields("consumerGroup", "cg"));
        assertGolden(new GetConsumeStatsInBrokerHeader(true), fields("isOrder", "true"));
        assertGolden(new QueryConsumeTimeSpanRequestHeader("T", "cg", NONE), fields("topic", "T", "group", "cg"));
        assertGolden(new QueryCorrectionOffsetHeader("g1,g2", "cg", "T", NONE),
            fields("filterGroups", "g1,g2", "compareGroup", "cg", "topic", "T"));
        assertGolden(new ViewBrokerStatsDataRequestHeader("TOPIC_PUT_NUMS", "TopicTest"),
            fields("statsName", "TOPIC_PUT_NUMS", "statsKey", "TopicTest"));
        assertGolden(new QueryConsumeQueueRequestHeader("T", 1, 10L, 5, "cg", NONE),
            fields("topic", "T", "queueId", "1", "index", "10", "count", "5", "consumerGroup", "cg"));
        assertGolden(new ResumeCheckHalfMessageRequestHeader("T", "UNIQ1"), fields("topic", "T", "msgId", "UNIQ1"));
    }

    @Test
    void offsetsAndClients() {
        // mqadmin resetOffsetByTime: all queues (-1), by time, forced.
        assertGolden(new ResetOffsetRequestHeader("T", "cg", -1, null, 1700000000000L, true, NONE),
            fields("topic", "T", "group", "cg", "queueId", "-1", "timestamp", "1700000000000", "isForce", "true"));
        assertGolden(new ResetOffsetRequestHeader("T", "cg", 2, 42L, -1L, false, NONE),
            fields("topic", "T", "group", "cg", "queueId", "2", "offset", "42", "timestamp", "-1", "isForce", "false"));
        assertGolden(new GetConsumerStatusRequestHeader("T", "cg", "127.0.0.1:5555", NONE),
            fields("topic", "T", "group", "cg", "clientAddr", "127.0.0.1:5555"));
        assertGolden(new GetConsumerRunningInfoRequestHeader("cg", "192.0.2.2@app1", true, NONE),
            fields("consumerGroup", "cg", "clientId", "192.0.2.2@app1", "jstackEnable", "true"));
        assertGolden(new ConsumeMessageDirectlyResultRequestHeader("cg", "192.0.2.2@app1", "7F0000010000AC010000000000001000",
                "broker-a", "T", 0, 0, NONE),
            fields("consumerGroup", "cg", "clientId", "192.0.2.2@app1", "msgId", "7F0000010000AC010000000000001000",
                "brokerName", "broker-a", "topic", "T", "topicSysFlag", "0", "groupSysFlag", "0"));
        assertGolden(new ConsumeMessageDirectlyResultRequestHeader("cg", null, null, null, null, null, null, NONE),
            fields("consumerGroup", "cg"));
    }
}
