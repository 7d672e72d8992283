package dev.petrel.protocol.header.namesrv;

import dev.petrel.protocol.header.Required;

/**
 * WIPE_WRITE_PERM_OF_BROKER (205) response: number of topics changed.
 */
public record WipeWritePermOfBrokerResponseHeader(
    @Required int wipeTopicCount) {
}
