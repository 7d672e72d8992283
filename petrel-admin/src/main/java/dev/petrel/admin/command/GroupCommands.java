package dev.petrel.admin.command;

import dev.petrel.admin.AdminClient;
import dev.petrel.admin.AdminClient.BrokerAddress;
import dev.petrel.admin.cli.Command;
import dev.petrel.admin.cli.Flag;
import dev.petrel.admin.cli.Invocation;
import dev.petrel.admin.cli.ParsedArgs;
import dev.petrel.admin.cli.Report;
import dev.petrel.admin.cli.Table;
import dev.petrel.admin.cli.UsageException;
import dev.petrel.client.BrokerException;
import dev.petrel.client.ClientException;
import dev.petrel.protocol.body.MessageQueue;
import dev.petrel.protocol.body.ProtocolJson;
import dev.petrel.protocol.body.client.Connection;
import dev.petrel.protocol.body.client.ConsumerConnection;
import dev.petrel.protocol.body.client.ConsumerRunningInfo;
import dev.petrel.protocol.body.client.ProducerConnection;
import dev.petrel.protocol.body.heartbeat.ConsumeType;
import dev.petrel.protocol.body.stats.BrokerStatsData;
import dev.petrel.protocol.body.stats.BrokerStatsItem;
import dev.petrel.protocol.body.stats.ConsumeStats;
import dev.petrel.protocol.body.stats.OffsetWrapper;
import dev.petrel.protocol.body.subscription.GroupRetryPolicy;
import dev.petrel.protocol.body.subscription.SubscriptionGroupConfig;
import dev.petrel.protocol.code.ResponseCode;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * Consumer-group, connection, offset and statistics commands: updateSubGroup, deleteSubGroup, consumerProgress,
 * consumerConnection, producerConnection, resetOffsetByTime, statsAll (operations.md §2.4).
 */
public final class GroupCommands {

    private static final Flag BROKER_ADDR = Flag.value("b", "brokerAddr", "ADDR", "one broker, host:port");
    private static final Flag CLUSTER = Flag.value("c", "clusterName", "CLUSTER", "every master of the cluster");
    private static final Flag GROUP = Flag.value("g", "groupName", "GROUP", "consumer group").mandatory();

    private GroupCommands() {
    }

