package dev.petrel.admin;

import dev.petrel.client.BrokerException;
import dev.petrel.client.ClientConfig;
import dev.petrel.client.ClientException;
import dev.petrel.client.NoRouteException;
import dev.petrel.client.ReceivedMessage;
import dev.petrel.client.admin.PetrelAdmin;
import dev.petrel.client.internal.Requests;
import dev.petrel.protocol.auth.SessionCredentials;
import dev.petrel.protocol.body.MessageQueue;
import dev.petrel.protocol.body.client.ConsumerConnection;
import dev.petrel.protocol.body.client.ProducerConnection;
import dev.petrel.protocol.body.client.ResetOffsetBody;
import dev.petrel.protocol.body.route.BrokerData;
import dev.petrel.protocol.body.route.ClusterInfo;
import dev.petrel.protocol.body.route.TopicRouteData;
import dev.petrel.protocol.body.stats.BrokerStatsData;
import dev.petrel.protocol.body.stats.ConsumeStats;
import dev.petrel.protocol.body.stats.HaRuntimeInfo;
import dev.petrel.protocol.body.stats.OffsetWrapper;
import dev.petrel.protocol.body.subscription.SubscriptionGroupConfig;
import dev.petrel.protocol.body.subscription.SubscriptionGroupWrapper;
import dev.petrel.protocol.body.topic.TopicConfig;
import dev.petrel.protocol.body.topic.TopicConfigAndMappingSerializeWrapper;
import dev.petrel.protocol.code.RequestCode;
import dev.petrel.protocol.code.ResponseCode;
import dev.petrel.protocol.frame.RemotingCommand;
import dev.petrel.protocol.header.RpcFields;
import dev.petrel.protocol.header.admin.CreateTopicRequestHeader;
import dev.petrel.protocol.header.admin.DeleteSubscriptionGroupRequestHeader;
import dev.petrel.protocol.header.admin.GetConsumeStatsRequestHeader;
import dev.petrel.protocol.header.admin.GetConsumerConnectionListRequestHeader;
import dev.petrel.protocol.header.admin.GetProducerConnectionListRequestHeader;
import dev.petrel.protocol.header.admin.ResetOffsetRequestHeader;
import dev.petrel.protocol.header.admin.ViewBrokerStatsDataRequestHeader;
import dev.petrel.protocol.header.namesrv.PutKVConfigRequestHeader;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * The admin calls behind {@code petrel admin}: {@link PetrelAdmin} (petrel-client's admin client, which already knows
 * routes, clusters, topics, groups, offsets and message queries) plus the few requests it has no method for, sent
 * through its {@link PetrelAdmin#invoke raw call}. Every error code a server answers becomes a {@link BrokerException}
 * carrying that code and remark; a server that does not answer is a {@link dev.petrel.client.NetworkException}.
 * Thread-safe as {@link PetrelAdmin} is; one instance per command run.
 */
public final class AdminClient implements AutoCloseable {

    /** The one broker (id 0) of a broker group, or a replica. */
    public record BrokerAddress(String cluster, String brokerName, long brokerId, String address) {
    }

    private final PetrelAdmin admin;
    private final String namesrvAddr;

    public AdminClient(String namesrvAddr, Duration timeout) {
        this(namesrvAddr, timeout, null);
    }

    /**
     * @param credentials signs every request (NameServer and broker alike) as RocketMQ's AclClientRPCHook does, for
     *                    clusters with ACL on; null sends them unsigned
     */
    public AdminClient(String namesrvAddr, Duration timeout, SessionCredentials credentials) {
        this.namesrvAddr = namesrvAddr;
        PetrelAdmin.Builder b = PetrelAdmin.builder().namesrvAddr(namesrvAddr).timeout(timeout)
            .set(ClientConfig.MQ_CLIENT_API_TIMEOUT, (int) Math.min(Integer.MAX_VALUE, timeout.toMillis()));
        if (credentials != null) {
            b.credentials(credentials.accessKey(), credentials.secretKey());
        }
        this.admin = b.build();
    }

    /** petrel-client's admin client, for the calls it has. */
    public PetrelAdmin admin() {
        return admin;
    }

    public String namesrvAddr() {
        return namesrvAddr;
    }

    // ---- cluster layout

    public ClusterInfo clusterInfo() {
        return admin.clusterInfo();
    }

    /**
     * Every broker address of {@code cluster} (every cluster when null): brokers in name order, addresses in broker
     * id order, as mqadmin's clusterList walks them.
     */
    public List<BrokerAddress> brokers(String cluster) {
        ClusterInfo info = clusterInfo();
        if (cluster != null && !info.clusterAddrTable().containsKey(cluster)) {
            throw unknownCluster(cluster, info);
        }
        List<BrokerAddress> out = new ArrayList<>();
        for (Map.Entry<String, Set<String>> c : new TreeMap<>(info.clusterAddrTable()).entrySet()) {
            if (cluster != null && !cluster.equals(c.getKey())) {
                continue;
            }
            for (String name : new TreeSet<>(c.getValue())) {
                BrokerData b = info.brokerAddrTable().get(name);
                if (b == null) {
                    continue;
                }
                new TreeMap<>(b.brokerAddrs()).forEach((id, addr) -> out.add(new BrokerAddress(c.getKey(), name, id, addr)));
            }
        }
        return out;
    }

    /** The master (id 0) addresses of {@code cluster}. */
    public List<BrokerAddress> masters(String cluster) {
        return brokers(cluster).stream().filter(b -> b.brokerId() == 0).toList();
    }

    /** The broker name registered for {@code address}, or null when the NameServers do not know it. */
    public String brokerNameOf(String address) {
        for (BrokerAddress b : brokers(null)) {
            if (b.address().equals(address)) {
                return b.brokerName();
            }
        }
        return null;
    }

    /** The master address of broker {@code brokerName} (a replica when no master is registered). */
    public String addressOfBroker(String brokerName) {
        ClusterInfo info = clusterInfo();
        BrokerData b = info.brokerAddrTable().get(brokerName);
        if (b == null || b.brokerAddrs().isEmpty()) {
            throw new ClientException("broker " + brokerName + " is not registered with NameServer " + namesrvAddr
                + "; registered brokers: " + new TreeSet<>(info.brokerAddrTable().keySet()));
        }
        String master = b.brokerAddrs().get(0L);
        return master != null ? master : new TreeMap<>(b.brokerAddrs()).firstEntry().getValue();
    }

    private ClientException unknownCluster(String cluster, ClusterInfo info) {
        return new ClientException("cluster " + cluster + " is unknown to NameServer " + namesrvAddr
            + "; known clusters: " + new TreeSet<>(info.clusterAddrTable().keySet()));
    }

    // ---- topics

    public TopicRouteData topicRoute(String topic) {
        return admin.topicRoute(topic);
    }

    /** Master (or only) address per broker of the topic's route, in broker-name order. */
    public Map<String, String> brokersOfTopic(String topic) {
        Map<String, String> out = new TreeMap<>();
        for (BrokerData b : topicRoute(topic).brokerDatas()) {
            String master = b.brokerAddrs().get(0L);
            out.put(b.brokerName(), master != null ? master : new TreeMap<>(b.brokerAddrs()).firstEntry().getValue());
        }
        return out;
    }

    /** UPDATE_AND_CREATE_TOPIC to one broker, with attributes ({@code +k=v,-k2}, empty for none). */
    public void createTopic(String address, TopicConfig config, String attributes) {
        CreateTopicRequestHeader header = new CreateTopicRequestHeader(config.topicName(), "TBW102",
            config.readQueueNums(), config.writeQueueNums(), config.perm(), config.topicFilterType().name(),
            config.topicSysFlag(), config.order(), attributes == null ? "" : attributes, false, RpcFields.NONE);
        expectSuccess(address, Requests.of(RequestCode.UPDATE_AND_CREATE_TOPIC, header, null),
            "create topic " + config.topicName());
    }

    /**
     * GET_ALL_TOPIC_CONFIG: every topic's configuration on one broker, by name (Petrel's and Apache's 5.x body alike).
     * A broker without topics answers an error, which is thrown.
     */
    public Map<String, TopicConfig> topicConfigs(String address) {
        RemotingCommand r = expectSuccess(address, Requests.bare(RequestCode.GET_ALL_TOPIC_CONFIG, null), "topic configs");
        return TopicConfigAndMappingSerializeWrapper.CODEC.decode(r.body()).topicConfigTable();
    }

    /** PUT_KV_CONFIG on every NameServer (mqadmin sets ORDER_TOPIC_CONFIG this way). */
    public void putKvConfig(String namespace, String key, String value) {
        for (String ns : admin.nameServerAddresses()) {
            expectSuccess(ns, Requests.of(RequestCode.PUT_KV_CONFIG, new PutKVConfigRequestHeader(namespace, key, value),
                null), "put " + namespace + "/" + key);
        }
    }

    // ---- groups

    public void createGroup(String address, SubscriptionGroupConfig config) {
        expectSuccess(address, Requests.bare(RequestCode.UPDATE_AND_CREATE_SUBSCRIPTIONGROUP,
            SubscriptionGroupConfig.CODEC.encode(config)), "create group " + config.groupName());
    }

    /** GET_ALL_SUBSCRIPTIONGROUP_CONFIG: every consumer group's configuration on one broker, by name. */
    public Map<String, SubscriptionGroupConfig> groupConfigs(String address) {
        RemotingCommand r = expectSuccess(address, Requests.bare(RequestCode.GET_ALL_SUBSCRIPTIONGROUP_CONFIG, null),
            "group configs");
        return SubscriptionGroupWrapper.CODEC.decode(r.body()).subscriptionGroupTable();
    }

    /**
     * Per group consuming the message's topic (QUERY_TOPIC_CONSUME_BY_WHO), as mqadmin's queryMsgById reports it:
     * {@code CONSUMED} when the group's offset of the message's queue is past the message, else
     * {@code NOT_CONSUME_YET}; in group-name order.
     */
    public Map<String, String> messageTracks(ReceivedMessage m) {
        Map<String, String> out = new TreeMap<>();
        for (String g : admin.consumingGroups(m.topic())) {
            OffsetWrapper o = consumeStats(g, m.topic()).offsetTable()
                .get(new MessageQueue(m.topic(), m.brokerName(), m.queueId()));
            out.put(g, o != null && o.consumerOffset() > m.queueOffset() ? "CONSUMED" : "NOT_CONSUME_YET");
        }
        return out;
    }

    public void deleteGroup(String address, String group, boolean cleanOffset) {
        expectSuccess(address, Requests.of(RequestCode.DELETE_SUBSCRIPTIONGROUP,
            new DeleteSubscriptionGroupRequestHeader(group, cleanOffset, RpcFields.NONE), null), "delete group " + group);
    }

    /**
     * GET_CONSUME_STATS from every broker of {@code topic}'s route (of the group's retry topic when {@code topic} is
     * null, asking for all the group's topics), merged.
     */
    public ConsumeStats consumeStats(String group, String topic) {
        Map<MessageQueue, OffsetWrapper> all = new TreeMap<>();
        double tps = 0;
        for (String address : brokersOfTopic(topic != null ? topic : retryTopic(group)).values()) {
            RemotingCommand r = expectSuccess(address, Requests.of(RequestCode.GET_CONSUME_STATS,
                new GetConsumeStatsRequestHeader(group, topic, RpcFields.NONE), null), "consume stats of " + group);
            ConsumeStats s = ConsumeStats.CODEC.decode(r.body());
            all.putAll(s.offsetTable());
            tps += s.consumeTps();
        }
        return new ConsumeStats(tps, all);
    }

    /** The group's connections from one broker, or (address null) from the first broker of its retry topic that knows them. */
    public ConsumerConnection consumerConnection(String group, String address) {
        if (address == null) {
            return admin.consumerConnection(group);
        }
        RemotingCommand r = expectSuccess(address, Requests.of(RequestCode.GET_CONSUMER_CONNECTION_LIST,
            new GetConsumerConnectionListRequestHeader(group, RpcFields.NONE), null), "connections of group " + group);
        return ConsumerConnection.CODEC.decode(r.body());
    }

    /** GET_PRODUCER_CONNECTION_LIST from the first broker of {@code topic} that knows the group. */
    public ProducerConnection producerConnection(String group, String topic) {
        BrokerException last = null;
        for (String address : brokersOfTopic(topic).values()) {
            try {
                RemotingCommand r = expectSuccess(address, Requests.of(RequestCode.GET_PRODUCER_CONNECTION_LIST,
                    new GetProducerConnectionListRequestHeader(group, RpcFields.NONE), null), "producers of group " + group);
                return ProducerConnection.CODEC.decode(r.body());
            } catch (BrokerException e) {
                last = e;
            }
        }
        throw last != null ? last : NoRouteException.noRoute(topic, admin.nameServerAddresses());
    }

    /**
     * INVOKE_BROKER_TO_RESET_OFFSET to one broker for one queue ({@code queueId} -1 = all its queues); returns the
     * offsets the broker set.
     */
    public Map<MessageQueue, Long> resetOffset(String address, String topic, String group, int queueId, Long offset,
                                               long timestamp, boolean force) {
        RemotingCommand r = expectSuccess(address, Requests.of(RequestCode.INVOKE_BROKER_TO_RESET_OFFSET,
            new ResetOffsetRequestHeader(topic, group, queueId, offset, timestamp, force, RpcFields.NONE), null),
            "offset reset of " + group);
        return r.body() == null ? Map.of() : new TreeMap<>(ResetOffsetBody.CODEC.decode(r.body()).offsetTable());
    }

    // ---- brokers

    public Map<String, String> runtimeInfo(String address) {
        return admin.brokerRuntimeInfo(address);
    }

    /**
     * VIEW_BROKER_STATS_DATA ({@code TOPIC_PUT_NUMS} / {@code GROUP_GET_NUMS}); null when the broker does not keep
     * these statistics (Petrel answers REQUEST_CODE_NOT_SUPPORTED) or has none for the key (SYSTEM_ERROR).
     */
    public BrokerStatsData brokerStats(String address, String statsName, String statsKey) {
        RemotingCommand r = admin.invoke(address, Requests.of(RequestCode.VIEW_BROKER_STATS_DATA,
            new ViewBrokerStatsDataRequestHeader(statsName, statsKey), null), "stats " + statsName + " of " + statsKey);
        if (r.code() != ResponseCode.SUCCESS || r.body() == null) {
            return null;
        }
        return BrokerStatsData.CODEC.decode(r.body());
    }

    /** Whether the broker answers VIEW_BROKER_STATS_DATA at all. */
    public boolean keepsBrokerStats(String address) {
        RemotingCommand r = admin.invoke(address, Requests.of(RequestCode.VIEW_BROKER_STATS_DATA,
            new ViewBrokerStatsDataRequestHeader("TOPIC_PUT_NUMS", "TBW102"), null), "stats probe");
        return r.code() != ResponseCode.REQUEST_CODE_NOT_SUPPORTED;
    }

    /**
     * GET_BROKER_HA_STATUS (907, body HARuntimeInfo, Petrel's and Apache's alike); null when the broker does not
     * answer the request (REQUEST_CODE_NOT_SUPPORTED). Other error codes are thrown (Apache in DLedger mode answers
     * SYSTEM_ERROR "Can not get HARuntimeInfo ...").
     */
    public HaRuntimeInfo haStatus(String address) {
        RemotingCommand r = admin.invoke(address, Requests.bare(RequestCode.GET_BROKER_HA_STATUS, null),
            "HA status");
        if (r.code() == ResponseCode.REQUEST_CODE_NOT_SUPPORTED) {
            return null;
        }
        expect(r, address, "HA status");
        return HaRuntimeInfo.CODEC.decode(r.body());
    }

    // ---- helpers

    public static String retryTopic(String group) {
        return "%RETRY%" + group;
    }

    private RemotingCommand expectSuccess(String address, RemotingCommand request, String what) {
        return expect(admin.invoke(address, request, what), address, what);
    }

    private static RemotingCommand expect(RemotingCommand r, String address, String what) {
        if (r.code() != ResponseCode.SUCCESS) {
            throw new BrokerException(r.code(), r.remark(), address, what);
        }
        return r;
    }

    @Override
    public void close() {
        admin.close();
    }
}
