package dev.petrel.protocol.body.topic;

import dev.petrel.protocol.body.BodyCodec;
import dev.petrel.protocol.body.BodyCollections;
import java.util.Set;

/**
 * A set of topic names, with the answering broker's address where that matters (QUERY_TOPICS_BY_CONSUMER,
 * GET_SYSTEM_TOPIC_LIST_FROM_NS). Used by 206, 224, 304, 305, 311–313, 343.
 */
public record TopicList(
    String brokerAddr,
    Set<String> topicList) {

    public static final BodyCodec<TopicList> CODEC = BodyCodec.of(TopicList.class);

    public TopicList {
        topicList = BodyCollections.set(topicList);
    }
}
