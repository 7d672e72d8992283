package dev.petrel.client.internal;

import dev.petrel.client.ClientException;
import dev.petrel.client.NoRouteException;
import dev.petrel.protocol.body.heartbeat.ConsumerData;
import dev.petrel.protocol.body.heartbeat.HeartbeatData;
import dev.petrel.protocol.body.heartbeat.ProducerData;
import dev.petrel.protocol.body.route.BrokerData;
import dev.petrel.protocol.body.route.TopicRouteData;
import dev.petrel.remoting.RemotingClient;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What the clients of one process share per NameServer cluster and instance name (RocketMQ's MQClientInstance): the
 * connections, the route table, the client id, the registered producer and consumer groups, and the periodic work.
 *
 * <p>Threads:
 * <ul>
 *   <li>{@code petrel-client-<id>-scheduler}: route refresh every {@code pollNameServerInterval} (first after 10 ms),
 *       heartbeats every {@code heartbeatBrokerInterval} (first after 1 s, and whenever a member joins), offset
 *       commits every {@code persistConsumerOffsetInterval} (first after 10 s);</li>
 *   <li>{@code petrel-client-<id>-rebalance}: rebalances every consumer every 20 s
 *       ({@code -Drocketmq.client.rebalance.waitInterval}) and at once when a broker reports a membership change;</li>
 *   <li>the remoting client's I/O and callback threads ({@code petrel-client-<id>-io-N}, {@code -callback-N}).</li>
 * </ul>
 * Routes are updated under {@link #routeLock} by the scheduler and by callers resolving a topic first.
 */
public final class ClientInstance {

    private static final Logger LOG = LoggerFactory.getLogger(ClientInstance.class);
    /** RocketMQ's internal producer group, always listed in heartbeats. */
    public static final String CLIENT_INNER_PRODUCER = "CLIENT_INNER_PRODUCER";

    private final ClientSettings settings;
    private final String clientId;
    private final RemotingClient remoting;
    private final Remote remote;
    private final NameServerCalls nameServers;
    private final BrokerCalls brokers;
    private final RouteTable routes = new RouteTable();
    private final Object routeLock = new Object();
    private final Object heartbeatLock = new Object();
    private final Map<String, ClientMember> producers = new ConcurrentHashMap<>();
    private final Map<String, ConsumerMember> consumers = new ConcurrentHashMap<>();
    private final Map<String, Integer> brokerVersions = new ConcurrentHashMap<>();
    private final Set<String> loggedErrors = ConcurrentHashMap.newKeySet();
    private final ScheduledExecutorService scheduler;
    private final RebalanceLoop rebalanceLoop;
    private final ReplyWaiters replies = new ReplyWaiters();

    ClientInstance(ClientSettings settings) {
        this.settings = settings;
        this.clientId = settings.clientId();
        this.remoting = new RemotingClient("client-" + clientId.replace(':', '_'), settings.remoting(), settings.clock());
        if (settings.credentials() != null) {
            dev.petrel.protocol.auth.SessionCredentials credentials = settings.credentials();
            remoting.setOutboundHook((address, request) ->
                dev.petrel.protocol.auth.RequestSignature.sign(request, credentials));
        }
        this.remote = new Remote(remoting, new NameServerSelector(settings.nameServers(), new Random().nextInt(1 << 16)));
        this.nameServers = new NameServerCalls(remote, settings.apiTimeoutMillis());
        this.brokers = new BrokerCalls(remote, settings.apiTimeoutMillis());
        this.scheduler = Executors.newSingleThreadScheduledExecutor(
            new ClientThreadFactory("petrel-client-" + clientId + "-scheduler", false));
        this.rebalanceLoop = new RebalanceLoop("petrel-client-" + clientId + "-rebalance", settings.rebalanceIntervalMillis(),
            settings.clock(), this::rebalanceAll);
        new BrokerRequestProcessors(consumers::get, this::rebalanceNow).producers(producers::get, replies)
            .registerWith(remoting);
    }

    void start() {
        remoting.start();
        scheduler.scheduleAtFixedRate(guard("route refresh", this::refreshAllRoutes), 10,
            settings.pollNameServerIntervalMillis(), TimeUnit.MILLISECONDS);
        scheduler.scheduleAtFixedRate(guard("heartbeat", () -> {
            cleanOfflineBrokers();
            sendHeartbeatToAllBrokers();
        }), 1_000, settings.heartbeatIntervalMillis(), TimeUnit.MILLISECONDS);
        scheduler.scheduleAtFixedRate(guard("offset commit", this::persistAllOffsets), 10_000,
            settings.persistOffsetIntervalMillis(), TimeUnit.MILLISECONDS);
        rebalanceLoop.start();
        LOG.info("client instance {} started with NameServers {}", clientId, settings.nameServers());
    }

    void shutdown() {
        scheduler.shutdown();
        try {
            if (!scheduler.awaitTermination(5, TimeUnit.SECONDS)) {
                scheduler.shutdownNow();
            }
            rebalanceLoop.stop();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        remoting.close();
        LOG.info("client instance {} closed", clientId);
    }

    public String clientId() {
        return clientId;
    }

    /** Requests of this client waiting for their replies. */
    public ReplyWaiters replies() {
        return replies;
    }

    public ClientSettings settings() {
        return settings;
    }

    public RouteTable routes() {
        return routes;
    }

    public BrokerCalls brokers() {
        return brokers;
    }

    public NameServerCalls nameServers() {
        return nameServers;
    }

    public Remote remote() {
        return remote;
    }

    public List<String> nameServerAddresses() {
        return settings.nameServers();
    }

    /** The broker's version learned from its heartbeat response, or -1 before the first heartbeat. */
    public int brokerVersion(String brokerName) {
        return brokerVersions.getOrDefault(brokerName, -1);
    }

    // ---- members

    public void registerProducer(ClientMember producer) {
        if (producers.putIfAbsent(producer.group(), producer) != null) {
            throw new IllegalStateException("producer group " + producer.group() + " is already running in client "
                + clientId + "; close it first or give this producer another instanceName");
        }
    }

    public void registerConsumer(ConsumerMember consumer) {
        if (consumers.putIfAbsent(consumer.group(), consumer) != null) {
            throw new IllegalStateException("consumer group " + consumer.group() + " is already running in client "
                + clientId + "; close it first or give this consumer another instanceName");
        }
    }

    /** Removes the producer and tells every broker (UNREGISTER_CLIENT, one per broker address). */
    public void unregisterProducer(String group) {
        if (producers.remove(group) != null) {
            unregisterFromBrokers(group, null);
        }
    }

    public void unregisterConsumer(String group) {
        if (consumers.remove(group) != null) {
            unregisterFromBrokers(null, group);
        }
    }

    private void unregisterFromBrokers(String producerGroup, String consumerGroup) {
        for (Map<Long, String> addrs : routes.brokers().values()) {
            for (String addr : addrs.values()) {
                try {
                    brokers.unregister(addr, clientId, producerGroup, consumerGroup);
                } catch (ClientException e) {
                    LOG.warn("unregistering {} from {} failed: {}", producerGroup != null ? producerGroup : consumerGroup,
                        addr, e.getMessage());
                }
            }
        }
    }

    public boolean hasMembers() {
        return !producers.isEmpty() || !consumers.isEmpty();
    }

    // ---- routes

    /**
     * The topic's route, fetched from the NameServers when not known yet; null when the topic does not exist.
     */
    public TopicRouteData route(String topic) {
        TopicRouteData route = routes.route(topic);
        return route != null ? route : refreshRoute(topic);
    }

    /** The topic's route or a {@link NoRouteException}. */
    public TopicRouteData requireRoute(String topic) {
        TopicRouteData route = route(topic);
        if (route == null || route.queueDatas().isEmpty()) {
            throw NoRouteException.noRoute(topic, settings.nameServers());
        }
        return route;
    }

    /**
     * Fetches the topic's route now and, if it changed, tells every member using the topic.
     *
     * @return the fresh route, or null when the topic does not exist
     */
    public TopicRouteData refreshRoute(String topic) {
        synchronized (routeLock) {
            TopicRouteData route = nameServers.route(topic);
            if (route == null) {
                return null;
            }
            if (routes.update(topic, route)) {
                LOG.info("route of topic {} changed: {}", topic, route);
                for (ClientMember m : members()) {
                    if (m.topics().contains(topic)) {
                        m.routeChanged(topic, route);
                    }
                }
            }
            return route;
        }
    }

    private void refreshAllRoutes() {
        Set<String> topics = new LinkedHashSet<>();
        for (ClientMember m : members()) {
            topics.addAll(m.topics());
        }
        for (String topic : topics) {
            try {
                refreshRoute(topic);
            } catch (ClientException e) {
                logOnce("route refresh of " + topic, e);
            }
        }
    }

    private List<ClientMember> members() {
        List<ClientMember> all = new ArrayList<>(producers.values());
        all.addAll(consumers.values());
        return all;
    }

    private void cleanOfflineBrokers() {
        synchronized (routeLock) {
            for (String gone : routes.dropBrokersNotInRoutes()) {
                brokerVersions.remove(gone);
                LOG.info("broker {} is in no route any more; forgotten", gone);
            }
        }
    }

    // ---- heartbeats

    /**
     * HEART_BEAT to every known broker (masters only when the instance has no consumer), with all producer and
     * consumer groups. Also called whenever a member starts, so brokers know it before it sends or pulls.
     */
    public void sendHeartbeatToAllBrokers() {
        if (!hasMembers()) {
            return;
        }
        synchronized (heartbeatLock) {
            HeartbeatData data = heartbeatData();
            boolean hasConsumer = !data.consumerDataSet().isEmpty();
            for (Map.Entry<String, Map<Long, String>> broker : routes.brokers().entrySet()) {
                for (Map.Entry<Long, String> addr : broker.getValue().entrySet()) {
                    if (!hasConsumer && addr.getKey() != RouteQueues.MASTER_ID) {
                        continue;
                    }
                    try {
                        brokerVersions.put(broker.getKey(), brokers.heartbeat(addr.getValue(), data));
                        loggedErrors.remove("heartbeat to " + addr.getValue());
                    } catch (ClientException e) {
                        logOnce("heartbeat to " + addr.getValue(), e);
                    }
                }
            }
        }
    }

    HeartbeatData heartbeatData() {
        Set<ProducerData> producerData = new LinkedHashSet<>();
        for (String group : producers.keySet()) {
            producerData.add(new ProducerData(group));
        }
        producerData.add(new ProducerData(CLIENT_INNER_PRODUCER));
        Set<ConsumerData> consumerData = new LinkedHashSet<>();
        for (ConsumerMember c : consumers.values()) {
            consumerData.add(c.consumerData());
        }
        return new HeartbeatData(clientId, consumerData, 0, producerData, false);
    }

    /** The address of a broker of the topic to ask about the group (a random broker, its master when present). */
    public String anyBrokerOf(String topic) {
        TopicRouteData route = routes.route(topic);
        if (route == null || route.brokerDatas().isEmpty()) {
            return null;
        }
        List<BrokerData> datas = route.brokerDatas();
        BrokerData b = datas.get(java.util.concurrent.ThreadLocalRandom.current().nextInt(datas.size()));
        return routes.anyAddress(b.brokerName());
    }

    // ---- consumers

    /** Wakes the rebalance thread (NOTIFY_CONSUMER_IDS_CHANGED, a consumer starting). */
    public void rebalanceNow() {
        rebalanceLoop.requestNow();
    }

    /** Rebalances again after {@code millis} (an orderly consumer could not lock a queue it was given yet). */
    public void rebalanceLater(long millis) {
        try {
            scheduler.schedule(this::rebalanceNow, millis, TimeUnit.MILLISECONDS);
        } catch (java.util.concurrent.RejectedExecutionException closing) {
            // the instance is shutting down
        }
    }

    private void rebalanceAll() {
        for (ConsumerMember c : consumers.values()) {
            try {
                c.rebalance();
            } catch (RuntimeException e) {
                logOnce("rebalance of " + c.group(), e);
            }
        }
    }

    private void persistAllOffsets() {
        for (ConsumerMember c : consumers.values()) {
            try {
                c.persistOffsets();
            } catch (RuntimeException e) {
                logOnce("offset commit of " + c.group(), e);
            }
        }
    }

    /** Logs each distinct failure once until it stops happening. */
    public void logOnce(String what, Exception e) {
        if (loggedErrors.add(what + ": " + e.getMessage())) {
            LOG.warn("{} failed: {}", what, e.getMessage());
        }
    }

    private Runnable guard(String what, Runnable task) {
        return () -> {
            try {
                task.run();
            } catch (RuntimeException e) {
                logOnce(what, e);
            }
        };
    }

    /** Distinct brokers named by the topic's route. */
    public Set<String> brokerNames(String topic) {
        TopicRouteData route = routes.route(topic);
        Set<String> names = new HashSet<>();
        if (route != null) {
            route.brokerDatas().forEach(b -> names.add(b.brokerName()));
        }
        return names;
    }

    @Override
    public String toString() {
        return "ClientInstance[" + clientId + ", " + settings.nameServers() + "]";
    }
}
