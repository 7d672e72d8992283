package dev.petrel.client.admin;

import dev.petrel.client.ClientBuilder;
import dev.petrel.client.ClientException;
import dev.petrel.client.NoRouteException;
import dev.petrel.client.ReceivedMessage;
import dev.petrel.client.internal.ClientInstance;
import dev.petrel.client.internal.ClientInstances;
import dev.petrel.client.internal.ClientSettings;
import dev.petrel.client.internal.Remote;
import dev.petrel.client.internal.Requests;
import dev.petrel.client.internal.RouteQueues;
import dev.petrel.common.config.Config;
import dev.petrel.message.DecodedMessage;
import dev.petrel.message.MessageFormatException;
import dev.petrel.message.MessageRecordDecoder;
import dev.petrel.message.OffsetMessageId;
import dev.petrel.protocol.body.KVTable;
import dev.petrel.protocol.body.MessageQueue;
import dev.petrel.protocol.body.PropertiesBodyCodec;
import dev.petrel.protocol.body.client.ConsumerConnection;
import dev.petrel.protocol.body.client.ConsumerRunningInfo;
import dev.petrel.protocol.body.client.GroupList;
import dev.petrel.protocol.body.client.ResetOffsetBody;
import dev.petrel.protocol.body.route.BrokerData;
import dev.petrel.protocol.body.route.ClusterInfo;
import dev.petrel.protocol.body.route.TopicRouteData;
import dev.petrel.protocol.body.stats.ConsumeStats;
import dev.petrel.protocol.body.stats.OffsetWrapper;
import dev.petrel.protocol.body.stats.TopicOffset;
import dev.petrel.protocol.body.stats.TopicStatsTable;
import dev.petrel.protocol.body.subscription.SubscriptionGroupConfig;
import dev.petrel.protocol.body.topic.TopicConfig;
import dev.petrel.protocol.code.RequestCode;
import dev.petrel.protocol.code.ResponseCode;
import dev.petrel.protocol.frame.RemotingCommand;
import dev.petrel.protocol.header.RpcFields;
import dev.petrel.protocol.header.admin.CreateTopicRequestHeader;
import dev.petrel.protocol.header.admin.DeleteSubscriptionGroupRequestHeader;
import dev.petrel.protocol.header.admin.DeleteTopicRequestHeader;
import dev.petrel.protocol.header.admin.GetConsumeStatsRequestHeader;
import dev.petrel.protocol.header.admin.GetConsumerConnectionListRequestHeader;
import dev.petrel.protocol.header.admin.GetConsumerRunningInfoRequestHeader;
import dev.petrel.protocol.header.admin.GetTopicStatsInfoRequestHeader;
import dev.petrel.protocol.header.admin.QueryTopicConsumeByWhoRequestHeader;
import dev.petrel.protocol.header.admin.ResetOffsetRequestHeader;
import dev.petrel.protocol.header.client.QueryMessageRequestHeader;
import dev.petrel.protocol.header.client.ViewMessageRequestHeader;
import dev.petrel.protocol.header.namesrv.DeleteTopicFromNamesrvRequestHeader;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * Administers a cluster: topics, consumer groups, offsets, statistics, routes, cluster layout and message queries —
 * what the {@code mqadmin} commands and a dashboard need. Calls go to the NameServers and to brokers (masters, unless
 * a replica is the only choice). Thread-safe.
 *
 * <pre>{@code
 * try (PetrelAdmin admin = PetrelAdmin.builder().namesrvAddr("127.0.0.1:9876").build()) {
 *     admin.createTopic("DefaultCluster", TopicConfig.of("Orders", 8, 8, 6));
 *     ConsumeStats lag = admin.consumeStats("billing", "Orders");
 * }
 * }</pre>
 */
public final class PetrelAdmin implements AutoCloseable {

    private final ClientInstance instance;
    private final Remote remote;
    private final long timeout;
    private volatile boolean closed;

    private PetrelAdmin(Builder b) {
        Config config = b.configValue();
        this.timeout = config.get(AdminConfig.ADMIN_TIMEOUT_MILLIS);
        this.instance = ClientInstances.acquire(ClientSettings.from(config, b.clockValue()));
        this.remote = instance.remote();
    }

