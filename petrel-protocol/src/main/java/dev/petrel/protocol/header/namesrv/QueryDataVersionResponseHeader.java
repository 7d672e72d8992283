package dev.petrel.protocol.header.namesrv;

import dev.petrel.protocol.header.Required;

/**
 * QUERY_DATA_VERSION (322) response: whether the NameServer's stored DataVersion differs.
 */
public record QueryDataVersionResponseHeader(
    @Required boolean changed) {
}
