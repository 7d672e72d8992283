package dev.petrel.protocol.header.admin;

import dev.petrel.protocol.header.Required;
import dev.petrel.protocol.header.RpcFields;

/**
 * QUERY_TOPIC_CONSUME_BY_WHO (300) request; response body: GroupList.
 */
public record QueryTopicConsumeByWhoRequestHeader(
    @Required String topic,
    RpcFields rpc) {

    public QueryTopicConsumeByWhoRequestHeader {
        rpc = rpc == null ? RpcFields.NONE : rpc;
    }
}
