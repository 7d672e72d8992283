package dev.petrel.protocol.body.topic;

import dev.petrel.protocol.body.BodyCodec;
import dev.petrel.protocol.body.BodyCollections;
import dev.petrel.protocol.body.DataVersion;
import java.util.Map;

/**
 * TopicConfigSerializeWrapper plus static-topic mappings: the wrapper inside RegisterBrokerBody and the
 * GET_ALL_TOPIC_CONFIG response of 5.x brokers. The mapping maps are empty unless static topics exist.
 */
public record TopicConfigAndMappingSerializeWrapper(
    DataVersion dataVersion,
    DataVersion mappingDataVersion,
    Map<String, TopicConfig> topicConfigTable,
    Map<String, TopicQueueMappingDetail> topicQueueMappingDetailMap,
    Map<String, TopicQueueMappingInfo> topicQueueMappingInfoMap) {

    public static final BodyCodec<TopicConfigAndMappingSerializeWrapper> CODEC = BodyCodec.of(TopicConfigAndMappingSerializeWrapper.class);

    public TopicConfigAndMappingSerializeWrapper {
        topicConfigTable = BodyCollections.map(topicConfigTable);
        topicQueueMappingDetailMap = BodyCollections.map(topicQueueMappingDetailMap);
        topicQueueMappingInfoMap = BodyCollections.map(topicQueueMappingInfoMap);
    }
}
