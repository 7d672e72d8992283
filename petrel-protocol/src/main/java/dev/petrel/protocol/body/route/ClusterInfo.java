package dev.petrel.protocol.body.route;

import dev.petrel.protocol.body.BodyCodec;
import dev.petrel.protocol.body.BodyCollections;
import java.util.Map;
import java.util.Set;

/**
 * GET_BROKER_CLUSTER_INFO response: brokers by name, and broker names by cluster.
 */
public record ClusterInfo(
    Map<String, BrokerData> brokerAddrTable,
    Map<String, Set<String>> clusterAddrTable) {

    public static final BodyCodec<ClusterInfo> CODEC = BodyCodec.of(ClusterInfo.class);

    public ClusterInfo {
        brokerAddrTable = BodyCollections.map(brokerAddrTable);
        clusterAddrTable = BodyCollections.map(clusterAddrTable);
    }
}
