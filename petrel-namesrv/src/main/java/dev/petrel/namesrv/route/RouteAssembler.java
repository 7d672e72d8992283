package dev.petrel.namesrv.route;

import dev.petrel.protocol.body.route.BrokerData;
import dev.petrel.protocol.body.route.ClusterInfo;
import dev.petrel.protocol.body.route.QueueData;
import dev.petrel.protocol.body.route.TopicRouteData;
import dev.petrel.protocol.body.topic.TopicQueueMappingInfo;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * Builds the immutable views the registry publishes from its writer-private tables: a topic's {@link TopicRoute}
 * (RocketMQ's {@code pickupTopicRouteData}) and the {@link BrokerMembership}. Called on the writer thread only; the
 * results share nothing mutable with the tables. Lists and maps come out sorted by broker name and id, so the same
 * state always encodes to the same bytes.
 */
final class RouteAssembler {

    private static final long MASTER_ID = 0L;

    private RouteAssembler() {
    }

    /**
     * The route of one topic, or null when no registered broker hosts it.
     *
     * @param actingMasters whether to present master-less brokers' lowest slave as master ({@code supportActingMaster})
     */
    static TopicRoute route(String topic, Map<String, QueueData> queues, Map<String, BrokerGroup> groups,
                            Map<BrokerKey, List<String>> filterServers, Map<String, TopicQueueMappingInfo> mapping,
                            boolean actingMasters) {
        if (queues == null || queues.isEmpty()) {
            return null;
        }
        List<QueueData> queueDatas = new ArrayList<>(new TreeMap<>(queues).values());
        List<BrokerData> brokerDatas = new ArrayList<>();
        Map<String, List<String>> filters = new TreeMap<>();
        for (QueueData q : queueDatas) {
            BrokerGroup group = groups.get(q.brokerName());
            if (group == null) {
                continue;
            }
            BrokerData data = group.toBrokerData();
            brokerDatas.add(actingMasters ? actingMasterView(data, q) : data);
            for (String addr : group.addrs.values()) {
                List<String> servers = filterServers.get(new BrokerKey(group.clusterName, addr));
                if (servers != null && !servers.isEmpty()) {
                    filters.put(addr, servers);
                }
            }
        }
        if (brokerDatas.isEmpty()) {
            return null;
        }
        return new TopicRoute(topic, new TopicRouteData(brokerDatas, filters, null, queueDatas,
            mapping == null || mapping.isEmpty() ? null : mapping));
    }

    /**
     * For a master-less broker that allows acting masters and whose queues are not writable, the lowest-id slave is
     * shown as id 0 so clients send it the master-only reads (locks, offsets).
     */
    static BrokerData actingMasterView(BrokerData data, QueueData queues) {
        Map<Long, String> addrs = data.brokerAddrs();
        if (addrs.isEmpty() || addrs.containsKey(MASTER_ID) || !data.enableActingMaster() || Perm.isWritable(queues.perm())) {
            return data;
        }
        TreeMap<Long, String> shown = new TreeMap<>(addrs);
        String acting = shown.remove(shown.firstKey());
        shown.put(MASTER_ID, acting);
        return new BrokerData(shown, data.brokerName(), data.cluster(), data.enableActingMaster(), data.zoneName());
    }

    static BrokerMembership membership(Map<String, BrokerGroup> groups, Map<String, Set<String>> clusters) {
        Map<String, BrokerData> brokers = new TreeMap<>();
        int addrCount = 0;
        for (BrokerGroup g : groups.values()) {
            brokers.put(g.brokerName, g.toBrokerData());
            addrCount += g.addrs.size();
        }
        Map<String, Set<String>> clusterNames = new TreeMap<>();
        clusters.forEach((cluster, names) -> clusterNames.put(cluster, new TreeSet<>(names)));
        return new BrokerMembership(new ClusterInfo(brokers, new LinkedHashMap<>(clusterNames)), addrCount);
    }
}
