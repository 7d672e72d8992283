package dev.petrel.protocol.header.namesrv;

import dev.petrel.protocol.header.Required;

/**
 * UNREGISTER_BROKER (104) request, broker to NameServer.
 */
public record UnRegisterBrokerRequestHeader(
    @Required String brokerName,
    @Required String brokerAddr,
    @Required String clusterName,
    @Required long brokerId) {
}
