package dev.petrel.protocol.body.client;

/**
 * A queue and its new offset, in the C++ clients' reset-offset body.
 */
public record MessageQueueForC(
    String brokerName,
    long offset,
    int queueId,
    String topic) {
}
