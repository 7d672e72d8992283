package dev.petrel.protocol.body.client;

/**
 * One client connection: {@code clientAddr} is the socket's {@code ip:port}; {@code language} a LanguageCode name
 * ({@code JAVA}, …); {@code version} the client's request version (475 = 5.3.1).
 */
public record Connection(
    String clientAddr,
    String clientId,
    String language,
    int version) {
}