    public static List<Command> all() {
        return List.of(
            Command.of("updateSubGroup", "create or update a consumer group on one broker (-b) or every master (-c)",
                "petrel admin updateSubGroup -n 127.0.0.1:9876 -c DefaultCluster -g billing",
                GroupCommands::updateSubGroup, BROKER_ADDR, CLUSTER, GROUP,
                Flag.value("s", "consumeEnable", "true|false", "the group may consume (default true)"),
                Flag.value("m", "consumeFromMinEnable", "true|false", "start from the min offset (default false)"),
                Flag.value("d", "consumeBroadcastEnable", "true|false", "broadcasting allowed (default false)"),
                Flag.value("o", "consumeMessageOrderly", "true|false", "orderly consumption (default false)"),
                Flag.value("q", "retryQueueNums", "N", "retry queues (default 1)"),
                Flag.value("r", "retryMaxTimes", "N", "attempts before the dead-letter queue (default 16)"),
                Flag.value("p", "groupRetryPolicy", "JSON", "retry policy, e.g. {\"type\":\"EXPONENTIAL\",...}"),
                Flag.value("i", "brokerId", "ID", "broker id to consume from (default 0)"),
                Flag.value("w", "whichBrokerWhenConsumeSlowly", "ID", "broker id for slow consumers (default 1)"),
                Flag.value("a", "notifyConsumerIdsChanged", "true|false", "notify members of changes (default true)"),
                Flag.value(null, "attributes", "ATTRS", "group attributes, +key=value")),
            Command.of("deleteSubGroup", "delete a consumer group (with -c also its %RETRY% and %DLQ% topics)",
                "petrel admin deleteSubGroup -n 127.0.0.1:9876 -c DefaultCluster -g billing",
                GroupCommands::deleteSubGroup, BROKER_ADDR, CLUSTER, GROUP,
                Flag.value("r", "removeOffset", "true|false", "also remove the group's offsets (default false)")),
            Command.of("consumerProgress", "a group's offsets and lag per queue; without -g every group's summary",
                "petrel admin consumerProgress -n 127.0.0.1:9876 -g billing",
                GroupCommands::consumerProgress, Flag.value("g", "groupName", "GROUP", "consumer group"),
                Flag.value("t", "topicName", "TOPIC", "only this topic"),
                Flag.value("s", "showClientIP", "true|false", "add the client holding each queue"),
                Flag.value("c", "cluster", "CLUSTER", "accepted for mqadmin compatibility")),
            Command.of("consumerConnection", "a consumer group's live members and subscriptions",
                "petrel admin consumerConnection -n 127.0.0.1:9876 -g billing",
                GroupCommands::consumerConnection,
                Flag.value("g", "consumerGroup", "GROUP", "consumer group").mandatory(), BROKER_ADDR),
            Command.of("producerConnection", "a producer group's live members, from a broker of the topic",
                "petrel admin producerConnection -n 127.0.0.1:9876 -g orders-producer -t Orders",
                GroupCommands::producerConnection,
                Flag.value("g", "producerGroup", "GROUP", "producer group").mandatory(),
                Flag.value("t", "topic", "TOPIC", "a topic the group sends to").mandatory()),
            Command.of("resetOffsetByTime", "move a group's offsets of a topic to a point in time",
                "petrel admin resetOffsetByTime -n 127.0.0.1:9876 -g billing -t Orders -s 2025-01-02#10:00:00:000",
                GroupCommands::resetOffsetByTime, Flag.value("g", "group", "GROUP", "consumer group").mandatory(),
                Flag.value("t", "topic", "TOPIC", "topic").mandatory(),
                Flag.value("s", "timestamp", "TIME", "now, epoch millis or yyyy-MM-dd#HH:mm:ss:SSS").mandatory(),
                Flag.value("f", "force", "true|false", "false: move only offsets that go backwards (default true)"),
                Flag.value("b", "broker", "ADDR", "only this broker (with -q)"),
                Flag.value("q", "queue", "QID", "only this queue (with -b)"),
                Flag.value("o", "offset", "OFFSET", "this offset instead of the time's (with -b and -q)"),
                Flag.value("c", "cluster", "CLUSTER", "accepted for mqadmin compatibility")),
            Command.of("statsAll", "per topic and group: backlog, in/out TPS, messages in the last 24 hours",
                "petrel admin statsAll -n 127.0.0.1:9876 -t Orders",
                GroupCommands::statsAll, Flag.toggle("a", "activeTopic", "only topics with traffic"),
                Flag.value("t", "topic", "TOPIC", "only this topic")));
    }

    // ---- groups

    static Report updateSubGroup(Invocation in) {
        ParsedArgs a = in.args();
        a.requireOneOf("brokerAddr", "clusterName");
        String group = a.required("groupName");
        GroupRetryPolicy policy = GroupRetryPolicy.DEFAULTS;
        if (a.has("groupRetryPolicy")) {
            try {
                policy = ProtocolJson.codec().decode(a.string("groupRetryPolicy"), GroupRetryPolicy.class);
            } catch (RuntimeException e) {
                throw new UsageException("flag -p/--groupRetryPolicy is not a retry policy in JSON ("
                    + e.getMessage() + "); example: {\"type\":\"CUSTOMIZED\",\"customizedRetryPolicy\":{\"next\":[1000,5000]}}");
            }
        }
        SubscriptionGroupConfig config = new SubscriptionGroupConfig(TopicCommands.parseAttributes(a.string("attributes")),
            a.longValue("brokerId", 0, 0, Long.MAX_VALUE), a.bool("consumeBroadcastEnable", false),
            a.bool("consumeEnable", true), a.bool("consumeFromMinEnable", false), a.bool("consumeMessageOrderly", false),
            15, group, policy, 0, a.bool("notifyConsumerIdsChanged", true), a.integer("retryMaxTimes", 16, -1, 1000),
            a.integer("retryQueueNums", 1, 0, 1000), null, a.longValue("whichBrokerWhenConsumeSlowly", 1, 0, Long.MAX_VALUE));
        Report r = new Report();
        List<String> done = new ArrayList<>();
        for (String addr : targets(in)) {
            in.admin().createGroup(addr, config);
            r.linef("create subscription group to %s success.", addr);
            done.add(addr);
        }
        r.line(describe(config));
        return r.put("brokers", done).put("groupConfig", config);
    }

