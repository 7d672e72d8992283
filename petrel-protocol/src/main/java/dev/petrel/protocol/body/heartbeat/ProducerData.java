package dev.petrel.protocol.body.heartbeat;

/**
 * A producer group in a heartbeat; the 5.3.1 client always lists {@code CLIENT_INNER_PRODUCER} too.
 */
public record ProducerData(
    String groupName) {
}
