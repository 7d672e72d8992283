package dev.petrel.protocol.header.namesrv;

import dev.petrel.protocol.header.Required;

/**
 * GET_KVLIST_BY_NAMESPACE (219) request; response body: KVTable.
 */
public record GetKVListByNamespaceRequestHeader(
    @Required String namespace) {
}
