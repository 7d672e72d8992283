package dev.petrel.protocol.header.namesrv;

/**
 * REGISTER_BROKER (103) response: the master's addresses, set for slaves while the master is alive.
 */
public record RegisterBrokerResponseHeader(
    String haServerAddr,
    String masterAddr) {
}
