package dev.petrel.protocol.header.client;

import dev.petrel.protocol.header.Required;
import dev.petrel.protocol.header.RpcFields;

/**
 * GET_CONSUMER_LIST_BY_GROUP (38) request; response body: GetConsumerListByGroupResponseBody.
 */
public record GetConsumerListByGroupRequestHeader(
    @Required String consumerGroup,
    RpcFields rpc) {

    public GetConsumerListByGroupRequestHeader {
        rpc = rpc == null ? RpcFields.NONE : rpc;
    }
}
