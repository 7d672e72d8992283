package dev.petrel.protocol.body.topic;

import dev.petrel.protocol.body.BodyCodec;
import dev.petrel.protocol.body.BodyCollections;
import java.util.Map;

/**
 * GET_TOPIC_CONFIG (351) response: a TopicConfig's properties plus {@code mappingDetail} (static topics only, else
 * absent). Absent properties take {@link TopicConfig#DEFAULTS}.
 */
public record TopicConfigAndQueueMapping(
    String topicName,
    int readQueueNums,
    int writeQueueNums,
    int perm,
    TopicFilterType topicFilterType,
    int topicSysFlag,
    boolean order,
    Map<String, String> attributes,
    TopicQueueMappingDetail mappingDetail) {

    public static final TopicConfigAndQueueMapping DEFAULTS = of(TopicConfig.DEFAULTS, null);
    public static final BodyCodec<TopicConfigAndQueueMapping> CODEC = BodyCodec.of(TopicConfigAndQueueMapping.class);

    public TopicConfigAndQueueMapping {
        attributes = BodyCollections.map(attributes);
    }

    public static TopicConfigAndQueueMapping of(TopicConfig config, TopicQueueMappingDetail mappingDetail) {
        return new TopicConfigAndQueueMapping(config.topicName(), config.readQueueNums(), config.writeQueueNums(),
            config.perm(), config.topicFilterType(), config.topicSysFlag(), config.order(), config.attributes(), mappingDetail);
    }

    /** The topic config without the mapping. */
    public TopicConfig topicConfig() {
        return new TopicConfig(topicName, readQueueNums, writeQueueNums, perm, topicFilterType, topicSysFlag, order,
            attributes);
    }
}