    public static Builder builder() {
        return new Builder();
    }

    // ---- cluster and routes

    /** Brokers by name and broker names by cluster, as the NameServer knows them. */
    public ClusterInfo clusterInfo() {
        return instance.nameServers().clusterInfo();
    }

    /** The master addresses of a cluster's brokers. */
    public List<String> masterAddresses(String cluster) {
        ClusterInfo info = clusterInfo();
        Set<String> names = info.clusterAddrTable().get(cluster);
        if (names == null) {
            throw new ClientException("cluster " + cluster + " is unknown to NameServers " + instance.nameServerAddresses()
                + "; known clusters: " + info.clusterAddrTable().keySet());
        }
        List<String> out = new ArrayList<>();
        for (String name : new TreeSet<>(names)) {
            BrokerData b = info.brokerAddrTable().get(name);
            String master = b == null ? null : b.brokerAddrs().get(RouteQueues.MASTER_ID);
            if (master != null) {
                out.add(master);
            }
        }
        return out;
    }

    /** The topic's route, fresh from the NameServer. */
    public TopicRouteData topicRoute(String topic) {
        TopicRouteData route = instance.nameServers().route(topic);
        if (route == null) {
            throw NoRouteException.noRoute(topic, instance.nameServerAddresses());
        }
        return route;
    }

    /** Every topic the NameServer knows. */
    public Set<String> topicList() {
        return instance.nameServers().allTopics().topicList();
    }

    // ---- topics

    /** Creates or updates the topic on every master of {@code cluster}. */
    public void createTopic(String cluster, TopicConfig config) {
        for (String master : masterAddresses(cluster)) {
            createTopicOnBroker(master, config);
        }
    }

    /** Creates or updates the topic on one broker. */
    public void createTopicOnBroker(String brokerAddress, TopicConfig config) {
        CreateTopicRequestHeader header = new CreateTopicRequestHeader(config.topicName(), "TBW102",
            config.readQueueNums(), config.writeQueueNums(), config.perm(), config.topicFilterType().name(),
            config.topicSysFlag(), config.order(), "", false, RpcFields.NONE);
        call(brokerAddress, Requests.of(RequestCode.UPDATE_AND_CREATE_TOPIC, header, null), "create topic " + config.topicName());
    }

    /** Deletes the topic from every master of {@code cluster} and from the NameServers. */
    public void deleteTopic(String cluster, String topic) {
        for (String master : masterAddresses(cluster)) {
            call(master, Requests.of(RequestCode.DELETE_TOPIC_IN_BROKER, new DeleteTopicRequestHeader(topic, RpcFields.NONE),
                null), "delete topic " + topic);
        }
        for (String namesrv : instance.nameServerAddresses()) {
            call(namesrv, Requests.of(RequestCode.DELETE_TOPIC_IN_NAMESRV, new DeleteTopicFromNamesrvRequestHeader(topic,
                cluster, RpcFields.NONE), null), "delete topic " + topic + " from the NameServer");
        }
        instance.routes().remove(topic);
    }

    /** Per queue: min and max offset and last update, from every broker of the topic. */
    public TopicStatsTable topicStats(String topic) {
        Map<MessageQueue, TopicOffset> all = new TreeMap<>();
        for (String broker : brokersOf(topic)) {
            RemotingCommand r = call(broker, Requests.of(RequestCode.GET_TOPIC_STATS_INFO,
                new GetTopicStatsInfoRequestHeader(topic, RpcFields.NONE), null), "stats of topic " + topic);
            all.putAll(TopicStatsTable.CODEC.decode(r.body()).offsetTable());
        }
        return new TopicStatsTable(all);
    }

    // ---- groups

    /** Creates or updates the consumer group on every master of {@code cluster}. */
    public void createGroup(String cluster, SubscriptionGroupConfig config) {
        for (String master : masterAddresses(cluster)) {
            call(master, Requests.bare(RequestCode.UPDATE_AND_CREATE_SUBSCRIPTIONGROUP,
                SubscriptionGroupConfig.CODEC.encode(config)), "create group " + config.groupName());
        }
    }

