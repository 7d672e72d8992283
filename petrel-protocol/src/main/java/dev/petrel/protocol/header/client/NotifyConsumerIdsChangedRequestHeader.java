package dev.petrel.protocol.header.client;

import dev.petrel.protocol.header.Required;
import dev.petrel.protocol.header.RpcFields;

/**
 * NOTIFY_CONSUMER_IDS_CHANGED (40) request, broker to client, oneway.
 */
public record NotifyConsumerIdsChangedRequestHeader(
    @Required String consumerGroup,
    RpcFields rpc) {

    public NotifyConsumerIdsChangedRequestHeader {
        rpc = rpc == null ? RpcFields.NONE : rpc;
    }
}
