package dev.petrel.protocol.header.admin;

import dev.petrel.protocol.header.Required;
import dev.petrel.protocol.header.RpcFields;

/**
 * QUERY_TOPICS_BY_CONSUMER (343) request; response body: TopicList.
 */
public record QueryTopicsByConsumerRequestHeader(
    @Required String group,
    RpcFields rpc) {

    public QueryTopicsByConsumerRequestHeader {
        rpc = rpc == null ? RpcFields.NONE : rpc;
    }
}
