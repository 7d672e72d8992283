package dev.petrel.protocol.header.client;

import dev.petrel.protocol.header.Required;
import dev.petrel.protocol.header.RpcFields;

/**
 * CHECK_TRANSACTION_STATE (39) request, broker to client, oneway; body: the half message.
 */
public record CheckTransactionStateRequestHeader(
    String topic,
    @Required long tranStateTableOffset,
    @Required long commitLogOffset,
    String msgId,
    String transactionId,
    String offsetMsgId,
    RpcFields rpc) {

    public CheckTransactionStateRequestHeader {
        rpc = rpc == null ? RpcFields.NONE : rpc;
    }
}
