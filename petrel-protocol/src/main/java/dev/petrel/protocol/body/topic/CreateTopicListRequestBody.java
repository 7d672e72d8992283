package dev.petrel.protocol.body.topic;

import dev.petrel.protocol.body.BodyCodec;
import dev.petrel.protocol.body.BodyCollections;
import java.util.List;

/**
 * UPDATE_AND_CREATE_TOPIC_LIST (18) request.
 */
public record CreateTopicListRequestBody(
    List<TopicConfig> topicConfigList) {

    public static final BodyCodec<CreateTopicListRequestBody> CODEC = BodyCodec.of(CreateTopicListRequestBody.class);

    public CreateTopicListRequestBody {
        topicConfigList = BodyCollections.list(topicConfigList);
    }
}
