package dev.petrel.protocol.body;

import java.util.List;

/** Every JSON body type with its codec: the list the property and fuzz tests (and the compat tests) cover. */
public final class BodyTypes {

    private BodyTypes() {
    }

    public static final List<BodyCodec<?>> ALL = List.of(
        DataVersion.CODEC,
        KVTable.CODEC,
        dev.petrel.protocol.body.route.TopicRouteData.CODEC,
        dev.petrel.protocol.body.route.ClusterInfo.CODEC,
        dev.petrel.protocol.body.route.GetBrokerMemberGroupResponseBody.CODEC,
        dev.petrel.protocol.body.topic.TopicConfig.CODEC,
        dev.petrel.protocol.body.topic.TopicConfigSerializeWrapper.CODEC,
        dev.petrel.protocol.body.topic.TopicConfigAndMappingSerializeWrapper.CODEC,
        dev.petrel.protocol.body.topic.TopicConfigAndQueueMapping.CODEC,
        dev.petrel.protocol.body.topic.CreateTopicListRequestBody.CODEC,
        dev.petrel.protocol.body.topic.TopicList.CODEC,
        dev.petrel.protocol.body.register.RegisterBrokerBody.CODEC,
        dev.petrel.protocol.body.heartbeat.HeartbeatData.CODEC,
        dev.petrel.protocol.body.heartbeat.CheckClientRequestBody.CODEC,
        dev.petrel.protocol.body.client.LockBatchRequestBody.CODEC,
        dev.petrel.protocol.body.client.UnlockBatchRequestBody.CODEC,
        dev.petrel.protocol.body.client.LockBatchResponseBody.CODEC,
        dev.petrel.protocol.body.client.GetConsumerListByGroupResponseBody.CODEC,
        dev.petrel.protocol.body.client.GroupList.CODEC,
        dev.petrel.protocol.body.client.ConsumerConnection.CODEC,
        dev.petrel.protocol.body.client.ProducerConnection.CODEC,
        dev.petrel.protocol.body.client.ProducerTableInfo.CODEC,
        dev.petrel.protocol.body.client.ResetOffsetBody.CODEC,
        dev.petrel.protocol.body.client.ResetOffsetBodyForC.CODEC,
        dev.petrel.protocol.body.client.GetConsumerStatusBody.CODEC,
        dev.petrel.protocol.body.client.ConsumerRunningInfo.CODEC,
        dev.petrel.protocol.body.client.ConsumeMessageDirectlyResult.CODEC,
        dev.petrel.protocol.body.client.QuerySubscriptionResponseBody.CODEC,
        dev.petrel.protocol.body.client.ConsumeByWho.CODEC,
        dev.petrel.protocol.body.stats.ConsumeStats.CODEC,
        dev.petrel.protocol.body.stats.TopicStatsTable.CODEC,
        dev.petrel.protocol.body.stats.ConsumeStatsList.CODEC,
        dev.petrel.protocol.body.stats.QueryConsumeTimeSpanBody.CODEC,
        dev.petrel.protocol.body.stats.BrokerStatsData.CODEC,
        dev.petrel.protocol.body.stats.QueryCorrectionOffsetBody.CODEC,
        dev.petrel.protocol.body.subscription.SubscriptionGroupConfig.CODEC,
        dev.petrel.protocol.body.subscription.SubscriptionGroupWrapper.CODEC,
        dev.petrel.protocol.body.subscription.SubscriptionGroupList.CODEC,
        dev.petrel.protocol.body.offset.ConsumerOffsetSerializeWrapper.CODEC,
        dev.petrel.protocol.body.offset.DelayOffsetSerializeWrapper.CODEC);
}
