package dev.petrel.namesrv.route;

import dev.petrel.protocol.body.route.BrokerData;
import java.util.TreeMap;

/**
 * One broker name and its member addresses by broker id (0 = master), as the registry's writer keeps it. Mutable and
 * confined to the writer; readers get {@link #toBrokerData()} copies.
 */
final class BrokerGroup {

    final String clusterName;
    final String brokerName;
    /** Broker id → {@code ip:port}; sorted so copies and routes list ids in order. */
    final TreeMap<Long, String> addrs = new TreeMap<>();
    boolean enableActingMaster;
    String zoneName;

    BrokerGroup(String clusterName, String brokerName) {
        this.clusterName = clusterName;
        this.brokerName = brokerName;
    }

    boolean hasMaster() {
        return addrs.containsKey(0L);
    }

    /** The lowest broker id, or -1 when the group is empty. */
    long minBrokerId() {
        return addrs.isEmpty() ? -1 : addrs.firstKey();
    }

    BrokerData toBrokerData() {
        return new BrokerData(addrs, brokerName, clusterName,
            enableActingMaster, zoneName);
    }

    @Override
    public String toString() {
        return brokerName + addrs;
    }
}
