package dev.petrel.protocol.header.admin;

import dev.petrel.protocol.header.Required;
import dev.petrel.protocol.header.RpcFields;

/**
 * GET_SUBSCRIPTIONGROUP_CONFIG (352) request.
 */
public record GetSubscriptionGroupConfigRequestHeader(
    @Required String group,
    RpcFields rpc) {

    public GetSubscriptionGroupConfigRequestHeader {
        rpc = rpc == null ? RpcFields.NONE : rpc;
    }
}
