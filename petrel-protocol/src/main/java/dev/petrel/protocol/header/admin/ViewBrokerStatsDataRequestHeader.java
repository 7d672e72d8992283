package dev.petrel.protocol.header.admin;

import dev.petrel.protocol.header.Required;

/**
 * VIEW_BROKER_STATS_DATA (315) request; response body: BrokerStatsData.
 */
public record ViewBrokerStatsDataRequestHeader(
    @Required String statsName,
    @Required String statsKey) {
}
