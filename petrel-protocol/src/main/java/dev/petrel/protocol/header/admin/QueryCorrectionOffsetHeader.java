package dev.petrel.protocol.header.admin;

import dev.petrel.protocol.header.Required;
import dev.petrel.protocol.header.RpcFields;

/**
 * QUERY_CORRECTION_OFFSET (308) request; {@code filterGroups} is a comma-separated list.
 */
public record QueryCorrectionOffsetHeader(
    String filterGroups,
    @Required String compareGroup,
    @Required String topic,
    RpcFields rpc) {

    public QueryCorrectionOffsetHeader {
        rpc = rpc == null ? RpcFields.NONE : rpc;
    }
}
