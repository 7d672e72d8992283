package dev.petrel.protocol.header.admin;

import dev.petrel.protocol.header.Required;
import dev.petrel.protocol.header.RpcFields;

/**
 * GET_PRODUCER_CONNECTION_LIST (204) request; response body: ProducerConnection.
 */
public record GetProducerConnectionListRequestHeader(
    @Required String producerGroup,
    RpcFields rpc) {

    public GetProducerConnectionListRequestHeader {
        rpc = rpc == null ? RpcFields.NONE : rpc;
    }
}
