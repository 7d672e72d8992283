package dev.petrel.protocol.header.client;

import dev.petrel.protocol.header.Required;

/**
 * QUERY_MESSAGE (12) response; body: stored messages.
 */
public record QueryMessageResponseHeader(
    @Required long indexLastUpdateTimestamp,
    @Required long indexLastUpdatePhyoffset) {
}
