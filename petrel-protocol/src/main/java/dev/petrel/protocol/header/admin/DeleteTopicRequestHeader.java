package dev.petrel.protocol.header.admin;

import dev.petrel.protocol.header.Required;
import dev.petrel.protocol.header.RpcFields;

/**
 * DELETE_TOPIC_IN_BROKER (215) request.
 */
public record DeleteTopicRequestHeader(
    @Required String topic,
    RpcFields rpc) {

    public DeleteTopicRequestHeader {
        rpc = rpc == null ? RpcFields.NONE : rpc;
    }
}
