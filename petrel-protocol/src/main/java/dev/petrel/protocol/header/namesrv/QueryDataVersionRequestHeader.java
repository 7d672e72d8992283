package dev.petrel.protocol.header.namesrv;

import dev.petrel.protocol.header.Required;

/**
 * QUERY_DATA_VERSION (322) request, broker to NameServer; body: the broker's DataVersion.
 */
public record QueryDataVersionRequestHeader(
    @Required String brokerName,
    @Required String brokerAddr,
    @Required String clusterName,
    @Required long brokerId) {
}
