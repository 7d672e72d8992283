package dev.petrel.protocol.header.client;

import dev.petrel.protocol.header.Required;

/**
 * GET_EARLIEST_MSG_STORETIME (32) response.
 */
public record GetEarliestMsgStoretimeResponseHeader(
    @Required long timestamp) {
}
