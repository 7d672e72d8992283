package dev.petrel.protocol.header.admin;

import dev.petrel.protocol.header.Required;
import dev.petrel.protocol.header.RpcFields;

/**
 * GET_CONSUME_STATS (208) request; without {@code topic}, every topic the group has offsets for.
 */
public record GetConsumeStatsRequestHeader(
    @Required String consumerGroup,
    String topic,
    RpcFields rpc) {

    public GetConsumeStatsRequestHeader {
        rpc = rpc == null ? RpcFields.NONE : rpc;
    }
}
