package dev.petrel.protocol.header.client;

import dev.petrel.protocol.header.RpcFields;

/**
 * LOCK_BATCH_MQ (41) request; body: LockBatchRequestBody.
 */
public record LockBatchMqRequestHeader(
    RpcFields rpc) {

    public LockBatchMqRequestHeader {
        rpc = rpc == null ? RpcFields.NONE : rpc;
    }
}
