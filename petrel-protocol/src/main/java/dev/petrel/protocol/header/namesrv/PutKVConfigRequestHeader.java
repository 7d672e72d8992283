package dev.petrel.protocol.header.namesrv;

import dev.petrel.protocol.header.Required;

/**
 * PUT_KV_CONFIG (100) request.
 */
public record PutKVConfigRequestHeader(
    @Required String namespace,
    @Required String key,
    @Required String value) {
}
