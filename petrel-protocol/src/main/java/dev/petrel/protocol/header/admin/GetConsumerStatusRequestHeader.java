package dev.petrel.protocol.header.admin;

import dev.petrel.protocol.header.Required;
import dev.petrel.protocol.header.RpcFields;

/**
 * INVOKE_BROKER_TO_GET_CONSUMER_STATUS (223) request, and GET_CONSUMER_STATUS_FROM_CLIENT (221) broker to client.
 */
public record GetConsumerStatusRequestHeader(
    @Required String topic,
    @Required String group,
    String clientAddr,
    RpcFields rpc) {

    public GetConsumerStatusRequestHeader {
        rpc = rpc == null ? RpcFields.NONE : rpc;
    }
}
