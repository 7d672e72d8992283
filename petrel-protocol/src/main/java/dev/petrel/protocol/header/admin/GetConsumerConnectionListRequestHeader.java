package dev.petrel.protocol.header.admin;

import dev.petrel.protocol.header.Required;
import dev.petrel.protocol.header.RpcFields;

/**
 * GET_CONSUMER_CONNECTION_LIST (203) request; response body: ConsumerConnection.
 */
public record GetConsumerConnectionListRequestHeader(
    @Required String consumerGroup,
    RpcFields rpc) {

    public GetConsumerConnectionListRequestHeader {
        rpc = rpc == null ? RpcFields.NONE : rpc;
    }
}
