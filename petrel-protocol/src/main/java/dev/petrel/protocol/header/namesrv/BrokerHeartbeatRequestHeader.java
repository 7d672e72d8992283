package dev.petrel.protocol.header.namesrv;

import dev.petrel.protocol.header.Required;

/**
 * BROKER_HEARTBEAT (904) request, broker to NameServer, oneway (acting-master mode only).
 */
public record BrokerHeartbeatRequestHeader(
    @Required String clusterName,
    @Required String brokerAddr,
    @Required String brokerName,
    Long brokerId,
    Integer epoch,
    Long maxOffset,
    Long confirmOffset,
    Long heartbeatTimeoutMills,
    Integer electionPriority) {
}