    /** The config as mqadmin prints it (Apache's toString field order). */
    private static String describe(SubscriptionGroupConfig c) {
        return "SubscriptionGroupConfig{groupName=" + c.groupName() + ", consumeEnable=" + c.consumeEnable()
            + ", consumeFromMinEnable=" + c.consumeFromMinEnable() + ", consumeBroadcastEnable="
            + c.consumeBroadcastEnable() + ", consumeMessageOrderly=" + c.consumeMessageOrderly() + ", retryQueueNums="
            + c.retryQueueNums() + ", retryMaxTimes=" + c.retryMaxTimes() + ", groupRetryPolicy="
            + new String(ProtocolJson.codec().encode(c.groupRetryPolicy()), java.nio.charset.StandardCharsets.UTF_8)
            + ", brokerId=" + c.brokerId() + ", whichBrokerWhenConsumeSlowly=" + c.whichBrokerWhenConsumeSlowly()
            + ", notifyConsumerIdsChangedEnable=" + c.notifyConsumerIdsChangedEnable() + ", groupSysFlag="
            + c.groupSysFlag() + ", consumeTimeoutMinute=" + c.consumeTimeoutMinute() + ", subscriptionDataSet="
            + c.subscriptionDataSet() + ", attributes=" + c.attributes() + "}";
    }

    private static List<String> targets(Invocation in) {
        if (in.args().has("brokerAddr")) {
            return List.of(in.args().required("brokerAddr"));
        }
        String cluster = in.args().required("clusterName");
        List<String> out = in.admin().masters(cluster).stream().map(BrokerAddress::address).toList();
        if (out.isEmpty()) {
            throw new ClientException("cluster " + cluster + " has no master broker registered");
        }
        return out;
    }

    static Report deleteSubGroup(Invocation in) {
        ParsedArgs a = in.args();
        a.requireOneOf("brokerAddr", "clusterName");
        String group = a.required("groupName");
        boolean clean = a.bool("removeOffset", false);
        Report r = new Report();
        List<String> done = new ArrayList<>();
        String cluster = a.string("clusterName");
        for (String addr : targets(in)) {
            in.admin().deleteGroup(addr, group, clean);
            r.line(cluster == null ? String.format("delete subscription group [%s] from broker [%s] success.", group, addr)
                : String.format("delete subscription group [%s] from broker [%s] in cluster [%s] success.", group, addr,
                    cluster));
            done.add(addr);
        }
        List<String> topics = new ArrayList<>();
        if (cluster != null) {
            for (String topic : List.of(AdminClient.retryTopic(group), "%DLQ%" + group)) {
                try {
                    in.admin().admin().deleteTopic(cluster, topic);
                    r.linef("delete topic [%s] from cluster [%s] success.", topic, cluster);
                    topics.add(topic);
                } catch (BrokerException e) {
                    r.linef("delete topic [%s] from cluster [%s] failed: %s", topic, cluster, e.getMessage());
                }
            }
        }
        return r.put("group", group).put("brokers", done).put("deletedTopics", topics);
    }

    // ---- progress and connections

