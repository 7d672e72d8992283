package dev.petrel.protocol.header.namesrv;

import dev.petrel.protocol.header.Required;

/**
 * DELETE_KV_CONFIG (102) request.
 */
public record DeleteKVConfigRequestHeader(
    @Required String namespace,
    @Required String key) {
}
