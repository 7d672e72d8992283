package dev.petrel.protocol.header.client;

import dev.petrel.protocol.header.Required;
import dev.petrel.protocol.header.RpcFields;

/**
 * END_TRANSACTION (37) request, oneway from 5.3.1: {@code commitOrRollback} is 0 (unknown), 8 (commit) or 12
 * (rollback).
 */
public record EndTransactionRequestHeader(
    String topic,
    @Required String producerGroup,
    @Required long tranStateTableOffset,
    @Required long commitLogOffset,
    @Required int commitOrRollback,
    boolean fromTransactionCheck,
    @Required String msgId,
    String transactionId,
    RpcFields rpc) {

    public EndTransactionRequestHeader {
        rpc = rpc == null ? RpcFields.NONE : rpc;
    }
}
