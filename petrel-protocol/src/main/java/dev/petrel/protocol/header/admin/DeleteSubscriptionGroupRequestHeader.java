package dev.petrel.protocol.header.admin;

import dev.petrel.protocol.header.Required;
import dev.petrel.protocol.header.RpcFields;

/**
 * DELETE_SUBSCRIPTIONGROUP (207) request.
 */
public record DeleteSubscriptionGroupRequestHeader(
    @Required String groupName,
    boolean cleanOffset,
    RpcFields rpc) {

    public DeleteSubscriptionGroupRequestHeader {
        rpc = rpc == null ? RpcFields.NONE : rpc;
    }
}
