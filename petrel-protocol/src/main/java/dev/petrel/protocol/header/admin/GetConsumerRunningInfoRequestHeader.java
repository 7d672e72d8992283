package dev.petrel.protocol.header.admin;

import dev.petrel.protocol.header.Required;
import dev.petrel.protocol.header.RpcFields;

/**
 * GET_CONSUMER_RUNNING_INFO (307) request, admin to broker and (copied) broker to client.
 */
public record GetConsumerRunningInfoRequestHeader(
    @Required String consumerGroup,
    @Required String clientId,
    boolean jstackEnable,
    RpcFields rpc) {

    public GetConsumerRunningInfoRequestHeader {
        rpc = rpc == null ? RpcFields.NONE : rpc;
    }
}
