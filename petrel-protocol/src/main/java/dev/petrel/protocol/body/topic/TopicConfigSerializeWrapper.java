package dev.petrel.protocol.body.topic;

import dev.petrel.protocol.body.BodyCodec;
import dev.petrel.protocol.body.BodyCollections;
import dev.petrel.protocol.body.DataVersion;
import java.util.Map;

/**
 * A broker's topic configs with their version: GET_ALL_TOPIC_CONFIG from older brokers, and the broker's persisted
 * {@code topics.json} (Apache writes it in this shape; read it with this record to adopt an Apache broker's config
 * directory).
 */
public record TopicConfigSerializeWrapper(
    DataVersion dataVersion,
    Map<String, TopicConfig> topicConfigTable) {

    public static final BodyCodec<TopicConfigSerializeWrapper> CODEC = BodyCodec.of(TopicConfigSerializeWrapper.class);

    public TopicConfigSerializeWrapper {
        topicConfigTable = BodyCollections.map(topicConfigTable);
    }
}
