package dev.petrel.dashboard.api;

import dev.petrel.admin.AdminClient;
import dev.petrel.admin.AdminClient.BrokerAddress;
import dev.petrel.client.BrokerException;
import dev.petrel.client.ClientException;
import dev.petrel.client.consumer.PetrelPullConsumer;
import dev.petrel.dashboard.http.ApiException;
import dev.petrel.dashboard.http.ApiRequest;
import dev.petrel.message.NameValidator;
import dev.petrel.protocol.body.MessageQueue;
import dev.petrel.protocol.body.client.Connection;
import dev.petrel.protocol.body.client.ConsumerConnection;
import dev.petrel.protocol.body.client.ProducerConnection;
import dev.petrel.protocol.body.stats.ConsumeStats;
import dev.petrel.protocol.body.stats.OffsetWrapper;
import dev.petrel.protocol.body.subscription.SubscriptionGroupConfig;
import dev.petrel.protocol.code.ResponseCode;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * The consumer-groups page (list with members and lag, one group's members, subscriptions and lag per queue, offset
 * reset) and the producers page (a producer group's connections).
 */
public final class GroupApi {

    /** Groups RocketMQ's brokers create for themselves and its tools. */
    static final Set<String> SYSTEM_GROUPS = Set.of("TOOLS_CONSUMER", "FILTERSRV_CONSUMER", "SELF_TEST_C_GROUP",
        "CID_ONS-HTTP-PROXY", "CID_ONSAPI_PERMISSION", "CID_ONSAPI_OWNER", "CID_ONSAPI_PULL", "CID_SYS_RMQ_TRANS",
        "CID_HA_STATUS_GROUP");

    public record GroupRow(String group, boolean system, int members, String consumeType, String messageModel,
                           Long lag, Double consumeTps, boolean orderly, boolean broadcast, int retryMaxTimes) {
    }

    public record Member(String clientId, String clientAddr, String language, int version) {
    }

    public record Subscription(String topic, String expression) {
    }

    public record QueueLag(String topic, String brokerName, int queueId, long brokerOffset, long consumerOffset,
                           long lag, long lastTimestamp) {
    }

    public record GroupDetail(String group, boolean online, String consumeType, String messageModel,
                              String consumeFromWhere, List<Member> members, List<Subscription> subscriptions,
                              List<QueueLag> queues, long lag, double consumeTps, List<String> topics,
                              String statsError) {
    }

    public record ResetRow(String brokerName, int queueId, long offset) {
    }

    private final DashboardClients clients;

    public GroupApi(DashboardClients clients) {
        this.clients = clients;
    }

    public List<GroupRow> list() {
        AdminClient admin = clients.admin();
        Map<String, SubscriptionGroupConfig> configs = new TreeMap<>();
        for (BrokerAddress b : admin.masters(null)) {
            try {
                admin.groupConfigs(b.address()).forEach(configs::putIfAbsent);
            } catch (ClientException e) {
                // a broker that does not answer: its groups are missing from the list (the overview shows the error)
            }
        }
        List<GroupRow> rows = new ArrayList<>(configs.size());
        for (SubscriptionGroupConfig c : configs.values()) {
            String g = c.groupName();
            boolean system = isSystem(g);
            ConsumerConnection conn = system ? null : connection(g);
            Long lag = null;
            Double tps = null;
            if (!system) {
                try {
                    ConsumeStats s = admin.consumeStats(g, null);
                    lag = TopicApi.lag(s);
                    tps = s.consumeTps();
                } catch (ClientException e) {
                    // never consumed: no retry topic yet, so no broker to ask
                }
            }
            rows.add(new GroupRow(g, system, conn == null ? 0 : conn.connectionSet().size(),
                conn == null || conn.consumeType() == null ? null : conn.consumeType().name(),
                conn == null || conn.messageModel() == null ? null : conn.messageModel().name(), lag, tps,
                c.consumeMessageOrderly(), c.consumeBroadcastEnable(), c.retryMaxTimes()));
        }
        return rows;
    }

    static boolean isSystem(String group) {
        return SYSTEM_GROUPS.contains(group) || group.startsWith("CID_RMQ_SYS_");
    }

    /** The group's connections; null when no member is online (or the group never consumed). */
    private ConsumerConnection connection(String group) {
        try {
            return clients.admin().consumerConnection(group, null);
        } catch (ClientException e) {
            return null;
        }
    }

    public GroupDetail detail(ApiRequest request) {
        String group = request.string("group");
        ConsumerConnection conn = connection(group);
        List<Member> members = new ArrayList<>();
        List<Subscription> subs = new ArrayList<>();
        if (conn != null) {
            conn.connectionSet().stream().sorted(Comparator.comparing(Connection::clientId)).forEach(c ->
                members.add(new Member(c.clientId(), c.clientAddr(), c.language(), c.version())));
            new TreeMap<>(conn.subscriptionTable()).forEach((t, s) -> subs.add(new Subscription(t, s.subString())));
        }
        List<QueueLag> queues = new ArrayList<>();
        Set<String> topics = new TreeSet<>();
        long lag = 0;
        double tps = 0;
        String statsError = null;
        try {
            ConsumeStats s = clients.admin().consumeStats(group, null);
            tps = s.consumeTps();
            for (Map.Entry<MessageQueue, OffsetWrapper> e : new TreeMap<>(s.offsetTable()).entrySet()) {
                MessageQueue q = e.getKey();
                OffsetWrapper o = e.getValue();
                long d = Math.max(0, o.brokerOffset() - o.consumerOffset());
                lag += d;
                topics.add(q.topic());
                queues.add(new QueueLag(q.topic(), q.brokerName(), q.queueId(), o.brokerOffset(), o.consumerOffset(), d,
                    o.lastTimestamp()));
            }
        } catch (ClientException e) {
            statsError = e.getMessage();
        }
        subs.forEach(s -> topics.add(s.topic()));
        return new GroupDetail(group, conn != null && !conn.connectionSet().isEmpty(),
            conn == null || conn.consumeType() == null ? null : conn.consumeType().name(),
            conn == null || conn.messageModel() == null ? null : conn.messageModel().name(),
            conn == null || conn.consumeFromWhere() == null ? null : conn.consumeFromWhere().name(), members, subs,
            queues, lag, tps, List.copyOf(topics), statsError);
    }

    /**
     * Moves the group's offsets of a topic: {@code mode} {@code earliest}, {@code latest} or {@code time} (with
     * {@code timestamp}, epoch ms: the first message stored at or after it). Online members follow at once. A broker
     * that answers CONSUMER_NOT_ONLINE (Apache's, when no member is connected) gets the offsets one queue at a time,
     * as mqadmin's resetOffsetByTime falls back to.
     */
    public List<ResetRow> resetOffset(ApiRequest request) {
        String group = request.string("group");
        String topic = request.string("topic");
        String mode = request.string("mode", "time");
        long timestamp = switch (mode) {
            case "earliest" -> 0;
            case "latest" -> -1;
            case "time" -> request.longValue("timestamp", 0, 0, Long.MAX_VALUE / 2);
            default -> throw ApiException.badRequest("parameter 'mode' must be earliest, latest or time, got '" + mode + "'");
        };
        if (mode.equals("time") && !request.has("timestamp")) {
            throw ApiException.badRequest("parameter 'timestamp' (epoch milliseconds) is required with mode=time");
        }
        Map<MessageQueue, Long> set;
        try {
            set = clients.admin().admin().resetOffsetByTimestamp(topic, group, timestamp, true);
        } catch (BrokerException e) {
            if (e.responseCode() != ResponseCode.CONSUMER_NOT_ONLINE) {
                throw e;
            }
            set = resetQueueByQueue(group, topic, timestamp);
        }
        List<ResetRow> rows = new ArrayList<>();
        new TreeMap<>(set).forEach((q, o) -> rows.add(new ResetRow(q.brokerName(), q.queueId(), o)));
        return rows;
    }

    private Map<MessageQueue, Long> resetQueueByQueue(String group, String topic, long timestamp) {
        PetrelPullConsumer puller = clients.puller();
        Map<MessageQueue, Long> out = new TreeMap<>();
        for (MessageQueue q : puller.fetchSubscribeQueues(topic)) {
            long offset = timestamp < 0 ? puller.maxOffset(q)
                : timestamp == 0 ? puller.minOffset(q) : puller.searchOffset(q, Instant.ofEpochMilli(timestamp));
            clients.admin().admin().updateConsumerOffset(group, q, offset);
            out.put(q, offset);
        }
        return out;
    }

    /**
     * Creates a subscription group, or updates one, on every master of a cluster or on one broker
     * (UPDATE_AND_CREATE_SUBSCRIPTIONGROUP): {@code retryMaxTimes} (16), {@code retryQueueNums} (1),
     * {@code consumeMessageOrderly} (false), {@code consumeBroadcastEnable} (true), {@code consumeEnable} (true).
     * A group a broker has already keeps its other settings there.
     */
    public Map<String, Object> createOrUpdate(ApiRequest request) {
        String group = request.string("group");
        String invalid = NameValidator.validateGroup(group);
        if (invalid != null) {
            throw ApiException.badRequest(invalid);
        }
        int retryMaxTimes = request.integer("retryMaxTimes", 16, -1, 1000);
        int retryQueueNums = request.integer("retryQueueNums", 1, 0, 64);
        boolean orderly = request.bool("consumeMessageOrderly", false);
        boolean broadcast = request.bool("consumeBroadcastEnable", true);
        boolean enabled = request.bool("consumeEnable", true);
        AdminClient admin = clients.admin();
        List<String> targets = Targets.of(admin, request, "the group");
        for (String address : targets) {
            SubscriptionGroupConfig c = admin.groupConfigs(address).getOrDefault(group, SubscriptionGroupConfig.DEFAULTS);
            admin.createGroup(address, new SubscriptionGroupConfig(c.attributes(), c.brokerId(), broadcast, enabled,
                c.consumeFromMinEnable(), orderly, c.consumeTimeoutMinute(), group, c.groupRetryPolicy(),
                c.groupSysFlag(), c.notifyConsumerIdsChangedEnable(), retryMaxTimes, retryQueueNums,
                c.subscriptionDataSet(), c.whichBrokerWhenConsumeSlowly()));
        }
        return Map.of("group", group, "brokers", targets, "retryMaxTimes", retryMaxTimes, "retryQueueNums",
            retryQueueNums, "consumeMessageOrderly", orderly);
    }

    /**
     * Deletes a subscription group, with its offsets, from every master that has it (of {@code cluster}, if given)
     * (DELETE_SUBSCRIPTIONGROUP). Its retry and dead-letter topics stay, as with {@code mqadmin deleteSubGroup}
     * without {@code -r}.
     */
    public Map<String, Object> delete(ApiRequest request) {
        String group = request.string("group");
        AdminClient admin = clients.admin();
        List<String> brokers = new ArrayList<>();
        for (BrokerAddress b : admin.masters(request.string("cluster", null))) {
            if (admin.groupConfigs(b.address()).containsKey(group)) {
                admin.deleteGroup(b.address(), group, true);
                brokers.add(b.brokerName());
            }
        }
        if (brokers.isEmpty()) {
            throw new ApiException(ApiException.NOT_FOUND, "no master broker has the subscription group " + group);
        }
        return Map.of("group", group, "brokers", brokers);
    }

    /** A producer group's live connections, from a broker of a topic it sends to. */
    public List<Member> producers(ApiRequest request) {
        String group = request.string("group");
        String topic = request.string("topic");
        ProducerConnection c = clients.admin().producerConnection(group, topic);
        List<Member> out = new ArrayList<>();
        c.connectionSet().stream().sorted(Comparator.comparing(Connection::clientId)).forEach(x ->
            out.add(new Member(x.clientId(), x.clientAddr(), x.language(), x.version())));
        return out;
    }
}
