package dev.petrel.protocol.header.admin;

import dev.petrel.protocol.header.Required;
import dev.petrel.protocol.header.RpcFields;

/**
 * QUERY_CONSUME_TIME_SPAN (303) request; response body: QueryConsumeTimeSpanBody.
 */
public record QueryConsumeTimeSpanRequestHeader(
    @Required String topic,
    @Required String group,
    RpcFields rpc) {

    public QueryConsumeTimeSpanRequestHeader {
        rpc = rpc == null ? RpcFields.NONE : rpc;
    }
}
