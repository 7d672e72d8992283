package dev.petrel.protocol.header.namesrv;

import dev.petrel.protocol.header.Required;

/**
 * GET_KV_CONFIG (101) request.
 */
public record GetKVConfigRequestHeader(
    @Required String namespace,
    @Required String key) {
}
