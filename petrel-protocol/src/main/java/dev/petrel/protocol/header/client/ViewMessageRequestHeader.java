package dev.petrel.protocol.header.client;

import dev.petrel.protocol.header.Required;

/**
 * VIEW_MESSAGE_BY_ID (33) request: {@code offset} is the commit-log physical offset.
 */
public record ViewMessageRequestHeader(
    String topic,
    @Required long offset) {
}
