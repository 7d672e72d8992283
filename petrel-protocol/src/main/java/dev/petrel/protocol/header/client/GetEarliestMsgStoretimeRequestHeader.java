package dev.petrel.protocol.header.client;

import dev.petrel.protocol.header.Required;
import dev.petrel.protocol.header.RpcFields;

/**
 * GET_EARLIEST_MSG_STORETIME (32) request.
 */
public record GetEarliestMsgStoretimeRequestHeader(
    @Required String topic,
    @Required int queueId,
    RpcFields rpc) {

    public GetEarliestMsgStoretimeRequestHeader {
        rpc = rpc == null ? RpcFields.NONE : rpc;
    }
}
