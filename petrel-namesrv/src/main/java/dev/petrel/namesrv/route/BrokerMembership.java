package dev.petrel.namesrv.route;

import dev.petrel.protocol.body.route.BrokerData;
import dev.petrel.protocol.body.route.ClusterInfo;
import java.util.Map;
import java.util.Set;

/**
 * The published view of which brokers exist: cluster info (brokers by name, broker names by cluster) and counts.
 * Immutable; the registry's writer publishes a new one whenever a broker joins, leaves or moves.
 *
 * @param clusterInfo   GET_BROKER_CLUSTER_INFO's body
 * @param brokerAddrCount registered broker addresses (masters and slaves)
 */
public record BrokerMembership(ClusterInfo clusterInfo, int brokerAddrCount) {

    static final BrokerMembership EMPTY = new BrokerMembership(new ClusterInfo(Map.of(), Map.of()), 0);

    public Map<String, BrokerData> brokers() {
        return clusterInfo.brokerAddrTable();
    }

    public Map<String, Set<String>> clusters() {
        return clusterInfo.clusterAddrTable();
    }
}