    static Report consumerProgress(Invocation in) {
        ParsedArgs a = in.args();
        if (!a.has("groupName")) {
            return allGroups(in);
        }
        String group = a.required("groupName");
        String topic = a.string("topicName");
        boolean showIp = a.bool("showClientIP", false);
        ConsumeStats stats = in.admin().consumeStats(group, topic);
        Map<MessageQueue, String> clientOf = showIp ? clientsOfQueues(in, group) : Map.of();
        Table t = showIp
            ? new Table("%-64s  %-32s  %-4s  %-20s  %-20s  %-20s  %-20s %-20s%s",
            "%-64s  %-32s  %-4d  %-20d  %-20d  %-20s  %-20d %-20d %s",
            "#Topic", "topic", "#Broker Name", "brokerName", "#QID", "queueId", "#Broker Offset", "brokerOffset",
            "#Consumer Offset", "consumerOffset", "#Client IP", "clientIp", "#Diff", "diff", "#Inflight", "inflight",
            "#LastTime", "lastTimestamp")
            : new Table("%-64s  %-32s  %-4s  %-20s  %-20s  %-20s %-20s%s",
            "%-64s  %-32s  %-4d  %-20d  %-20d  %-20d %-20d %s",
            "#Topic", "topic", "#Broker Name", "brokerName", "#QID", "queueId", "#Broker Offset", "brokerOffset",
            "#Consumer Offset", "consumerOffset", "#Diff", "diff", "#Inflight", "inflight", "#LastTime", "lastTimestamp");
        long diffTotal = 0;
        long inflightTotal = 0;
        for (Map.Entry<MessageQueue, OffsetWrapper> e : new TreeMap<>(stats.offsetTable()).entrySet()) {
            MessageQueue q = e.getKey();
            OffsetWrapper o = e.getValue();
            long diff = o.brokerOffset() - o.consumerOffset();
            long inflight = o.pullOffset() - o.consumerOffset();
            diffTotal += diff;
            inflightTotal += inflight;
            String last = o.lastTimestamp() == 0 ? "N/A" : Formats.seconds(o.lastTimestamp());
            if (showIp) {
                String ip = clientOf.getOrDefault(q, "N/A");
                t.row(new Object[] {Formats.cut(q.topic(), 64), Formats.cut(q.brokerName(), 32), q.queueId(),
                        o.brokerOffset(), o.consumerOffset(), ip, diff, inflight, last},
                    new Object[] {q.topic(), q.brokerName(), q.queueId(), o.brokerOffset(), o.consumerOffset(), ip, diff,
                        inflight, o.lastTimestamp()});
            } else {
                t.row(new Object[] {Formats.cut(q.topic(), 64), Formats.cut(q.brokerName(), 32), q.queueId(),
                        o.brokerOffset(), o.consumerOffset(), diff, inflight, last},
                    new Object[] {q.topic(), q.brokerName(), q.queueId(), o.brokerOffset(), o.consumerOffset(), diff,
                        inflight, o.lastTimestamp()});
            }
        }
        return new Report().put("group", group).table("queues", t).line("")
            .linef("Consume TPS: %.2f", stats.consumeTps()).linef("Consume Diff Total: %d", diffTotal)
            .linef("Consume Inflight Total: %d", inflightTotal)
            .put("consumeTps", stats.consumeTps()).put("diffTotal", diffTotal).put("inflightTotal", inflightTotal);
    }

    /** Which member holds each queue: the IP part of its client id, from its running info. */
    private static Map<MessageQueue, String> clientsOfQueues(Invocation in, String group) {
        Map<MessageQueue, String> out = new TreeMap<>();
        ConsumerConnection conn;
        try {
            conn = in.admin().consumerConnection(group, null);
        } catch (BrokerException e) {
            return out;
        }
        for (Connection c : conn.connectionSet()) {
            try {
                ConsumerRunningInfo info = in.admin().admin().consumerRunningInfo(group, c.clientId(), false);
                String ip = c.clientId().contains("@") ? c.clientId().substring(0, c.clientId().indexOf('@')) : c.clientId();
                info.mqTable().keySet().forEach(q -> out.put(q, ip));
            } catch (ClientException e) {
                // a member that does not answer: its queues show N/A
            }
        }
        return out;
    }

