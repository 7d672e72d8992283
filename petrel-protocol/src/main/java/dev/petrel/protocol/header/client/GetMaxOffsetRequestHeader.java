package dev.petrel.protocol.header.client;

import dev.petrel.protocol.header.IfAbsent;
import dev.petrel.protocol.header.Required;
import dev.petrel.protocol.header.RpcFields;

/**
 * GET_MAX_OFFSET (30) request; the 5.3.1 client sends {@code committed=true}.
 */
public record GetMaxOffsetRequestHeader(
    @Required String topic,
    @Required int queueId,
    @IfAbsent("true") boolean committed,
    RpcFields rpc) {

    public GetMaxOffsetRequestHeader {
        rpc = rpc == null ? RpcFields.NONE : rpc;
    }
}
