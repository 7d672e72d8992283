package dev.petrel.protocol.header.client;

import dev.petrel.protocol.header.Required;
import dev.petrel.protocol.header.RpcFields;

/**
 * UNREGISTER_CLIENT (35) request. Note the key {@code clientID} (capital ID).
 */
public record UnregisterClientRequestHeader(
    @Required String clientID,
    String producerGroup,
    String consumerGroup,
    RpcFields rpc) {

    public UnregisterClientRequestHeader {
        rpc = rpc == null ? RpcFields.NONE : rpc;
    }
}