    private static Report allGroups(Invocation in) {
        AdminClient admin = in.admin();
        Table t = new Table("%-64s  %-6s  %-24s %-5s  %-14s  %-7s  %s", "%-64s  %-6d  %-24s %-5s  %-14s  %-7d  %d",
            "#Group", "group", "#Count", "count", "#Version", "version", "#Type", "type", "#Model", "model",
            "#TPS", "tps", "#Diff Total", "diffTotal");
        Map<String, String> skipped = new TreeMap<>();
        for (String topic : new TreeSet<>(admin.admin().topicList())) {
            if (!topic.startsWith("%RETRY%")) {
                continue;
            }
            String group = topic.substring("%RETRY%".length());
            ConsumerConnection conn = null;
            try {
                conn = admin.consumerConnection(group, null);
            } catch (BrokerException e) {
                if (e.responseCode() != ResponseCode.CONSUMER_NOT_ONLINE) {
                    throw e;
                }
            }
            ConsumeStats stats;
            try {
                stats = admin.consumeStats(group, null);
            } catch (dev.petrel.client.NoRouteException e) {
                continue;
            } catch (BrokerException e) {
                // as mqadmin: one group the broker cannot report on does not hide the others
                skipped.put(group, e.getMessage());
                continue;
            }
            long diff = 0;
            for (OffsetWrapper o : stats.offsetTable().values()) {
                diff += o.brokerOffset() - o.consumerOffset();
            }
            int count = conn == null ? 0 : conn.connectionSet().size();
            String version = count == 0 ? "OFFLINE" : Formats.version(conn.connectionSet().stream()
                .mapToInt(Connection::version).min().orElse(0));
            String type = conn == null || conn.consumeType() == null ? "" : typeName(conn.consumeType());
            String model = conn != null && conn.consumeType() == ConsumeType.CONSUME_PASSIVELY && conn.messageModel() != null
                ? conn.messageModel().name() : "";
            t.row(new Object[] {Formats.cut(group, 64), count, version, type, model, (long) stats.consumeTps(), diff},
                new Object[] {group, count, version, type, model, stats.consumeTps(), diff});
        }
        Report r = new Report().table("groups", t);
        if (!skipped.isEmpty()) {
            r.line("");
            skipped.forEach((g, why) -> r.line("skipped group " + g + ": " + why));
            r.put("skipped", skipped);
        }
        return r;
    }

    private static String typeName(ConsumeType type) {
        return switch (type) {
            case CONSUME_ACTIVELY -> "PULL";
            case CONSUME_PASSIVELY -> "PUSH";
            case CONSUME_POP -> "POP";
        };
    }

    static Report consumerConnection(Invocation in) {
        String group = in.args().required("consumerGroup");
        ConsumerConnection c = in.admin().consumerConnection(group, in.args().string("brokerAddr"));
        Table members = new Table("%-36s %-22s %-10s %s", "%-36s %-22s %-10s %s",
            "#ClientId", "clientId", "#ClientAddr", "clientAddr", "#Language", "language", "#Version", "version");
        c.connectionSet().stream().sorted(Comparator.comparing(Connection::clientId)).forEach(x -> members.row(
            new Object[] {x.clientId(), x.clientAddr(), x.language(), Formats.version(x.version())},
            new Object[] {x.clientId(), x.clientAddr(), x.language(), x.version()}));
        Table subs = new Table("%-20s %s", "%-20s %s", "#Topic", "topic", "#SubExpression", "subExpression");
        new TreeMap<>(c.subscriptionTable()).forEach((topic, s) -> subs.row(topic, s.subString()));
        return new Report().put("group", group).table("connections", members).line("").line("Below is subscription:")
            .table("subscriptions", subs).line("")
            .linef("ConsumeType: %s", c.consumeType()).linef("MessageModel: %s", c.messageModel())
            .linef("ConsumeFromWhere: %s", c.consumeFromWhere())
            .put("consumeType", c.consumeType()).put("messageModel", c.messageModel())
            .put("consumeFromWhere", c.consumeFromWhere());
    }

    static Report producerConnection(Invocation in) {
        String group = in.args().required("producerGroup");
        String topic = in.args().required("topic");
        ProducerConnection c = in.admin().producerConnection(group, topic);
        Report r = new Report();
        List<Map<String, Object>> json = new ArrayList<>();
        int i = 1;
        for (Connection x : c.connectionSet().stream().sorted(Comparator.comparing(Connection::clientId)).toList()) {
            r.linef("%04d  %-32s %-22s %-8s %s", i++, x.clientId(), x.clientAddr(), x.language(), Formats.version(x.version()));
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("clientId", x.clientId());
            m.put("clientAddr", x.clientAddr());
            m.put("language", x.language());
            m.put("version", x.version());
            json.add(m);
        }
        return r.put("group", group).put("connections", json);
    }

