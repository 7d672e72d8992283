package dev.petrel.protocol.header.client;

import dev.petrel.protocol.header.Required;
import dev.petrel.protocol.header.RpcFields;
import dev.petrel.protocol.header.WireName;

/**
 * QUERY_MESSAGE (12) request. {@code uniqueKeyQuery} is the ext field {@code _UNIQUE_KEY_QUERY} (always sent by
 * 5.3.1): when true the key is a UNIQ_KEY and the broker uses its own maximum instead of {@code maxNum}.
 */
public record QueryMessageRequestHeader(
    @Required String topic,
    @Required String key,
    @Required int maxNum,
    @Required long beginTimestamp,
    @Required long endTimestamp,
    @WireName("_UNIQUE_KEY_QUERY") Boolean uniqueKeyQuery,
    RpcFields rpc) {

    public QueryMessageRequestHeader {
        rpc = rpc == null ? RpcFields.NONE : rpc;
    }
}
