package dev.petrel.protocol.header.client;

import dev.petrel.protocol.header.Required;
import dev.petrel.protocol.header.RpcFields;

/**
 * UPDATE_CONSUMER_OFFSET (15) request, usually oneway.
 */
public record UpdateConsumerOffsetRequestHeader(
    @Required String consumerGroup,
    @Required String topic,
    @Required int queueId,
    @Required long commitOffset,
    RpcFields rpc) {

    public UpdateConsumerOffsetRequestHeader {
        rpc = rpc == null ? RpcFields.NONE : rpc;
    }
}
