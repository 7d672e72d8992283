package dev.petrel.protocol.header.admin;

import dev.petrel.protocol.header.Required;

/**
 * GET_BROKER_CONSUME_STATS (317) request. Note the key {@code isOrder}.
 */
public record GetConsumeStatsInBrokerHeader(
    @Required boolean isOrder) {
}
