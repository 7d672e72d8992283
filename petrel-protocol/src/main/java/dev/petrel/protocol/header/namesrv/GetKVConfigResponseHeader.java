package dev.petrel.protocol.header.namesrv;

/**
 * GET_KV_CONFIG (101) response.
 */
public record GetKVConfigResponseHeader(
    String value) {
}
