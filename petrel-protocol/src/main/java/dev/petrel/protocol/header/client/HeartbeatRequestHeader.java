package dev.petrel.protocol.header.client;

import dev.petrel.protocol.header.RpcFields;

/**
 * HEART_BEAT (34) request; body: HeartbeatData. The 5.3.1 client sends it with every field unset.
 */
public record HeartbeatRequestHeader(
    RpcFields rpc) {

    public HeartbeatRequestHeader {
        rpc = rpc == null ? RpcFields.NONE : rpc;
    }
}
