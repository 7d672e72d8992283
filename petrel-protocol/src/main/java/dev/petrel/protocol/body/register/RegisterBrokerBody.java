package dev.petrel.protocol.body.register;

import dev.petrel.protocol.body.BodyCodec;
import dev.petrel.protocol.body.BodyCollections;
import dev.petrel.protocol.body.topic.TopicConfigAndMappingSerializeWrapper;
import java.util.List;

/**
 * REGISTER_BROKER (103) body in its JSON form; the zlib-compressed form is {@link RegisterBrokerBodyCodec}. {@code
 * filterServerList} is always empty in 5.x. A registration may carry only some topics (incremental or split
 * registration).
 */
public record RegisterBrokerBody(
    List<String> filterServerList,
    TopicConfigAndMappingSerializeWrapper topicConfigSerializeWrapper) {

    public static final BodyCodec<RegisterBrokerBody> CODEC = BodyCodec.of(RegisterBrokerBody.class);

    public RegisterBrokerBody {
        filterServerList = BodyCollections.list(filterServerList);
    }
}
