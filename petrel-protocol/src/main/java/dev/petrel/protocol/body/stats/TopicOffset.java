package dev.petrel.protocol.body.stats;

/**
 * Offsets of one queue: {@code lastUpdateTimestamp} is the store time of the last message (0 when empty).
 */
public record TopicOffset(
    long lastUpdateTimestamp,
    long maxOffset,
    long minOffset) {
}
