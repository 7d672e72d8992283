package dev.petrel.protocol.header.namesrv;

import dev.petrel.protocol.header.Required;

/**
 * REGISTER_BROKER (103) request, broker to NameServer. Body: RegisterBrokerBody, zlib-compressed when {@code
 * compressed} (see RegisterBrokerBodyCodec); {@code bodyCrc32}, when not 0, is the CRC32 of the body. {@code
 * zoneName} is an ext field outside Apache's header class.
 */
public record RegisterBrokerRequestHeader(
    @Required String brokerName,
    @Required String brokerAddr,
    @Required String clusterName,
    @Required String haServerAddr,
    @Required long brokerId,
    Long heartbeatTimeoutMillis,
    Boolean enableActingMaster,
    boolean compressed,
    int bodyCrc32,
    String zoneName) {
}