    public void deleteGroup(String cluster, String group, boolean cleanOffsets) {
        for (String master : masterAddresses(cluster)) {
            call(master, Requests.of(RequestCode.DELETE_SUBSCRIPTIONGROUP,
                new DeleteSubscriptionGroupRequestHeader(group, cleanOffsets, RpcFields.NONE), null), "delete group " + group);
        }
    }

    /**
     * The group's progress per queue of {@code topic} (broker offset, consumer offset, last store time), merged over
     * the topic's brokers; the lag is {@code brokerOffset - consumerOffset}.
     */
    public ConsumeStats consumeStats(String group, String topic) {
        Map<MessageQueue, OffsetWrapper> all = new TreeMap<>();
        double tps = 0;
        for (String broker : brokersOf(topic)) {
            RemotingCommand r = call(broker, Requests.of(RequestCode.GET_CONSUME_STATS,
                new GetConsumeStatsRequestHeader(group, topic, RpcFields.NONE), null), "consume stats of " + group);
            ConsumeStats s = ConsumeStats.CODEC.decode(r.body());
            all.putAll(s.offsetTable());
            tps += s.consumeTps();
        }
        return new ConsumeStats(tps, all);
    }

    /** The group's live members and subscriptions, from a broker of the group's retry topic. */
    public ConsumerConnection consumerConnection(String group) {
        return firstAnswer(retryTopic(group), broker -> ConsumerConnection.CODEC.decode(call(broker,
            Requests.of(RequestCode.GET_CONSUMER_CONNECTION_LIST, new GetConsumerConnectionListRequestHeader(group,
                RpcFields.NONE), null), "connections of group " + group).body()));
    }

    /** One member's running state (queues, cached messages, offsets, settings), relayed by a broker. */
    public ConsumerRunningInfo consumerRunningInfo(String group, String clientId, boolean jstack) {
        return firstAnswer(retryTopic(group), broker -> ConsumerRunningInfo.CODEC.decode(call(broker,
            Requests.of(RequestCode.GET_CONSUMER_RUNNING_INFO, new GetConsumerRunningInfoRequestHeader(group, clientId,
                jstack, RpcFields.NONE), null), "running info of " + clientId).body()));
    }

    /** The groups that consume {@code topic}. */
    public Set<String> consumingGroups(String topic) {
        Set<String> groups = new TreeSet<>();
        for (String broker : brokersOf(topic)) {
            RemotingCommand r = call(broker, Requests.of(RequestCode.QUERY_TOPIC_CONSUME_BY_WHO,
                new QueryTopicConsumeByWhoRequestHeader(topic, RpcFields.NONE), null), "groups of topic " + topic);
            groups.addAll(GroupList.CODEC.decode(r.body()).groupList());
        }
        return groups;
    }

    // ---- offsets

    /**
     * Moves the group's offsets of {@code topic} to the first message stored at or after {@code timestamp} (-1 = the
     * end), on every broker of the topic; online members follow at once. Returns the new offsets.
     */
    public Map<MessageQueue, Long> resetOffsetByTimestamp(String topic, String group, long timestamp, boolean force) {
        Map<MessageQueue, Long> all = new TreeMap<>();
        for (String broker : brokersOf(topic)) {
            RemotingCommand r = call(broker, Requests.of(RequestCode.INVOKE_BROKER_TO_RESET_OFFSET,
                new ResetOffsetRequestHeader(topic, group, -1, null, timestamp, force, RpcFields.NONE), null),
                "offset reset of " + group);
            if (r.body() != null) {
                all.putAll(ResetOffsetBody.CODEC.decode(r.body()).offsetTable());
            }
        }
        return all;
    }

    /** Stores {@code offset} as the group's offset of {@code queue} (on the queue's broker). */
    public void updateConsumerOffset(String group, MessageQueue queue, long offset) {
        instance.brokers().updateOffsetSync(address(queue), queue, group, offset);
    }

