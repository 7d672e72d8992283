package dev.petrel.protocol.header.admin;

import dev.petrel.protocol.header.Required;
import dev.petrel.protocol.header.RpcFields;

/**
 * QUERY_SUBSCRIPTION_BY_CONSUMER (345) request; response body: QuerySubscriptionResponseBody.
 */
public record QuerySubscriptionByConsumerRequestHeader(
    @Required String group,
    String topic,
    RpcFields rpc) {

    public QuerySubscriptionByConsumerRequestHeader {
        rpc = rpc == null ? RpcFields.NONE : rpc;
    }
}
