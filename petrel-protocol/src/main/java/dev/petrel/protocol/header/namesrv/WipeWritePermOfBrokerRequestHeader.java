package dev.petrel.protocol.header.namesrv;

import dev.petrel.protocol.header.Required;

/**
 * WIPE_WRITE_PERM_OF_BROKER (205) request.
 */
public record WipeWritePermOfBrokerRequestHeader(
    @Required String brokerName) {
}
