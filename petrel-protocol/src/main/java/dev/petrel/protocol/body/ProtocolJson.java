package dev.petrel.protocol.body;

import dev.petrel.common.json.JsonCodec;
import dev.petrel.protocol.body.client.ConsumeMessageDirectlyResult;
import dev.petrel.protocol.body.subscription.CustomizedRetryPolicy;
import dev.petrel.protocol.body.subscription.ExponentialRetryPolicy;
import dev.petrel.protocol.body.subscription.GroupRetryPolicy;
import dev.petrel.protocol.body.subscription.SubscriptionGroupConfig;
import dev.petrel.protocol.body.topic.LogicQueueMappingItem;
import dev.petrel.protocol.body.topic.TopicConfig;
import dev.petrel.protocol.body.topic.TopicConfigAndQueueMapping;
import dev.petrel.protocol.body.topic.TopicQueueMappingDetail;
import dev.petrel.protocol.body.topic.TopicQueueMappingInfo;

/**
 * The JSON codec of RocketMQ's bodies: {@link JsonCodec} plus the absent-property defaults of the body types whose
 * Apache classes initialise fields to something other than null/0/false.
 */
public final class ProtocolJson {

    private static final JsonCodec CODEC = JsonCodec.builder()
        .absentDefaults(TopicConfig.class, TopicConfig.DEFAULTS)
        .absentDefaults(TopicConfigAndQueueMapping.class, TopicConfigAndQueueMapping.DEFAULTS)
        .absentDefaults(TopicQueueMappingInfo.class, TopicQueueMappingInfo.DEFAULTS)
        .absentDefaults(TopicQueueMappingDetail.class, TopicQueueMappingDetail.DEFAULTS)
        .absentDefaults(LogicQueueMappingItem.class, LogicQueueMappingItem.DEFAULTS)
        .absentDefaults(SubscriptionGroupConfig.class, SubscriptionGroupConfig.DEFAULTS)
        .absentDefaults(GroupRetryPolicy.class, GroupRetryPolicy.DEFAULTS)
        .absentDefaults(CustomizedRetryPolicy.class, CustomizedRetryPolicy.DEFAULTS)
        .absentDefaults(ExponentialRetryPolicy.class, ExponentialRetryPolicy.DEFAULTS)
        .absentDefaults(ConsumeMessageDirectlyResult.class, ConsumeMessageDirectlyResult.DEFAULTS)
        .build();

    private ProtocolJson() {
    }

    public static JsonCodec codec() {
        return CODEC;
    }
}
