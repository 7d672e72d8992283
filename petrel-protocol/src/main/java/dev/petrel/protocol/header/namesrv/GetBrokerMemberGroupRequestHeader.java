package dev.petrel.protocol.header.namesrv;

import dev.petrel.protocol.header.Required;

/**
 * GET_BROKER_MEMBER_GROUP (901) request, broker to NameServer.
 */
public record GetBrokerMemberGroupRequestHeader(
    @Required String clusterName,
    @Required String brokerName) {
}
