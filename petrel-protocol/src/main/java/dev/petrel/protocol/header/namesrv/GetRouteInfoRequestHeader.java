package dev.petrel.protocol.header.namesrv;

import dev.petrel.protocol.header.Required;
import dev.petrel.protocol.header.RpcFields;

/**
 * GET_ROUTEINFO_BY_TOPIC (105) request. The 5.3.1 client sends only {@code topic}.
 */
public record GetRouteInfoRequestHeader(
    @Required String topic,
    Boolean acceptStandardJsonOnly,
    RpcFields rpc) {

    public GetRouteInfoRequestHeader {
        rpc = rpc == null ? RpcFields.NONE : rpc;
    }
}
