package dev.petrel.namesrv.route;

import dev.petrel.protocol.body.DataVersion;

/**
 * When one broker address was last heard of and how long it may stay silent (RocketMQ's {@code BrokerLiveInfo}).
 * Mutable and confined to the registry's writer.
 */
final class BrokerLiveness {

    long lastUpdateMillis;
    final long timeoutMillis;
    final DataVersion dataVersion;
    /** The connection of the last registration: an opaque handle compared by identity. */
    final Object connection;
    final String haServerAddr;

    BrokerLiveness(long lastUpdateMillis, long timeoutMillis, DataVersion dataVersion, Object connection,
                   String haServerAddr) {
        this.lastUpdateMillis = lastUpdateMillis;
        this.timeoutMillis = timeoutMillis;
        this.dataVersion = dataVersion;
        this.connection = connection;
        this.haServerAddr = haServerAddr;
    }

    boolean expired(long nowMillis) {
        return lastUpdateMillis + timeoutMillis < nowMillis;
    }
}
