package dev.petrel.protocol.header.admin;

import dev.petrel.protocol.header.RpcFields;

/**
 * QUERY_CONSUME_QUEUE (321) request.
 */
public record QueryConsumeQueueRequestHeader(
    String topic,
    int queueId,
    long index,
    int count,
    String consumerGroup,
    RpcFields rpc) {

    public QueryConsumeQueueRequestHeader {
        rpc = rpc == null ? RpcFields.NONE : rpc;
    }
}
