package dev.petrel.protocol.header.client;

import dev.petrel.protocol.header.Required;

/**
 * SEARCH_OFFSET_BY_TIMESTAMP (29) response.
 */
public record SearchOffsetResponseHeader(
    @Required long offset) {
}
