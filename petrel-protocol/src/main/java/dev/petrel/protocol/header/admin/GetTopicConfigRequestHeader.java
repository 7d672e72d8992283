package dev.petrel.protocol.header.admin;

import dev.petrel.protocol.header.Required;
import dev.petrel.protocol.header.RpcFields;

/**
 * GET_TOPIC_CONFIG (351) request.
 */
public record GetTopicConfigRequestHeader(
    @Required String topic,
    RpcFields rpc) {

    public GetTopicConfigRequestHeader {
        rpc = rpc == null ? RpcFields.NONE : rpc;
    }
}
