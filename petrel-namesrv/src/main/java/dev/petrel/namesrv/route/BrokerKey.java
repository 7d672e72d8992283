package dev.petrel.namesrv.route;

import java.util.Objects;

/**
 * Identifies one broker process to the NameServer: its cluster and its {@code ip:port} (RocketMQ's
 * {@code BrokerAddrInfo}). Liveness, data versions and filter servers are kept per key.
 */
public record BrokerKey(String clusterName, String brokerAddr) {

    public BrokerKey {
        Objects.requireNonNull(clusterName, "clusterName");
        Objects.requireNonNull(brokerAddr, "brokerAddr");
    }

    @Override
    public String toString() {
        return brokerAddr + " (cluster " + clusterName + ")";
    }
}
