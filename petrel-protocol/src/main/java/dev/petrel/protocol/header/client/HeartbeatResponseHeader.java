package dev.petrel.protocol.header.client;

import dev.petrel.protocol.header.WireName;

/**
 * HEART_BEAT (34) response ext fields (outside any Apache header class): {@code IS_SUPPORT_HEART_BEAT_V2} and
 * {@code IS_SUB_CHANGE}, read by clients that enable heartbeat V2.
 */
public record HeartbeatResponseHeader(
    @WireName("IS_SUPPORT_HEART_BEAT_V2") Boolean supportHeartbeatV2,
    @WireName("IS_SUB_CHANGE") Boolean subChange) {
}