    // ---- offsets

    /** mqadmin's {@code -s}: {@code now}, epoch millis, or {@code yyyy-MM-dd#HH:mm:ss:SSS} (local time). */
    static long parseTime(String flag, String text) {
        String t = text.trim();
        if (t.equalsIgnoreCase("now")) {
            return System.currentTimeMillis();
        }
        if (!t.isEmpty() && t.chars().allMatch(Character::isDigit)) {
            return Long.parseLong(t);
        }
        try {
            return LocalDateTime.parse(t, Formats.FLAG_TIME).atZone(ZoneId.systemDefault()).toInstant().toEpochMilli();
        } catch (DateTimeParseException e) {
            throw new UsageException("flag " + flag + " takes now, epoch millis or yyyy-MM-dd#HH:mm:ss:SSS, got '" + text + "'");
        }
    }

    static Report resetOffsetByTime(Invocation in) {
        ParsedArgs a = in.args();
        String group = a.required("group");
        String topic = a.required("topic");
        long timestamp = parseTime("-s/--timestamp", a.required("timestamp"));
        boolean force = a.bool("force", true);
        String timeText = Formats.millis(timestamp);
        Report r = new Report().put("group", group).put("topic", topic).put("timestamp", timestamp);
        if (a.has("broker") || a.has("queue") || a.has("offset")) {
            if (!a.has("broker") || !a.has("queue")) {
                throw new UsageException("-b/--broker and -q/--queue go together (and -o/--offset needs both)");
            }
            String addr = a.required("broker");
            int queue = a.integer("queue", 0, 0, 65_535);
            Long offset = a.has("offset") ? a.longValue("offset", 0, 0, Long.MAX_VALUE) : null;
            r.linef("start reset consumer offset by specified, group[%s], topic[%s], queueId[%s], broker[%s], "
                + "timestamp(string)[%s], timestamp(long)[%s]", group, topic, queue, addr, timeText, timestamp);
            Map<MessageQueue, Long> set = in.admin().resetOffset(addr, topic, group, queue, offset, timestamp, force);
            long to = set.values().stream().findFirst().orElse(offset == null ? -1 : offset);
            r.linef("reset consumer offset to %d", to);
            return r.put("offsets", offsetsJson(set)).put("offset", to);
        }
        r.linef("start reset consumer offset by specified, group[%s], topic[%s], force[%s], timestamp(string)[%s], "
            + "timestamp(long)[%s]", group, topic, force, timeText, timestamp);
        Map<MessageQueue, Long> set = new TreeMap<>(in.admin().admin().resetOffsetByTimestamp(topic, group, timestamp, force));
        Table t = new Table("%-40s  %-40s  %-40s", "%-40s  %-40d  %-40d", "#brokerName", "brokerName", "#queueId", "queueId",
            "#offset", "offset");
        set.forEach((q, o) -> t.row(q.brokerName(), q.queueId(), o));
        return r.table("offsets", t);
    }

    private static List<Map<String, Object>> offsetsJson(Map<MessageQueue, Long> offsets) {
        List<Map<String, Object>> out = new ArrayList<>();
        offsets.forEach((q, o) -> {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("brokerName", q.brokerName());
            m.put("queueId", q.queueId());
            m.put("offset", o);
            out.add(m);
        });
        return out;
    }

    // ---- statistics

