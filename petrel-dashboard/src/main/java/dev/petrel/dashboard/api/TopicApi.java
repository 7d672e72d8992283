package dev.petrel.dashboard.api;

import dev.petrel.admin.AdminClient;
import dev.petrel.admin.AdminClient.BrokerAddress;
import dev.petrel.client.ClientException;
import dev.petrel.dashboard.http.ApiException;
import dev.petrel.dashboard.http.ApiRequest;
import dev.petrel.message.NameValidator;
import dev.petrel.protocol.body.MessageQueue;
import dev.petrel.protocol.body.route.BrokerData;
import dev.petrel.protocol.body.route.ClusterInfo;
import dev.petrel.protocol.body.route.QueueData;
import dev.petrel.protocol.body.route.TopicRouteData;
import dev.petrel.protocol.body.stats.BrokerStatsData;
import dev.petrel.protocol.body.stats.ConsumeStats;
import dev.petrel.protocol.body.stats.OffsetWrapper;
import dev.petrel.protocol.body.stats.TopicOffset;
import dev.petrel.protocol.body.topic.TopicConfig;
import dev.petrel.protocol.body.topic.TopicFilterType;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * The topics page: the list (one NameServer call and one GET_ALL_TOPIC_CONFIG per master, whatever the number of
 * topics, so 1,000 topics cost the same few round trips as ten), one topic's detail (route, min/max offset per
 * queue, put TPS, the groups consuming it and their lag), create/update and delete.
 */
public final class TopicApi {

    /** Names RocketMQ uses for its own topics (besides cluster and broker names, and the RMQ_SYS_ prefix). */
    static final Set<String> SYSTEM_TOPICS = Set.of("TBW102", "SCHEDULE_TOPIC_XXXX", "BenchmarkTest",
        "OFFSET_MOVED_EVENT", "SELF_TEST_TOPIC", "TRANS_CHECK_MAX_TIME_TOPIC", "RMQ_SYS_TRANS_HALF_TOPIC",
        "RMQ_SYS_TRACE_TOPIC", "RMQ_SYS_TRANS_OP_HALF_TOPIC", "rmq_sys_wheel_timer", "rmq_sys_REVIVE_LOG");

    /** A cluster's request-reply topic is {@code <cluster>_REPLY_TOPIC}. */
    static final String REPLY_SUFFIX = "_REPLY_TOPIC";

    /** One topic in the list; {@code brokers} empty for a topic only the NameServer knows. */
    public record TopicRow(String topic, String type, List<String> brokers, int readQueues, int writeQueues,
                           String perm) {
    }

    /** The list, with the brokers that could not be asked. */
    public record TopicList(List<TopicRow> topics, Map<String, String> errors) {
    }

    public record QueueRow(String brokerName, int queueId, long minOffset, long maxOffset, long messages,
                           long lastUpdated) {
    }

    public record RouteRow(String brokerName, String cluster, Map<Long, String> addresses, int readQueues,
                           int writeQueues, String perm) {
    }

    public record GroupLag(String group, long lag, double consumeTps, String error) {
    }

    public record TopicDetail(String topic, String type, Double putTps, long totalMessages, List<RouteRow> route,
                              List<QueueRow> queues, List<GroupLag> groups) {
    }

    private final DashboardClients clients;

    public TopicApi(DashboardClients clients) {
        this.clients = clients;
    }

    public TopicList list() {
        AdminClient admin = clients.admin();
        ClusterInfo info = admin.clusterInfo();
        Set<String> systemNames = systemNames(info);
        Map<String, List<String>> brokers = new HashMap<>();
        Map<String, int[]> queues = new HashMap<>();
        Map<String, Integer> perms = new HashMap<>();
        Map<String, TopicConfig> configs = new HashMap<>();
        Map<String, String> errors = new TreeMap<>();
        for (BrokerAddress b : admin.masters(null)) {
            Map<String, TopicConfig> table;
            try {
                table = admin.topicConfigs(b.address());
            } catch (ClientException e) {
                errors.put(b.brokerName(), e.getMessage());
                continue;
            }
            table.forEach((name, c) -> {
                brokers.computeIfAbsent(name, k -> new ArrayList<>()).add(b.brokerName());
                int[] q = queues.computeIfAbsent(name, k -> new int[2]);
                q[0] += c.readQueueNums();
                q[1] += c.writeQueueNums();
                perms.merge(name, c.perm(), (x, y) -> x & y);
                configs.putIfAbsent(name, c);
            });
        }
        Set<String> names = new TreeSet<>(brokers.keySet());
        names.addAll(admin.admin().topicList());
        List<TopicRow> rows = new ArrayList<>(names.size());
        for (String name : names) {
            int[] q = queues.getOrDefault(name, new int[2]);
            Integer perm = perms.get(name);
            rows.add(new TopicRow(name, type(name, configs.get(name), systemNames), brokers.getOrDefault(name, List.of()),
                q[0], q[1], perm == null ? "" : permText(perm)));
        }
        return new TopicList(rows, errors);
    }

