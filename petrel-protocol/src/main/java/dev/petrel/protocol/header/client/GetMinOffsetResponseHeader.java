package dev.petrel.protocol.header.client;

import dev.petrel.protocol.header.Required;

/**
 * GET_MIN_OFFSET (31) response.
 */
public record GetMinOffsetResponseHeader(
    @Required long offset) {
}
