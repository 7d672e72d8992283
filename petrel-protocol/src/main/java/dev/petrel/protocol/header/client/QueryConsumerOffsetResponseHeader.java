package dev.petrel.protocol.header.client;

import dev.petrel.protocol.header.Required;

/**
 * QUERY_CONSUMER_OFFSET (14) response.
 */
public record QueryConsumerOffsetResponseHeader(
    @Required long offset) {
}
