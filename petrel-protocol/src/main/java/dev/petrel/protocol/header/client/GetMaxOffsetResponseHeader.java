package dev.petrel.protocol.header.client;

import dev.petrel.protocol.header.Required;

/**
 * GET_MAX_OFFSET (30) response: the next offset to be written.
 */
public record GetMaxOffsetResponseHeader(
    @Required long offset) {
}
