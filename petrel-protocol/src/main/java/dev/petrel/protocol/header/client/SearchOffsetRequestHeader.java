package dev.petrel.protocol.header.client;

import dev.petrel.protocol.header.BoundaryType;
import dev.petrel.protocol.header.Required;
import dev.petrel.protocol.header.RpcFields;

/**
 * SEARCH_OFFSET_BY_TIMESTAMP (29) request; absent {@code boundaryType} means LOWER.
 */
public record SearchOffsetRequestHeader(
    @Required String topic,
    @Required int queueId,
    @Required long timestamp,
    BoundaryType boundaryType,
    RpcFields rpc) {

    public SearchOffsetRequestHeader {
        rpc = rpc == null ? RpcFields.NONE : rpc;
    }
}
