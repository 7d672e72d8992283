package dev.petrel.protocol.body.stats;

/**
 * A group's position in one queue: {@code brokerOffset} = queue max offset; {@code consumerOffset} = committed;
 * {@code lastTimestamp} = store time of message consumerOffset-1 (0 if none); {@code pullOffset} = max(committed,
 * last pulled).
 */
public record OffsetWrapper(
    long brokerOffset,
    long consumerOffset,
    long lastTimestamp,
    long pullOffset) {
}
