package dev.petrel.client.internal;

import dev.petrel.protocol.body.route.BrokerData;
import dev.petrel.protocol.body.route.TopicRouteData;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The routes a client instance knows and the broker addresses they name. Readers are every thread (sends, pulls,
 * heartbeats); updates come from the instance's scheduler and from callers resolving a topic for the first time, and
 * are serialised by {@link ClientInstance}'s route lock.
 */
public final class RouteTable {

    private final Map<String, TopicRouteData> routes = new ConcurrentHashMap<>();
    private final Map<String, Map<Long, String>> brokers = new ConcurrentHashMap<>();

    public TopicRouteData route(String topic) {
        return routes.get(topic);
    }

    public Set<String> topics() {
        return Set.copyOf(routes.keySet());
    }

    /**
     * Stores {@code route} for {@code topic} and learns its broker addresses.
     *
     * @return whether it differs from the route known before (order of brokers and queues aside)
     */
    public boolean update(String topic, TopicRouteData route) {
        for (BrokerData b : route.brokerDatas()) {
            brokers.put(b.brokerName(), Map.copyOf(new TreeMap<>(b.brokerAddrs())));
        }
        TopicRouteData old = routes.put(topic, route);
        return old == null || !sameRoute(old, route);
    }

    public void remove(String topic) {
        routes.remove(topic);
    }

    static boolean sameRoute(TopicRouteData a, TopicRouteData b) {
        return new HashSet<>(a.brokerDatas()).equals(new HashSet<>(b.brokerDatas()))
            && new HashSet<>(a.queueDatas()).equals(new HashSet<>(b.queueDatas()))
            && Objects.equals(a.orderTopicConf(), b.orderTopicConf());
    }

    /** The master's address (id 0), or null. */
    public String masterAddress(String brokerName) {
        Map<Long, String> addrs = brokers.get(brokerName);
        return addrs == null ? null : addrs.get(RouteQueues.MASTER_ID);
    }

    /** The master's address if there is one, else the lowest-id replica's; null for an unknown broker. */
    public String anyAddress(String brokerName) {
        Map<Long, String> addrs = brokers.get(brokerName);
        if (addrs == null || addrs.isEmpty()) {
            return null;
        }
        String master = addrs.get(RouteQueues.MASTER_ID);
        return master != null ? master : new TreeMap<>(addrs).firstEntry().getValue();
    }

    /** The address of {@code brokerId}, falling back to {@link #anyAddress}. */
    public String address(String brokerName, long brokerId) {
        Map<Long, String> addrs = brokers.get(brokerName);
        String addr = addrs == null ? null : addrs.get(brokerId);
        return addr != null ? addr : anyAddress(brokerName);
    }

    /** Every broker name with its addresses by id. */
    public Map<String, Map<Long, String>> brokers() {
        return Map.copyOf(brokers);
    }

    /** Forgets brokers no known route names any more (RocketMQ's cleanOfflineBroker). */
    public List<String> dropBrokersNotInRoutes() {
        Set<String> named = new HashSet<>();
        for (TopicRouteData r : routes.values()) {
            for (BrokerData b : r.brokerDatas()) {
                named.add(b.brokerName());
            }
        }
        Map<String, Map<Long, String>> gone = new HashMap<>(brokers);
        gone.keySet().removeAll(named);
        gone.keySet().forEach(brokers::remove);
        return List.copyOf(gone.keySet());
    }
}
