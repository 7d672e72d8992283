package dev.petrel.protocol.header.admin;

import dev.petrel.protocol.header.Required;
import dev.petrel.protocol.header.RpcFields;

/**
 * CONSUME_MESSAGE_DIRECTLY (309) request, admin to broker and broker to client; the broker adds {@code
 * brokerName}, {@code topicSysFlag} and {@code groupSysFlag} before forwarding. {@code msgId} is the offset
 * message id.
 */
public record ConsumeMessageDirectlyResultRequestHeader(
    @Required String consumerGroup,
    String clientId,
    String msgId,
    String brokerName,
    String topic,
    Integer topicSysFlag,
    Integer groupSysFlag,
    RpcFields rpc) {

    public ConsumeMessageDirectlyResultRequestHeader {
        rpc = rpc == null ? RpcFields.NONE : rpc;
    }
}
