package dev.petrel.protocol.header.admin;

import dev.petrel.protocol.header.Required;
import dev.petrel.protocol.header.RpcFields;

/**
 * CLONE_GROUP_OFFSET (314) request.
 */
public record CloneGroupOffsetRequestHeader(
    @Required String srcGroup,
    @Required String destGroup,
    String topic,
    boolean offline,
    RpcFields rpc) {

    public CloneGroupOffsetRequestHeader {
        rpc = rpc == null ? RpcFields.NONE : rpc;
    }
}
