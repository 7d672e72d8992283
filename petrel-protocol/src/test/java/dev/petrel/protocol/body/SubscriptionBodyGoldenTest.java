package dev.petrel.protocol.body;

import static dev.petrel.protocol.body.BodyGolden.assertGolden;
import static dev.petrel.protocol.body.BodyGolden.assertReads;

import dev.petrel.protocol.body.subscription.CustomizedRetryPolicy;
import dev.petrel.protocol.body.subscription.ExponentialRetryPolicy;
import dev.petrel.protocol.body.subscription.GroupRetryPolicy;
import dev.petrel.protocol.body.subscription.GroupRetryPolicyType;
import dev.petrel.protocol.body.subscription.SimpleSubscriptionData;
import dev.petrel.protocol.body.subscription.SubscriptionGroupConfig;
import dev.petrel.protocol.body.subscription.SubscriptionGroupList;
import dev.petrel.protocol.body.subscription.SubscriptionGroupWrapper;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** Subscription groups (json-bodies.md §10) and subscriptionGroup.json. */
class SubscriptionBodyGoldenTest {

    /** A default group as the 5.3.1 broker writes it (fastjson output of a fresh SubscriptionGroupConfig). */
    static final String DEFAULT_GROUP_JSON = "{\"attributes\":{},\"brokerId\":0,\"consumeBroadcastEnable\":true,\"consumeEnable\":true,"
        + "\"consumeFromMinEnable\":true,\"consumeMessageOrderly\":false,\"consumeTimeoutMinute\":15,\"groupName\":\"cg\","
        + "\"groupRetryPolicy\":{\"type\":\"CUSTOMIZED\"},\"groupSysFlag\":0,\"notifyConsumerIdsChangedEnable\":true,"
        + "\"retryMaxTimes\":16,\"retryQueueNums\":1,\"whichBrokerWhenConsumeSlowly\":1}";

    @Test
    void defaultGroup() {
        assertGolden(SubscriptionGroupConfig.CODEC, SubscriptionGroupConfig.of("cg"), DEFAULT_GROUP_JSON);
    }

    @Test
    void everyDefaultAppliesToAbsentProperties() {
        // A 4.x subscriptionGroup.json entry: no consumeTimeoutMinute, groupRetryPolicy, groupSysFlag or attributes.
        assertReads(SubscriptionGroupConfig.CODEC, "{\"groupName\":\"cg\",\"consumeEnable\":true,\"retryQueueNums\":1}",
            SubscriptionGroupConfig.of("cg"));
        assertReads(SubscriptionGroupConfig.CODEC, "{\"groupName\":\"cg\"}", SubscriptionGroupConfig.of("cg"));
    }

    @Test
    void retryPoliciesAndSubscriptions() {
        SubscriptionGroupConfig config = new SubscriptionGroupConfig(Map.of("k", "v"), 1, false, false, false, true, 30, "pop",
            new GroupRetryPolicy(null, ExponentialRetryPolicy.DEFAULTS, GroupRetryPolicyType.EXPONENTIAL), 2, false, 3, 0,
            Set.of(new SimpleSubscriptionData("*", "TAG", "T", 5)), 0);
        assertGolden(SubscriptionGroupConfig.CODEC, config,
            "{\"attributes\":{\"k\":\"v\"},\"brokerId\":1,\"consumeBroadcastEnable\":false,\"consumeEnable\":false,"
                + "\"consumeFromMinEnable\":false,\"consumeMessageOrderly\":true,\"consumeTimeoutMinute\":30,\"groupName\":\"pop\","
                + "\"groupRetryPolicy\":{\"exponentialRetryPolicy\":{\"initial\":5000,\"max\":7200000,\"multiplier\":2},"
                + "\"type\":\"EXPONENTIAL\"},\"groupSysFlag\":2,\"notifyConsumerIdsChangedEnable\":false,\"retryMaxTimes\":3,"
                + "\"retryQueueNums\":0,\"subscriptionDataSet\":[{\"expression\":\"*\",\"expressionType\":\"TAG\",\"topic\":\"T\","
                + "\"version\":5}],\"whichBrokerWhenConsumeSlowly\":0}");
        GroupRetryPolicy customized = new GroupRetryPolicy(CustomizedRetryPolicy.DEFAULTS, null, GroupRetryPolicyType.CUSTOMIZED);
        assertGolden(ProtocolJsonCodec.of(GroupRetryPolicy.class), customized,
            "{\"customizedRetryPolicy\":{\"next\":[1000,5000,10000,30000,60000,120000,180000,240000,300000,360000,420000,"
                + "480000,540000,600000,1200000,1800000,3600000,7200000]},\"type\":\"CUSTOMIZED\"}");
        assertReads(ProtocolJsonCodec.of(GroupRetryPolicy.class), "{\"customizedRetryPolicy\":{},\"exponentialRetryPolicy\":{}}",
            new GroupRetryPolicy(CustomizedRetryPolicy.DEFAULTS, ExponentialRetryPolicy.DEFAULTS, GroupRetryPolicyType.CUSTOMIZED));
    }

    @Test
    void wrapperAndList() {
        DataVersion version = new DataVersion(5, 0, 1700000000000L);
        assertGolden(SubscriptionGroupWrapper.CODEC, new SubscriptionGroupWrapper(version, null, Map.of("cg", SubscriptionGroupConfig.of("cg"))),
            "{\"dataVersion\":{\"counter\":5,\"stateVersion\":0,\"timestamp\":1700000000000},\"subscriptionGroupTable\":{\"cg\":"
                + DEFAULT_GROUP_JSON + "}}");
        assertGolden(SubscriptionGroupList.CODEC, new SubscriptionGroupList(List.of(SubscriptionGroupConfig.of("cg"))),
            "{\"groupConfigList\":[" + DEFAULT_GROUP_JSON + "]}");
    }

    @Test
    void subscriptionGroupJsonAsApachePersistsIt() {
        // SubscriptionGroupManager writes itself: dataVersion, forbiddenTable, subscriptionGroupTable (pretty format).
        String file = "{\n\t\"dataVersion\":{\n\t\t\"counter\":1,\n\t\t\"stateVersion\":0,\n\t\t\"timestamp\":1700000000000\n\t},\n"
            + "\t\"forbiddenTable\":{\n\t\t\"cg\":{\n\t\t\t\"T\":2\n\t\t}\n\t},\n\t\"subscriptionGroupTable\":{\n\t\t\"cg\":"
            + DEFAULT_GROUP_JSON + "\n\t}\n}";
        SubscriptionGroupWrapper groups = new SubscriptionGroupWrapper(new DataVersion(1, 0, 1700000000000L),
            Map.of("cg", Map.of("T", 2)), Map.of("cg", SubscriptionGroupConfig.of("cg")));
        assertReads(SubscriptionGroupWrapper.CODEC, file, groups);
        assertGolden(SubscriptionGroupWrapper.CODEC, groups,
            "{\"dataVersion\":{\"counter\":1,\"stateVersion\":0,\"timestamp\":1700000000000},\"forbiddenTable\":{\"cg\":{\"T\":2}},"
                + "\"subscriptionGroupTable\":{\"cg\":" + DEFAULT_GROUP_JSON + "}}");
    }
}
