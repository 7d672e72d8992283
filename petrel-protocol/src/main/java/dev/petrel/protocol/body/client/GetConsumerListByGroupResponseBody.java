package dev.petrel.protocol.body.client;

import dev.petrel.protocol.body.BodyCodec;
import dev.petrel.protocol.body.BodyCollections;
import java.util.List;

/**
 * GET_CONSUMER_LIST_BY_GROUP (38) response: client ids of the group's live consumers.
 */
public record GetConsumerListByGroupResponseBody(
    List<String> consumerIdList) {

    public static final BodyCodec<GetConsumerListByGroupResponseBody> CODEC = BodyCodec.of(GetConsumerListByGroupResponseBody.class);

    public GetConsumerListByGroupResponseBody {
        consumerIdList = BodyCollections.list(consumerIdList);
    }
}
