package dev.petrel.compat.protocol;

import static org.assertj.core.api.Assertions.assertThat;

import com.alibaba.fastjson.util.FieldInfo;
import com.alibaba.fastjson.util.TypeUtils;
import java.beans.Introspector;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.RecordComponent;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every Petrel body type writes exactly the properties fastjson writes for the Apache 5.3.1 class (getters included,
 * e.g. derived ones like QueueTimeSpan's {@code *Str}), computed with fastjson's own introspection.
 */
class BodyShapeCompatTest {

    private static final String A = "org.apache.rocketmq.remoting.protocol.";
    private static final String P = "dev.petrel.protocol.body.";

    static Stream<Arguments> pairs() {
        return Stream.of(
            pair(A + "DataVersion", P + "DataVersion"),
            pair(A + "body.KVTable", P + "KVTable"),
            pair("org.apache.rocketmq.common.message.MessageQueue", P + "MessageQueue"),
            pair(A + "route.TopicRouteData", P + "route.TopicRouteData"),
            pair(A + "route.QueueData", P + "route.QueueData"),
            pair(A + "route.BrokerData", P + "route.BrokerData"),
            pair(A + "body.ClusterInfo", P + "route.ClusterInfo"),
            pair(A + "body.BrokerMemberGroup", P + "route.BrokerMemberGroup"),
            pair(A + "body.GetBrokerMemberGroupResponseBody", P + "route.GetBrokerMemberGroupResponseBody"),
            pair("org.apache.rocketmq.common.TopicConfig", P + "topic.TopicConfig"),
            pair(A + "statictopic.TopicConfigAndQueueMapping", P + "topic.TopicConfigAndQueueMapping"),
            pair(A + "body.TopicConfigSerializeWrapper", P + "topic.TopicConfigSerializeWrapper"),
            pair(A + "body.TopicConfigAndMappingSerializeWrapper", P + "topic.TopicConfigAndMappingSerializeWrapper"),
            pair(A + "statictopic.TopicQueueMappingInfo", P + "topic.TopicQueueMappingInfo"),
            pair(A + "statictopic.TopicQueueMappingDetail", P + "topic.TopicQueueMappingDetail"),
            pair(A + "statictopic.LogicQueueMappingItem", P + "topic.LogicQueueMappingItem"),
            pair(A + "body.CreateTopicListRequestBody", P + "topic.CreateTopicListRequestBody"),
            pair(A + "body.TopicList", P + "topic.TopicList"),
            pair(A + "body.RegisterBrokerBody", P + "register.RegisterBrokerBody"),
            pair(A + "heartbeat.HeartbeatData", P + "heartbeat.HeartbeatData"),
            pair(A + "heartbeat.ProducerData", P + "heartbeat.ProducerData"),
            pair(A + "heartbeat.ConsumerData", P + "heartbeat.ConsumerData"),
            pair(A + "heartbeat.SubscriptionData", P + "heartbeat.SubscriptionData"),
            pair(A + "body.CheckClientRequestBody", P + "heartbeat.CheckClientRequestBody"),
            pair(A + "body.LockBatchRequestBody", P + "client.LockBatchRequestBody"),
            pair(A + "body.UnlockBatchRequestBody", P + "client.UnlockBatchRequestBody"),
            pair(A + "body.LockBatchResponseBody", P + "client.LockBatchResponseBody"),
            pair(A + "header.GetConsumerListByGroupResponseBody", P + "client.GetConsumerListByGroupResponseBody"),
            pair(A + "body.GroupList", P + "client.GroupList"),
            pair(A + "body.Connection", P + "client.Connection"),
            pair(A + "body.ConsumerConnection", P + "client.ConsumerConnection"),
            pair(A + "body.ProducerConnection", P + "client.ProducerConnection"),
            pair(A + "body.ProducerInfo", P + "client.ProducerInfo"),
            pair(A + "body.ProducerTableInfo", P + "client.ProducerTableInfo"),
            pair(A + "body.ResetOffsetBody", P + "client.ResetOffsetBody"),
            pair(A + "body.ResetOffsetBodyForC", P + "client.ResetOffsetBodyForC"),
            pair("org.apache.rocketmq.common.message.MessageQueueForC", P + "client.MessageQueueForC"),
            pair(A + "body.GetConsumerStatusBody", P + "client.GetConsumerStatusBody"),
            pair(A + "body.ProcessQueueInfo", P + "client.ProcessQueueInfo"),
            pair(A + "body.PopProcessQueueInfo", P + "client.PopProcessQueueInfo"),
            pair(A + "body.ConsumeStatus", P + "client.ConsumeStatus"),
            pair(A + "body.ConsumerRunningInfo", P + "client.ConsumerRunningInfo"),
            pair(A + "body.ConsumeMessageDirectlyResult", P + "client.ConsumeMessageDirectlyResult"),
            pair(A + "body.QuerySubscriptionResponseBody", P + "client.QuerySubscriptionResponseBody"),
            pair(A + "body.ConsumeByWho", P + "client.ConsumeByWho"),
            pair(A + "admin.ConsumeStats", P + "stats.ConsumeStats"),
            pair(A + "admin.OffsetWrapper", P + "stats.OffsetWrapper"),
            pair(A + "admin.TopicStatsTable", P + "stats.TopicStatsTable"),
            pair(A + "admin.TopicOffset", P + "stats.TopicOffset"),
            pair(A + "body.ConsumeStatsList", P + "stats.ConsumeStatsList"),
            pair(A + "body.QueryConsumeTimeSpanBody", P + "stats.QueryConsumeTimeSpanBody"),
            pair(A + "body.QueueTimeSpan", P + "stats.QueueTimeSpan"),
            pair(A + "body.BrokerStatsData", P + "stats.BrokerStatsData"),
            pair(A + "body.BrokerStatsItem", P + "stats.BrokerStatsItem"),
            pair(A + "body.QueryCorrectionOffsetBody", P + "stats.QueryCorrectionOffsetBody"),
            pair(A + "body.HARuntimeInfo", P + "stats.HaRuntimeInfo"),
            pair(A + "body.HARuntimeInfo$HAConnectionRuntimeInfo", P + "stats.HaRuntimeInfo$Connection"),
            pair(A + "body.HARuntimeInfo$HAClientRuntimeInfo", P + "stats.HaRuntimeInfo$Client"),
            pair(A + "subscription.SubscriptionGroupConfig", P + "subscription.SubscriptionGroupConfig"),
            pair(A + "subscription.GroupRetryPolicy", P + "subscription.GroupRetryPolicy"),
            pair(A + "subscription.CustomizedRetryPolicy", P + "subscription.CustomizedRetryPolicy"),
            pair(A + "subscription.ExponentialRetryPolicy", P + "subscription.ExponentialRetryPolicy"),
            pair(A + "subscription.SimpleSubscriptionData", P + "subscription.SimpleSubscriptionData"),
            // The file form (SubscriptionGroupManager) also has forbiddenTable; the 5.3.1 wire body does not.
            pair("org.apache.rocketmq.broker.subscription.SubscriptionGroupManager", P + "subscription.SubscriptionGroupWrapper"),
            pair(A + "body.SubscriptionGroupList", P + "subscription.SubscriptionGroupList"),
            pair(A + "body.ConsumerOffsetSerializeWrapper", P + "offset.ConsumerOffsetSerializeWrapper"),
            pair("org.apache.rocketmq.broker.schedule.DelayOffsetSerializeWrapper", P + "offset.DelayOffsetSerializeWrapper"));
    }

    private static Arguments pair(String apache, String petrel) {
        return Arguments.of(apache, petrel);
    }

    @ParameterizedTest(name = "{1}")
    @MethodSource("pairs")
    void writesTheSamePropertiesAsFastjson(String apacheClass, String petrelClass) throws Exception {
        Set<String> fastjson = new TreeSet<>();
        for (FieldInfo field : TypeUtils.computeGetters(Class.forName(apacheClass), null)) {
            fastjson.add(field.name);
        }
        if (apacheClass.endsWith("SubscriptionGroupManager")) {
            fastjson.retainAll(Set.of("dataVersion", "forbiddenTable", "subscriptionGroupTable"));
        }
        assertThat(petrelProperties(Class.forName(petrelClass))).isEqualTo(fastjson);
    }

    /** Record components plus getX()/isX() methods: what Petrel's JSON codec writes. */
    private static Set<String> petrelProperties(Class<?> type) {
        Set<String> names = new TreeSet<>();
        for (RecordComponent component : type.getRecordComponents()) {
            names.add(component.getName());
        }
        for (Method method : type.getMethods()) {
            String name = method.getName();
            if (method.getParameterCount() == 0 && !Modifier.isStatic(method.getModifiers()) && method.getDeclaringClass() == type) {
                if (name.startsWith("get") && name.length() > 3 && Character.isUpperCase(name.charAt(3))) {
                    names.add(Introspector.decapitalize(name.substring(3)));
                } else if (name.startsWith("is") && name.length() > 2 && Character.isUpperCase(name.charAt(2))) {
                    names.add(Introspector.decapitalize(name.substring(2)));
                }
            }
        }
        return names;
    }
}
