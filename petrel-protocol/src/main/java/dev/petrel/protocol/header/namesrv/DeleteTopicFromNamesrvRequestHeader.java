package dev.petrel.protocol.header.namesrv;

import dev.petrel.protocol.header.Required;
import dev.petrel.protocol.header.RpcFields;

/**
 * DELETE_TOPIC_IN_NAMESRV (216) request; {@code clusterName} limits the deletion to that cluster's brokers.
 */
public record DeleteTopicFromNamesrvRequestHeader(
    @Required String topic,
    String clusterName,
    RpcFields rpc) {

    public DeleteTopicFromNamesrvRequestHeader {
        rpc = rpc == null ? RpcFields.NONE : rpc;
    }
}
