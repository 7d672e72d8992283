package dev.petrel.protocol.header.client;

import dev.petrel.protocol.header.RpcFields;

/**
 * UNLOCK_BATCH_MQ (42) request; body: UnlockBatchRequestBody.
 */
public record UnlockBatchMqRequestHeader(
    RpcFields rpc) {

    public UnlockBatchMqRequestHeader {
        rpc = rpc == null ? RpcFields.NONE : rpc;
    }
}
