package dev.petrel.protocol.body.route;

import dev.petrel.protocol.body.BodyCollections;
import java.util.Map;

/**
 * One broker name and its addresses: {@code brokerAddrs} maps broker id to {@code ip:port} (0 = master, 1+ =
 * slaves). Apache writes these keys unquoted in ClusterInfo and for old clients.
 */
public record BrokerData(
    Map<Long, String> brokerAddrs,
    String brokerName,
    String cluster,
    boolean enableActingMaster,
    String zoneName) {

    public BrokerData {
        brokerAddrs = BodyCollections.map(brokerAddrs);
    }
}
