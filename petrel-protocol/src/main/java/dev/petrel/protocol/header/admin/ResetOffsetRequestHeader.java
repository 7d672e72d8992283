package dev.petrel.protocol.header.admin;

import dev.petrel.protocol.header.IfAbsent;
import dev.petrel.protocol.header.Required;
import dev.petrel.protocol.header.RpcFields;

/**
 * INVOKE_BROKER_TO_RESET_OFFSET (222) request, and RESET_CONSUMER_CLIENT_OFFSET (220) broker to client. {@code
 * queueId} -1 means all queues; {@code offset} absent or -1 means by {@code timestamp}; {@code timestamp} -1 means
 * the max offset. Note the key {@code isForce}.
 */
public record ResetOffsetRequestHeader(
    @Required String topic,
    @Required String group,
    @IfAbsent("-1") int queueId,
    Long offset,
    @Required long timestamp,
    @Required boolean isForce,
    RpcFields rpc) {

    public ResetOffsetRequestHeader {
        rpc = rpc == null ? RpcFields.NONE : rpc;
    }
}
