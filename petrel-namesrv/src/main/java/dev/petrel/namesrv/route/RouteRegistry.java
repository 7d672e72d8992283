package dev.petrel.namesrv.route;

import dev.petrel.common.time.Clock;
import dev.petrel.namesrv.NamesrvConfig;
import dev.petrel.protocol.body.DataVersion;
import dev.petrel.protocol.body.route.BrokerData;
import dev.petrel.protocol.body.route.BrokerMemberGroup;
import dev.petrel.protocol.body.route.ClusterInfo;
import dev.petrel.protocol.body.route.QueueData;
import dev.petrel.protocol.body.topic.TopicConfig;
import dev.petrel.protocol.body.topic.TopicList;
import dev.petrel.protocol.body.topic.TopicQueueMappingInfo;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Iterator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.IntPredicate;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The NameServer's route registry: which brokers exist (by cluster, name and id), which topics they host with how many
 * queues, and which of them are still alive. Pure logic: no sockets, no threads, time from the injected clock, and a
 * broker's connection is an opaque handle compared by identity.
 *
 * <p><b>Threading: one writer, lock-free readers.</b> The mutating methods ({@link #register}, {@link #unregister},
 * {@link #touch}, {@link #expireSilentBrokers}, {@link #connectionClosed}, {@link #registerTopic},
 * {@link #deleteTopic}, {@link #wipeWritePerm}, {@link #addWritePerm}) must be called by one thread at a time; in a
 * running NameServer that is the route writer thread {@code petrel-namesrv-writer} ({@code NamesrvWriterLoop}). They
 * change writer-private tables and then <em>publish</em> what changed: each affected topic's route as a new immutable
 * {@link TopicRoute} in a concurrent map, and the broker membership as a new immutable {@link BrokerMembership} in a
 * volatile field. The read methods take no lock: {@link #route} is one {@code ConcurrentHashMap.get}, and the route's
 * response bytes are encoded once and cached in it. Why not a read/write lock like RocketMQ: route lookups outnumber
 * changes by orders of magnitude (every client asks for every topic every 30 s; brokers change their topics rarely),
 * and under a read/write lock each lookup would still write the lock's shared state and wait behind any writer, and
 * would rebuild and re-encode the route every time. Publishing per topic keeps a change as cheap as the topics it
 * touches; a full copy-on-write snapshot would copy every topic on every change.
 *
 * <p>A reader sees each topic's route atomically (queues and broker addresses of the same moment); two different
 * reads may straddle a change, as they may in RocketMQ.
 *
 * <p>Semantics follow RocketMQ's {@code RouteInfoManager} (flows.md §1): registrations merge topics and never delete
 * missing ones (unless {@code deleteTopicWithBrokerRegistration}); a master's (or the lowest-id slave's, for brokers
 * that know acting masters) topics are re-read only when its DataVersion changed, on its first registration, or for
 * topics it has no queues for yet; an address moved to another broker id leaves its old id; silent brokers are dropped
 * by {@link #expireSilentBrokers} and closed connections by {@link #connectionClosed}, taking their queues along.
 */
public final class RouteRegistry {

    private static final Logger LOG = LoggerFactory.getLogger(RouteRegistry.class);

    /** TopicValidator.SYNC_BROKER_MEMBER_GROUP_PREFIX: routes of these topics are never rewritten for acting masters. */
    static final String SYNC_BROKER_MEMBER_GROUP_PREFIX = "rmq_sys_SYNC_BROKER_MEMBER_";
    private static final long MASTER_ID = 0L;
    /** TopicSysFlag bits. */
    private static final int FLAG_UNIT = 1;
    private static final int FLAG_UNIT_SUB = 2;

    private final NamesrvConfig config;
    private final Clock clock;

    // Writer-private tables (RocketMQ's names in comments).
    /** topicQueueTable: topic → broker name → queues. */
    private final Map<String, Map<String, QueueData>> topicQueues = new HashMap<>();
    /** brokerAddrTable: broker name → group. */
    private final Map<String, BrokerGroup> groups = new HashMap<>();
    /** clusterAddrTable: cluster → broker names. */
    private final Map<String, Set<String>> clusters = new HashMap<>();
    /** brokerLiveTable. */
    private final Map<BrokerKey, BrokerLiveness> live = new HashMap<>();
    /** filterServerTable. */
    private final Map<BrokerKey, List<String>> filterServers = new HashMap<>();
    /** topicQueueMappingInfoTable: topic → broker name → mapping (static topics). */
    private final Map<String, Map<String, TopicQueueMappingInfo>> mappings = new HashMap<>();

    private final Set<String> dirtyTopics = new HashSet<>();
    private final Set<String> dirtyBrokerNames = new HashSet<>();
    private boolean membershipDirty;

    // Published state, read by any thread.
    private final ConcurrentHashMap<String, TopicRoute> routes = new ConcurrentHashMap<>();
    private final ConcurrentHashMap<BrokerKey, DataVersion> dataVersions = new ConcurrentHashMap<>();
    private volatile BrokerMembership membership = BrokerMembership.EMPTY;

    public RouteRegistry(NamesrvConfig config, Clock clock) {
        this.config = Objects.requireNonNull(config, "config");
        this.clock = Objects.requireNonNull(clock, "clock");
    }

    // ---------------------------------------------------------------- writes (one thread at a time)

    /**
     * Applies a REGISTER_BROKER (flows.md §1 step 5).
     *
     * @param connection the connection it arrived on; {@link #connectionClosed} with the same handle drops the broker
     */
    public RegistrationResult register(BrokerRegistration r, Object connection) {
        BrokerGroup group = groups.get(r.brokerName());
        boolean knownId = group != null && group.addrs.containsKey(r.brokerId());
        if (!knownId && r.topics().size() == 1) {
            // An incremental registration from an id the registry does not know: wait for the full one.
            LOG.info("refused a one-topic registration of {} (id {}) before its full registration", r.key(), r.brokerId());
            return RegistrationResult.REFUSED;
        }
        if (clusters.computeIfAbsent(r.clusterName(), k -> new TreeSet<>()).add(r.brokerName())) {
            membershipDirty = true;
        }
        boolean first = false;
        if (group == null) {
            group = new BrokerGroup(r.clusterName(), r.brokerName());
            groups.put(r.brokerName(), group);
            first = true;
            brokerChanged(r.brokerName());
        }
        boolean actingMaster = Boolean.TRUE.equals(r.enableActingMaster());
        if (group.enableActingMaster != actingMaster || !Objects.equals(group.zoneName, r.zoneName())) {
            group.enableActingMaster = actingMaster;
            group.zoneName = r.zoneName();
            brokerChanged(r.brokerName());
        }
        // One address holds one id: a slave promoted to master leaves its slave id.
        if (group.addrs.entrySet().removeIf(e -> e.getValue().equals(r.brokerAddr()) && e.getKey() != r.brokerId())) {
            brokerChanged(r.brokerName());
        }
        String holder = group.addrs.get(r.brokerId());
        if (holder != null && !holder.equals(r.brokerAddr())) {
            BrokerLiveness current = live.get(new BrokerKey(r.clusterName(), holder));
            if (current != null && current.dataVersion.stateVersion() > r.dataVersion().stateVersion()) {
                LOG.warn("ignored registration of {} as {} id {}: {} holds that id with the newer state version {} > {}",
                    r.key(), r.brokerName(), r.brokerId(), holder, current.dataVersion.stateVersion(),
                    r.dataVersion().stateVersion());
                removeLiveness(r.key());
                publish();
                return RegistrationResult.IGNORED;
            }
        }
        String previous = group.addrs.put(r.brokerId(), r.brokerAddr());
        if (!r.brokerAddr().equals(previous)) {
            brokerChanged(r.brokerName());
        }
        first = first || previous == null;

        BrokerLiveness before = live.get(r.key());
        boolean versionChanged = before == null || !before.dataVersion.equals(r.dataVersion());
        boolean master = r.brokerId() == MASTER_ID;
        boolean primeSlave = r.enableActingMaster() != null && !master && r.brokerId() == group.minBrokerId();
        if (master || primeSlave) {
            applyTopics(r, group, first, versionChanged, primeSlave);
        }

        long timeout = r.heartbeatTimeoutMillis() != null ? r.heartbeatTimeoutMillis() : config.brokerChannelExpiredTimeMillis();
        live.put(r.key(), new BrokerLiveness(clock.millis(), timeout, r.dataVersion(), connection, r.haServerAddr()));
        dataVersions.put(r.key(), r.dataVersion());
        if (before == null) {
            LOG.info("broker registered: {} {} id {}, {} topics, HA {}", r.key(), r.brokerName(), r.brokerId(),
                r.topics().size(), r.haServerAddr());
        }
        if (r.filterServers() != null) {
            List<String> old = r.filterServers().isEmpty() ? filterServers.remove(r.key())
                : filterServers.put(r.key(), r.filterServers());
            if (!Objects.equals(old, r.filterServers().isEmpty() ? null : r.filterServers())) {
                brokerChanged(r.brokerName());
            }
        }
        RegistrationResult result = RegistrationResult.accepted(null, null);
        if (!master) {
            String masterAddr = group.addrs.get(MASTER_ID);
            BrokerLiveness masterLive = masterAddr == null ? null : live.get(new BrokerKey(r.clusterName(), masterAddr));
            if (masterLive != null) {
                result = RegistrationResult.accepted(masterLive.haServerAddr, masterAddr);
            }
        }
        publish();
        return result;
    }

    private void applyTopics(BrokerRegistration r, BrokerGroup group, boolean first, boolean versionChanged,
                             boolean primeSlave) {
        String brokerName = r.brokerName();
        if (config.deleteTopicWithBrokerRegistration() && r.mappings().isEmpty()) {
            removeTopicsOfBrokerExcept(brokerName, r.topics().keySet());
        }
        for (Map.Entry<String, TopicConfig> entry : r.topics().entrySet()) {
            TopicConfig topic = entry.getValue();
            String name = topic.topicName() != null ? topic.topicName() : entry.getKey();
            if (first || versionChanged || !hostsTopic(brokerName, name)) {
                int perm = topic.perm();
                if (primeSlave && group.enableActingMaster) {
                    perm &= ~Perm.WRITE; // an acting master serves reads only
                }
                putQueueData(name, new QueueData(brokerName, perm, topic.readQueueNums(), topic.topicSysFlag(),
                    topic.writeQueueNums()));
            }
        }
        if (first || versionChanged) {
            for (Map.Entry<String, TopicQueueMappingInfo> entry : r.mappings().entrySet()) {
                TopicQueueMappingInfo info = entry.getValue();
                String bname = info.bname() != null ? info.bname() : brokerName;
                mappings.computeIfAbsent(entry.getKey(), k -> new TreeMap<>()).put(bname, info);
                dirtyTopics.add(entry.getKey());
            }
        }
    }

    /**
     * Drops one broker address (UNREGISTER_BROKER); its group goes when it was the last address, and with the group
     * its queues. Returns what was removed, or null when the address was not registered.
     */
    public RemovedBroker unregister(BrokerKey key, String brokerName) {
        RemovedBroker removed = removeBroker(key, brokerName, "unregistered");
        publish();
        return removed;
    }

    /** Refreshes a broker's liveness (QUERY_DATA_VERSION, BROKER_HEARTBEAT); false when it is not registered. */
    public boolean touch(BrokerKey key) {
        BrokerLiveness l = live.get(key);
        if (l == null) {
            return false;
        }
        l.lastUpdateMillis = clock.millis();
        return true;
    }

    /**
     * Drops every broker whose last registration is older than its timeout (the periodic scan). The caller closes the
     * returned brokers' connections.
     */
    public List<RemovedBroker> expireSilentBrokers() {
        long now = clock.millis();
        List<RemovedBroker> removed = new ArrayList<>();
        for (Map.Entry<BrokerKey, BrokerLiveness> e : new ArrayList<>(live.entrySet())) {
            BrokerLiveness l = e.getValue();
            if (l.expired(now)) {
                removed.add(removeBroker(e.getKey(), groupOf(e.getKey()),
                    "silent for " + (now - l.lastUpdateMillis) + " ms (limit " + l.timeoutMillis + " ms)"));
            }
        }
        publish();
        return removed;
    }

    /** Drops every broker that last registered over {@code connection}, which has closed. */
    public List<RemovedBroker> connectionClosed(Object connection) {
        List<RemovedBroker> removed = new ArrayList<>();
        for (Map.Entry<BrokerKey, BrokerLiveness> e : new ArrayList<>(live.entrySet())) {
            if (e.getValue().connection == connection) {
                removed.add(removeBroker(e.getKey(), groupOf(e.getKey()), "connection closed"));
            }
        }
        publish();
        return removed;
    }

    /**
     * Adds or replaces a topic's queues on the given brokers (REGISTER_TOPIC_IN_NAMESRV). Nothing changes when one of
     * the brokers is unknown; its name is returned. Returns null on success.
     */
    public String registerTopic(String topic, Collection<QueueData> queues) {
        for (QueueData q : queues) {
            if (!groups.containsKey(q.brokerName())) {
                return String.valueOf(q.brokerName());
            }
        }
        for (QueueData q : queues) {
            putQueueData(topic, q);
        }
        publish();
        return null;
    }

    /** Removes a topic everywhere (DELETE_TOPIC_IN_NAMESRV without a cluster). Returns whether it existed. */
    public boolean deleteTopic(String topic) {
        boolean existed = topicQueues.remove(topic) != null;
        mappings.remove(topic);
        dirtyTopics.add(topic);
        publish();
        return existed;
    }

    /** Removes a topic's queues on the brokers of one cluster. Returns how many brokers' queues were removed. */
    public int deleteTopic(String topic, String clusterName) {
        Set<String> names = clusters.getOrDefault(clusterName, Set.of());
        Map<String, QueueData> queues = topicQueues.get(topic);
        int removed = 0;
        if (queues != null) {
            for (String name : names) {
                if (queues.remove(name) != null) {
                    removed++;
                }
            }
            if (queues.isEmpty()) {
                topicQueues.remove(topic);
                mappings.remove(topic);
            }
            dirtyTopics.add(topic);
        }
        publish();
        return removed;
    }

    /** Clears the write bit of every topic the broker hosts (WIPE_WRITE_PERM_OF_BROKER); returns the topic count. */
    public int wipeWritePerm(String brokerName) {
        return changePerm(brokerName, perm -> perm & ~Perm.WRITE);
    }

    /**
     * Makes every topic the broker hosts readable and writable (ADD_WRITE_PERM_OF_BROKER). Like RocketMQ this sets
     * perm to read+write exactly (inherit and priority bits go); returns the topic count.
     */
    public int addWritePerm(String brokerName) {
        return changePerm(brokerName, perm -> Perm.READ | Perm.WRITE);
    }

    // ---------------------------------------------------------------- reads (any thread, lock-free)

    /** The route of {@code topic}, or null when no live broker hosts it. */
    public TopicRoute route(String topic) {
        return routes.get(topic);
    }

    public BrokerMembership membership() {
        return membership;
    }

    public ClusterInfo clusterInfo() {
        return membership.clusterInfo();
    }

    /** The DataVersion a broker last registered with, or null when it is not registered. */
    public DataVersion dataVersion(BrokerKey key) {
        return dataVersions.get(key);
    }

    /** Every topic with a route, sorted. */
    public Set<String> topicNames() {
        return new TreeSet<>(routes.keySet());
    }

    public int topicCount() {
        return routes.size();
    }

    /** Topics hosted by at least one broker of {@code clusterName} (none for an unknown cluster). */
    public Set<String> topicsOfCluster(String clusterName) {
        Set<String> names = membership.clusters().getOrDefault(clusterName, Set.of());
        Set<String> topics = new TreeSet<>();
        if (names.isEmpty()) {
            return topics;
        }
        for (TopicRoute route : routes.values()) {
            for (QueueData q : route.data().queueDatas()) {
                if (names.contains(q.brokerName())) {
                    topics.add(route.topic());
                    break;
                }
            }
        }
        return topics;
    }

    /** GET_UNIT_TOPIC_LIST: topics flagged as unit topics. */
    public Set<String> unitTopics() {
        return topicsBySysFlag(flag -> (flag & FLAG_UNIT) != 0);
    }

    /** GET_HAS_UNIT_SUB_TOPIC_LIST: topics with unit subscriptions. */
    public Set<String> unitSubTopics() {
        return topicsBySysFlag(flag -> (flag & FLAG_UNIT_SUB) != 0);
    }

    /** GET_HAS_UNIT_SUB_UNUNIT_TOPIC_LIST: non-unit topics with unit subscriptions. */
    public Set<String> unitSubNonUnitTopics() {
        return topicsBySysFlag(flag -> (flag & FLAG_UNIT) == 0 && (flag & FLAG_UNIT_SUB) != 0);
    }

    /**
     * GET_SYSTEM_TOPIC_LIST_FROM_NS: every cluster name and broker name (each is a topic on its brokers), with the
     * address of one broker to ask about them.
     */
    public TopicList systemTopics() {
        BrokerMembership view = membership;
        Set<String> topics = new LinkedHashSet<>();
        view.clusters().forEach((cluster, names) -> {
            topics.add(cluster);
            topics.addAll(names);
        });
        String addr = view.brokers().values().stream().filter(b -> !b.brokerAddrs().isEmpty())
            .map(b -> b.brokerAddrs().values().iterator().next()).findFirst().orElse(null);
        return new TopicList(addr, topics);
    }

    /** GET_BROKER_MEMBER_GROUP: the addresses of one broker name (empty when unknown). */
    public BrokerMemberGroup memberGroup(String clusterName, String brokerName) {
        BrokerData data = membership.brokers().get(brokerName);
        return new BrokerMemberGroup(data == null ? Map.of() : data.brokerAddrs(), brokerName, clusterName);
    }

    // ---------------------------------------------------------------- writer internals

    private Set<String> topicsBySysFlag(IntPredicate accept) {
        Set<String> topics = new TreeSet<>();
        for (TopicRoute route : routes.values()) {
            List<QueueData> queues = route.data().queueDatas();
            if (!queues.isEmpty() && accept.test(queues.get(0).topicSysFlag())) {
                topics.add(route.topic());
            }
        }
        return topics;
    }

    private boolean hostsTopic(String brokerName, String topic) {
        Map<String, QueueData> queues = topicQueues.get(topic);
        return queues != null && queues.containsKey(brokerName);
    }

    private void putQueueData(String topic, QueueData queueData) {
        replaceQueueData(topicQueues.computeIfAbsent(topic, k -> new HashMap<>()), topic, queueData);
    }

    /**
     * Puts into one topic's queue map without touching the outer map: safe while iterating {@link #topicQueues}
     * (HashMap.computeIfAbsent may resize a map it inserted into earlier, even when the key exists, and an iteration
     * in progress would then visit entries twice).
     */
    private void replaceQueueData(Map<String, QueueData> queues, String topic, QueueData queueData) {
        QueueData old = queues.put(queueData.brokerName(), queueData);
        if (!queueData.equals(old)) {
            dirtyTopics.add(topic);
            LOG.debug("topic {} on {}: {} -> {}", topic, queueData.brokerName(), old, queueData);
        }
    }

    private void removeTopicsOfBrokerExcept(String brokerName, Set<String> keep) {
        for (Iterator<Map.Entry<String, Map<String, QueueData>>> it = topicQueues.entrySet().iterator(); it.hasNext(); ) {
            Map.Entry<String, Map<String, QueueData>> e = it.next();
            if (!keep.contains(e.getKey()) && e.getValue().remove(brokerName) != null) {
                dirtyTopics.add(e.getKey());
                LOG.info("topic {} removed from {}: missing from its registration", e.getKey(), brokerName);
                if (e.getValue().isEmpty()) {
                    it.remove();
                    mappings.remove(e.getKey());
                }
            }
        }
    }

    private int changePerm(String brokerName, java.util.function.IntUnaryOperator change) {
        int count = 0;
        for (Map.Entry<String, Map<String, QueueData>> e : topicQueues.entrySet()) {
            QueueData q = e.getValue().get(brokerName);
            if (q != null) {
                count++;
                replaceQueueData(e.getValue(), e.getKey(), new QueueData(q.brokerName(), change.applyAsInt(q.perm()),
                    q.readQueueNums(), q.topicSysFlag(), q.writeQueueNums()));
            }
        }
        publish();
        return count;
    }

    /** The broker name holding {@code key}'s address in its cluster, or null. */
    private String groupOf(BrokerKey key) {
        for (BrokerGroup g : groups.values()) {
            if (g.clusterName.equals(key.clusterName()) && g.addrs.containsValue(key.brokerAddr())) {
                return g.brokerName;
            }
        }
        return null;
    }

    private void removeLiveness(BrokerKey key) {
        if (live.remove(key) != null) {
            membershipDirty = true;
        }
        dataVersions.remove(key);
        if (filterServers.remove(key) != null) {
            membershipDirty = true;
        }
    }

    /** Removes one address: liveness, group membership, and the group's queues when it was the last address. */
    private RemovedBroker removeBroker(BrokerKey key, String brokerName, String reason) {
        BrokerLiveness l = live.get(key);
        removeLiveness(key);
        BrokerGroup group = brokerName == null ? null : groups.get(brokerName);
        boolean inGroup = group != null && group.addrs.values().removeIf(key.brokerAddr()::equals);
        if (inGroup) {
            brokerChanged(brokerName);
        }
        if (l == null && !inGroup) {
            return null;
        }
        if (group != null && group.addrs.isEmpty()) {
            groups.remove(brokerName);
            for (Iterator<Set<String>> it = clusters.values().iterator(); it.hasNext(); ) {
                Set<String> names = it.next();
                names.remove(brokerName);
                if (names.isEmpty()) {
                    it.remove();
                }
            }
            removeQueuesOf(brokerName);
        } else if (group != null && group.enableActingMaster && !group.hasMaster()) {
            wipeWritePermQuietly(brokerName); // the master left: nobody may write until it is back
        }
        LOG.info("broker removed ({}): {} {}", reason, key, brokerName == null ? "" : brokerName);
        return new RemovedBroker(key, brokerName, l == null ? null : l.connection, reason);
    }

    /** Clears write bits without publishing (the caller publishes). */
    private void wipeWritePermQuietly(String brokerName) {
        for (Map.Entry<String, Map<String, QueueData>> e : topicQueues.entrySet()) {
            QueueData q = e.getValue().get(brokerName);
            if (q != null && Perm.isWritable(q.perm())) {
                replaceQueueData(e.getValue(), e.getKey(), new QueueData(q.brokerName(), q.perm() & ~Perm.WRITE,
                    q.readQueueNums(), q.topicSysFlag(), q.writeQueueNums()));
            }
        }
    }

    private void removeQueuesOf(String brokerName) {
        for (Iterator<Map.Entry<String, Map<String, QueueData>>> it = topicQueues.entrySet().iterator(); it.hasNext(); ) {
            Map.Entry<String, Map<String, QueueData>> e = it.next();
            if (e.getValue().remove(brokerName) != null) {
                dirtyTopics.add(e.getKey());
                if (e.getValue().isEmpty()) {
                    it.remove();
                }
            }
        }
        for (Iterator<Map.Entry<String, Map<String, TopicQueueMappingInfo>>> it = mappings.entrySet().iterator();
             it.hasNext(); ) {
            Map.Entry<String, Map<String, TopicQueueMappingInfo>> e = it.next();
            if (e.getValue().remove(brokerName) != null) {
                dirtyTopics.add(e.getKey());
                if (e.getValue().isEmpty()) {
                    it.remove();
                }
            }
        }
    }

    private void brokerChanged(String brokerName) {
        dirtyBrokerNames.add(brokerName);
        membershipDirty = true;
    }

    /** Rebuilds the routes of the topics that changed (and of every topic on a changed broker) and the membership. */
    private void publish() {
        if (!dirtyBrokerNames.isEmpty()) {
            for (Map.Entry<String, Map<String, QueueData>> e : topicQueues.entrySet()) {
                for (String name : dirtyBrokerNames) {
                    if (e.getValue().containsKey(name)) {
                        dirtyTopics.add(e.getKey());
                        break;
                    }
                }
            }
            dirtyBrokerNames.clear();
        }
        for (String topic : dirtyTopics) {
            TopicRoute route = buildRoute(topic);
            if (route == null) {
                routes.remove(topic);
            } else {
                routes.put(topic, route);
            }
        }
        dirtyTopics.clear();
        if (membershipDirty) {
            membership = buildMembership();
            membershipDirty = false;
        }
    }

    private TopicRoute buildRoute(String topic) {
        return RouteAssembler.route(topic, topicQueues.get(topic), groups, filterServers, mappings.get(topic),
            config.supportActingMaster() && !topic.startsWith(SYNC_BROKER_MEMBER_GROUP_PREFIX));
    }

    private BrokerMembership buildMembership() {
        return RouteAssembler.membership(groups, clusters);
    }
}
