package dev.petrel.protocol.header.admin;

import dev.petrel.protocol.header.RpcFields;

/**
 * UPDATE_AND_CREATE_TOPIC_LIST (18) request; body: CreateTopicListRequestBody.
 */
public record CreateTopicListRequestHeader(
    RpcFields rpc) {

    public CreateTopicListRequestHeader {
        rpc = rpc == null ? RpcFields.NONE : rpc;
    }
}