    /** The group's committed offset of {@code queue}; -1 when none. */
    public long consumerOffset(String group, MessageQueue queue) {
        return instance.brokers().queryOffset(address(queue), queue, group);
    }

    public long minOffset(MessageQueue queue) {
        return instance.brokers().minOffset(address(queue), queue);
    }

    public long maxOffset(MessageQueue queue) {
        return instance.brokers().maxOffset(address(queue), queue);
    }

    public long searchOffset(MessageQueue queue, long timestamp) {
        return instance.brokers().searchOffset(address(queue), queue, timestamp);
    }

    // ---- brokers

    /** The broker's runtime statistics (GET_BROKER_RUNTIME_INFO). */
    public Map<String, String> brokerRuntimeInfo(String brokerAddress) {
        return KVTable.CODEC.decode(call(brokerAddress, Requests.bare(RequestCode.GET_BROKER_RUNTIME_INFO, null),
            "runtime info").body()).table();
    }

    public Map<String, String> brokerConfig(String brokerAddress) {
        return PropertiesBodyCodec.decode(call(brokerAddress, Requests.bare(RequestCode.GET_BROKER_CONFIG, null),
            "broker config").body());
    }

    /** Changes broker properties at runtime (only those the broker declares dynamic). */
    public void updateBrokerConfig(String brokerAddress, Map<String, String> properties) {
        call(brokerAddress, Requests.bare(RequestCode.UPDATE_BROKER_CONFIG, PropertiesBodyCodec.encode(properties)),
            "broker config update");
    }

    // ---- messages

    /**
     * Messages of {@code topic} with business key {@code key} stored between {@code begin} and {@code end} (epoch
     * ms), from every broker of the topic, re-checked against the key (the index may return hash collisions).
     */
    public List<ReceivedMessage> queryMessageByKey(String topic, String key, int maxNum, long begin, long end) {
        List<ReceivedMessage> out = new ArrayList<>();
        for (ReceivedMessage m : query(topic, key, maxNum, begin, end, false)) {
            if (m.topic().equals(topic) && m.keys().contains(key)) {
                out.add(m);
            }
        }
        return out;
    }

    /**
     * The message with id {@code msgId}: the broker's offset id (decoded to the storing broker and offset) or the
     * producer's UNIQ_KEY (looked up in the index over the last 3 days), as {@code mqadmin queryMsgById} does.
     */
    public ReceivedMessage viewMessage(String topic, String msgId) {
        try {
            OffsetMessageId id = OffsetMessageId.decode(msgId);
            String address = id.storeHost().toString();
            RemotingCommand r = call(address, Requests.of(RequestCode.VIEW_MESSAGE_BY_ID,
                new ViewMessageRequestHeader(topic, id.physicalOffset()), null), "view message " + msgId);
            List<ReceivedMessage> found = decode(r.body(), brokerNameOf(topic, address));
            if (!found.isEmpty()) {
                return found.get(0);
            }
        } catch (MessageFormatException | IllegalArgumentException | ClientException e) {
            // not an offset id (a UNIQ_KEY has the same length but decodes to no valid address), or its broker did
            // not answer: look it up as a UNIQ_KEY
        }
        long now = instance.settings().clock().millis();
        for (ReceivedMessage m : query(topic, msgId, 32, now - 3L * 24 * 3600 * 1000, Long.MAX_VALUE, true)) {
            if (m.msgId().equals(msgId)) {
                return m;
            }
        }
        throw new ClientException("message " + msgId + " of topic " + topic + " was not found: check the id and topic, "
            + "and that the broker's index (messageIndexEnable) is on");
    }

