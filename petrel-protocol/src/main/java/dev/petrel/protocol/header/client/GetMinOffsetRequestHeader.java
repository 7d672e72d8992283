package dev.petrel.protocol.header.client;

import dev.petrel.protocol.header.Required;
import dev.petrel.protocol.header.RpcFields;

/**
 * GET_MIN_OFFSET (31) request.
 */
public record GetMinOffsetRequestHeader(
    @Required String topic,
    @Required int queueId,
    RpcFields rpc) {

    public GetMinOffsetRequestHeader {
        rpc = rpc == null ? RpcFields.NONE : rpc;
    }
}
