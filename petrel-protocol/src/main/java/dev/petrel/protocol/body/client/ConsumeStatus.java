package dev.petrel.protocol.body.client;

/**
 * Consumption rates of one topic in ConsumerRunningInfo.
 */
public record ConsumeStatus(
    long consumeFailedMsgs,
    double consumeFailedTPS,
    double consumeOKTPS,
    double consumeRT,
    double pullRT,
    double pullTPS) {
}
