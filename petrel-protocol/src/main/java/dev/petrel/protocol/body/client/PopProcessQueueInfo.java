package dev.petrel.protocol.body.client;

/**
 * A POP consumer's in-memory state of one queue, in ConsumerRunningInfo.
 */
public record PopProcessQueueInfo(
    boolean droped,
    long lastPopTimestamp,
    int waitAckCount) {
}
