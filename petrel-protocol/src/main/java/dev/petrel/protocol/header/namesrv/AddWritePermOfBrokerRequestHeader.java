package dev.petrel.protocol.header.namesrv;

import dev.petrel.protocol.header.Required;

/**
 * ADD_WRITE_PERM_OF_BROKER (327) request.
 */
public record AddWritePermOfBrokerRequestHeader(
    @Required String brokerName) {
}
