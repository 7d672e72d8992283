package dev.petrel.protocol.body.client;

/**
 * One producer connection in GET_ALL_PRODUCER_INFO.
 */
public record ProducerInfo(
    String clientId,
    String language,
    long lastUpdateTimestamp,
    String remoteIP,
    int version) {
}