    public TopicDetail detail(ApiRequest request) {
        String topic = request.string("topic");
        AdminClient admin = clients.admin();
        TopicRouteData route = admin.topicRoute(topic);
        List<RouteRow> routeRows = new ArrayList<>();
        Map<String, BrokerData> byName = new TreeMap<>();
        route.brokerDatas().forEach(b -> byName.put(b.brokerName(), b));
        for (QueueData q : route.queueDatas()) {
            BrokerData b = byName.get(q.brokerName());
            routeRows.add(new RouteRow(q.brokerName(), b == null ? null : b.cluster(),
                b == null ? Map.of() : new TreeMap<>(b.brokerAddrs()), q.readQueueNums(), q.writeQueueNums(),
                permText(q.perm())));
        }
        routeRows.sort(java.util.Comparator.comparing(RouteRow::brokerName));
        List<QueueRow> queueRows = new ArrayList<>();
        long total = 0;
        for (Map.Entry<MessageQueue, TopicOffset> e : new TreeMap<>(admin.admin().topicStats(topic).offsetTable()).entrySet()) {
            TopicOffset o = e.getValue();
            long n = Math.max(0, o.maxOffset() - o.minOffset());
            total += n;
            queueRows.add(new QueueRow(e.getKey().brokerName(), e.getKey().queueId(), o.minOffset(), o.maxOffset(), n,
                o.lastUpdateTimestamp()));
        }
        List<GroupLag> groups = new ArrayList<>();
        for (String g : admin.admin().consumingGroups(topic)) {
            try {
                ConsumeStats s = admin.consumeStats(g, topic);
                groups.add(new GroupLag(g, lag(s), s.consumeTps(), null));
            } catch (ClientException e) {
                groups.add(new GroupLag(g, 0, 0, e.getMessage()));
            }
        }
        return new TopicDetail(topic, type(topic, null, systemNames(admin.clusterInfo())), putTps(topic), total,
            routeRows, queueRows, groups);
    }

    /** The sum over the topic's brokers of VIEW_BROKER_STATS_DATA's last-minute TPS; null where a broker keeps none. */
    private Double putTps(String topic) {
        AdminClient admin = clients.admin();
        double sum = 0;
        for (String address : admin.brokersOfTopic(topic).values()) {
            BrokerStatsData s;
            try {
                s = admin.brokerStats(address, "TOPIC_PUT_NUMS", topic);
            } catch (ClientException e) {
                return null;
            }
            if (s != null && s.statsMinute() != null) {
                sum += s.statsMinute().tps();
            }
        }
        return sum;
    }

    static long lag(ConsumeStats s) {
        long lag = 0;
        for (OffsetWrapper o : s.offsetTable().values()) {
            lag += Math.max(0, o.brokerOffset() - o.consumerOffset());
        }
        return lag;
    }

    /** Creates the topic, or updates its queue counts and permission, on every master of a cluster or on one broker. */
    public Map<String, Object> createOrUpdate(ApiRequest request) {
        String topic = request.string("topic");
        String invalid = NameValidator.validateTopic(topic);
        if (invalid != null) {
            throw ApiException.badRequest(invalid);
        }
        int read = request.integer("readQueueNums", 8, 1, 1024);
        int write = request.integer("writeQueueNums", read, 1, 1024);
        int perm = request.integer("perm", 6, 2, 6);
        if (perm != 2 && perm != 4 && perm != 6) {
            throw ApiException.badRequest("parameter 'perm' must be 2 (write), 4 (read) or 6 (read and write)");
        }
        AdminClient admin = clients.admin();
        List<String> targets = Targets.of(admin, request, "the topic");
        TopicConfig config = new TopicConfig(topic, read, write, perm, TopicFilterType.SINGLE_TAG, 0, false, Map.of());
        for (String address : targets) {
            admin.createTopic(address, config, "");
        }
        return Map.of("topic", topic, "brokers", targets, "readQueueNums", read, "writeQueueNums", write, "perm", perm);
    }

    /** Deletes the topic from every cluster its route names (or from {@code cluster}) and from the NameServers. */
    public Map<String, Object> delete(ApiRequest request) {
        String topic = request.string("topic");
        AdminClient admin = clients.admin();
        Set<String> clusters = new TreeSet<>();
        if (request.has("cluster")) {
            clusters.add(request.string("cluster"));
        } else {
            for (BrokerData b : admin.topicRoute(topic).brokerDatas()) {
                clusters.add(b.cluster());
            }
        }
        for (String cluster : clusters) {
            admin.admin().deleteTopic(cluster, topic);
        }
        return Map.of("topic", topic, "clusters", List.copyOf(clusters));
    }

    static Set<String> systemNames(ClusterInfo info) {
        Set<String> names = new HashSet<>(info.clusterAddrTable().keySet());
        names.addAll(info.brokerAddrTable().keySet());
        return names;
    }

    /** RETRY, DLQ, SYSTEM (RocketMQ's own, cluster and broker names, a cluster's reply topic), or the topic's {@code message.type} attribute (NORMAL when unset), as RocketMQ Dashboard. */
    static String type(String topic, TopicConfig config, Set<String> systemNames) {
        if (topic.startsWith(NameValidator.RETRY_PREFIX)) {
            return "RETRY";
        }
        if (topic.startsWith(NameValidator.DLQ_PREFIX)) {
            return "DLQ";
        }
        if (SYSTEM_TOPICS.contains(topic) || systemNames.contains(topic) || topic.startsWith("RMQ_SYS_")
            || topic.startsWith("rmq_sys_") || (topic.endsWith(REPLY_SUFFIX)
            && systemNames.contains(topic.substring(0, topic.length() - REPLY_SUFFIX.length())))) {
            return "SYSTEM";
        }
        if (config != null) {
            String type = config.attributes().get("message.type");
            if (type != null && !type.isBlank()) {
                return type;
            }
            if (config.order()) {
                return "FIFO";
            }
        }
        return "NORMAL";
    }

    /** PermName bits as letters: 6 → RW, 4 → R, 2 → W. */
    static String permText(int perm) {
        String s = ((perm & 4) != 0 ? "R" : "") + ((perm & 2) != 0 ? "W" : "");
        return s.isEmpty() ? "-" : s;
    }
}