    static Report statsAll(Invocation in) {
        AdminClient admin = in.admin();
        boolean activeOnly = in.args().has("activeTopic");
        Set<String> topics = in.args().has("topic") ? Set.of(in.args().required("topic"))
            : new TreeSet<>(admin.admin().topicList());
        Table t = new Table("%-64s  %-64s %12s %11s %11s %14s %14s", "%-64s  %-64s %12s %11s %11s %14s %14s",
            "#Topic", "topic", "#Consumer Group", "consumerGroup", "#Accumulation", "accumulation", "#InTPS", "inTps",
            "#OutTPS", "outTps", "#InMsg24Hour", "inMsg24Hour", "#OutMsg24Hour", "outMsg24Hour");
        Set<String> withoutStats = new TreeSet<>();
        Map<String, Boolean> keeps = new TreeMap<>();
        for (String topic : topics) {
            if (topic.startsWith("%RETRY%") || topic.startsWith("%DLQ%")) {
                continue;
            }
            Map<String, String> brokers;
            try {
                brokers = admin.brokersOfTopic(topic);
            } catch (dev.petrel.client.NoRouteException e) {
                if (in.args().has("topic")) {
                    throw e;
                }
                continue;
            }
            Double inTps = 0.0;
            Long in24h = 0L;
            for (String addr : brokers.values()) {
                if (!keeps.computeIfAbsent(addr, admin::keepsBrokerStats)) {
                    withoutStats.add(addr);
                    inTps = null;
                    in24h = null;
                    break;
                }
                BrokerStatsData s = admin.brokerStats(addr, "TOPIC_PUT_NUMS", topic);
                if (s != null) {
                    inTps += minute(s).tps();
                    in24h += day(s);
                }
            }
            Set<String> groups = admin.admin().consumingGroups(topic);
            if (groups.isEmpty()) {
                if (activeOnly && (in24h == null || in24h == 0)) {
                    continue;
                }
                t.row(new Object[] {Formats.cut(topic, 64), "", "0", rate(inTps), "", count(in24h), "NO_CONSUMER"},
                    new Object[] {topic, null, 0L, inTps, null, in24h, null});
                continue;
            }
            for (String group : groups) {
                ConsumeStats cs = admin.consumeStats(group, topic);
                long accumulation = 0;
                for (OffsetWrapper o : cs.offsetTable().values()) {
                    accumulation += o.brokerOffset() - o.consumerOffset();
                }
                accumulation = Math.max(0, accumulation); // as mqadmin: a negative total diff prints 0
                Double outTps = inTps == null ? cs.consumeTps() : 0.0;
                Long out24h = inTps == null ? null : 0L;
                if (inTps != null) {
                    for (String addr : brokers.values()) {
                        BrokerStatsData s = admin.brokerStats(addr, "GROUP_GET_NUMS", topic + "@" + group);
                        if (s != null) {
                            outTps += minute(s).tps();
                            out24h += day(s);
                        }
                    }
                }
                if (activeOnly && (in24h == null || in24h == 0) && (out24h == null || out24h == 0)) {
                    continue;
                }
                t.row(new Object[] {Formats.cut(topic, 64), Formats.cut(group, 64), Long.toString(accumulation), rate(inTps),
                        rate(outTps), count(in24h), count(out24h)},
                    new Object[] {topic, group, accumulation, inTps, outTps, in24h, out24h});
            }
        }
        Report r = new Report().table("rows", t);
        if (!withoutStats.isEmpty()) {
            r.line("").line("n/a: broker(s) " + withoutStats + " do not keep per-topic statistics (VIEW_BROKER_STATS_DATA, "
                + "code 315); OutTPS there is the group's consume TPS from GET_CONSUME_STATS");
            r.put("brokersWithoutStats", withoutStats);
        }
        return r;
    }

    private static BrokerStatsItem minute(BrokerStatsData s) {
        return s.statsMinute() != null ? s.statsMinute() : new BrokerStatsItem(0, 0, 0);
    }

    /** mqadmin's compute24HourSum: the day's sum, else the hour's, else the minute's (the first that is not 0). */
    private static long day(BrokerStatsData s) {
        for (BrokerStatsItem item : new BrokerStatsItem[] {s.statsDay(), s.statsHour(), s.statsMinute()}) {
            if (item != null && item.sum() != 0) {
                return item.sum();
            }
        }
        return 0;
    }

    private static String rate(Double v) {
        return v == null ? "n/a" : String.format(Locale.ROOT, "%.2f", v);
    }

    private static String count(Long v) {
        return v == null ? "n/a" : Long.toString(v);
    }


}
