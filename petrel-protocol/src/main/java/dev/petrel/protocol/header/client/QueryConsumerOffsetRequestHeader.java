package dev.petrel.protocol.header.client;

import dev.petrel.protocol.header.Required;
import dev.petrel.protocol.header.RpcFields;

/**
 * QUERY_CONSUMER_OFFSET (14) request.
 */
public record QueryConsumerOffsetRequestHeader(
    @Required String consumerGroup,
    @Required String topic,
    @Required int queueId,
    Boolean setZeroIfNotFound,
    RpcFields rpc) {

    public QueryConsumerOffsetRequestHeader {
        rpc = rpc == null ? RpcFields.NONE : rpc;
    }
}