    private List<ReceivedMessage> query(String topic, String key, int maxNum, long begin, long end, boolean unique) {
        List<ReceivedMessage> out = new ArrayList<>();
        TopicRouteData route = topicRoute(topic);
        for (BrokerData b : route.brokerDatas()) {
            String address = b.brokerAddrs().getOrDefault(RouteQueues.MASTER_ID, b.brokerAddrs().values().iterator().next());
            RemotingCommand r = remote.call(address, Requests.of(RequestCode.QUERY_MESSAGE,
                new QueryMessageRequestHeader(topic, key, maxNum, begin, end, unique, RpcFields.NONE), null),
                timeout * 3, "query of " + key);
            if (r.code() == ResponseCode.QUERY_NOT_FOUND) {
                continue;
            }
            Remote.expect(r, ResponseCode.SUCCESS, address, "query of " + key);
            out.addAll(decode(r.body(), b.brokerName()));
        }
        return out;
    }

    private static List<ReceivedMessage> decode(byte[] body, String brokerName) {
        List<ReceivedMessage> out = new ArrayList<>();
        if (body == null) {
            return out;
        }
        for (DecodedMessage m : new MessageRecordDecoder().decodeAll(ByteBuffer.wrap(body))) {
            out.add(ReceivedMessage.of(m, m.topic(), brokerName, m.queueOffset(), new LinkedHashMap<>(m.properties())));
        }
        return out;
    }

    private String brokerNameOf(String topic, String address) {
        try {
            for (BrokerData b : topicRoute(topic).brokerDatas()) {
                if (b.brokerAddrs().containsValue(address)) {
                    return b.brokerName();
                }
            }
        } catch (NoRouteException e) {
            // fall through
        }
        return address;
    }

    // ---- raw calls (for tools that need a request this class has no method for, and the answer's code)

    /**
     * Sends {@code request} to the server at {@code address} and returns its answer whatever the response code; a
     * missing answer (connect failure, timeout) is a {@link dev.petrel.client.NetworkException}.
     */
    public RemotingCommand invoke(String address, RemotingCommand request, String what) {
        return remote.call(address, request, timeout, what);
    }

    /** Like {@link #invoke}, to the NameServers (the current one first, failing over to the next). */
    public RemotingCommand invokeNameServer(RemotingCommand request, String what) {
        return remote.callNameServer(request, timeout, what);
    }

    /** The NameServer addresses this admin client uses. */
    public List<String> nameServerAddresses() {
        return instance.nameServerAddresses();
    }

    // ---- helpers

    private List<String> brokersOf(String topic) {
        List<String> out = new ArrayList<>();
        for (BrokerData b : topicRoute(topic).brokerDatas()) {
            String master = b.brokerAddrs().get(RouteQueues.MASTER_ID);
            out.add(master != null ? master : b.brokerAddrs().values().iterator().next());
        }
        return out;
    }

    private static String retryTopic(String group) {
        return "%RETRY%" + group;
    }

    private <T> T firstAnswer(String topic, java.util.function.Function<String, T> call) {
        ClientException last = null;
        for (String broker : brokersOf(topic)) {
            try {
                return call.apply(broker);
            } catch (ClientException e) {
                last = e;
            }
        }
        throw last != null ? last : NoRouteException.noRoute(topic, instance.nameServerAddresses());
    }

    private String address(MessageQueue queue) {
        instance.route(queue.topic());
        String address = instance.routes().anyAddress(queue.brokerName());
        if (address == null) {
            throw new ClientException("broker " + queue.brokerName() + " is in no route of " + queue.topic());
        }
        return address;
    }

    private RemotingCommand call(String address, RemotingCommand request, String what) {
        RemotingCommand r = remote.call(address, request, timeout, what);
        return Remote.expect(r, ResponseCode.SUCCESS, address, what);
    }

    @Override
    public void close() {
        if (!closed) {
            closed = true;
            ClientInstances.release(instance);
        }
    }

    /** Builds a {@link PetrelAdmin}. */
    public static final class Builder extends ClientBuilder<Builder> {

        private Builder() {
            super("admin", AdminConfig.DEFINITION);
        }

        public Builder timeout(java.time.Duration value) {
            return set(AdminConfig.ADMIN_TIMEOUT_MILLIS, value.toMillis());
        }

        dev.petrel.common.time.Clock clockValue() {
            return clock();
        }

        Config configValue() {
            return config();
        }

        public PetrelAdmin build() {
            return new PetrelAdmin(this);
        }
    }
}
