package dev.petrel.protocol.header.admin;

import dev.petrel.protocol.header.Required;
import dev.petrel.protocol.header.RpcFields;

/**
 * GET_TOPIC_STATS_INFO (202) request; response body: TopicStatsTable.
 */
public record GetTopicStatsInfoRequestHeader(
    @Required String topic,
    RpcFields rpc) {

    public GetTopicStatsInfoRequestHeader {
        rpc = rpc == null ? RpcFields.NONE : rpc;
    }
}
