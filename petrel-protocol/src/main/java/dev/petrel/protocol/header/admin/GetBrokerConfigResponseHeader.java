package dev.petrel.protocol.header.admin;

import dev.petrel.protocol.header.Required;

/**
 * GET_BROKER_CONFIG (26) response: {@code version} holds the broker config's DataVersion as JSON.
 */
public record GetBrokerConfigResponseHeader(
    @Required String version) {
}
