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
import dev.petrel.common.json.JsonCodec;
import dev.petrel.protocol.body.MessageQueue;
import dev.petrel.protocol.body.route.BrokerData;
import dev.petrel.protocol.body.route.ClusterInfo;
import dev.petrel.protocol.body.route.QueueData;
import dev.petrel.protocol.body.route.TopicRouteData;
import dev.petrel.protocol.body.stats.TopicOffset;
import dev.petrel.protocol.body.topic.TopicConfig;
import dev.petrel.protocol.body.topic.TopicFilterType;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/** Topic commands: updateTopic, deleteTopic, topicList, topicRoute, topicStatus (operations.md §2.3). */
public final class TopicCommands {

    static final Flag TOPIC = Flag.value("t", "topic", "TOPIC", "topic name").mandatory();
    static final Flag BROKER_ADDR = Flag.value("b", "brokerAddr", "ADDR", "one broker, host:port");
    static final Flag CLUSTER = Flag.value("c", "clusterName", "CLUSTER", "every master broker of the cluster");

    private TopicCommands() {
    }

    public static List<Command> all() {
        return List.of(
            Command.of("updateTopic", "create or update a topic on one broker (-b) or every master of a cluster (-c)",
                "petrel admin updateTopic -n 127.0.0.1:9876 -c DefaultCluster -t Orders -r 8 -w 8",
                TopicCommands::updateTopic, BROKER_ADDR, CLUSTER, TOPIC,
                Flag.value("r", "readQueueNums", "N", "read queues (default 8)"),
                Flag.value("w", "writeQueueNums", "N", "write queues (default 8)"),
                Flag.value("p", "perm", "PERM", "2 write, 4 read, 6 read+write (default 6)"),
                Flag.value("o", "order", "true|false", "ordered topic; also stores the order config on the NameServers"),
                Flag.value("u", "unit", "true|false", "unit topic (topicSysFlag bit 1)"),
                Flag.value("s", "hasUnitSub", "true|false", "has unit subscription (topicSysFlag bit 2)"),
                Flag.value("a", "attributes", "ATTRS", "topic attributes, +key=value,-key")),
            Command.of("deleteTopic", "delete a topic from every master of a cluster and from the NameServers",
                "petrel admin deleteTopic -n 127.0.0.1:9876 -c DefaultCluster -t Orders",
                TopicCommands::deleteTopic, TOPIC, Flag.value("c", "clusterName", "CLUSTER", "the cluster").mandatory()),
            Command.of("topicList", "list every topic the NameServer knows (-c: with cluster and consumer groups)",
                "petrel admin topicList -n 127.0.0.1:9876",
                TopicCommands::topicList, Flag.toggle("c", "clusterModel", "print cluster and consumer groups per topic")),
            Command.of("topicRoute", "print a topic's route (JSON, or a table with -l)",
                "petrel admin topicRoute -n 127.0.0.1:9876 -t Orders -l",
                TopicCommands::topicRoute, TOPIC, Flag.toggle("l", "list", "print as a table")),
            Command.of("topicStatus", "min and max offset and last update time of every queue of a topic",
                "petrel admin topicStatus -n 127.0.0.1:9876 -t Orders",
                TopicCommands::topicStatus, TOPIC, Flag.value("c", "cluster", "CLUSTER", "only brokers of this cluster")));
    }

    static Report updateTopic(Invocation in) {
        ParsedArgs a = in.args();
        a.requireOneOf("brokerAddr", "clusterName");
        String topic = a.required("topic");
        int read = a.integer("readQueueNums", 8, 1, 1024);
        int write = a.integer("writeQueueNums", 8, 1, 1024);
        int perm = a.integer("perm", 6, 0, 7);
        boolean order = a.bool("order", false);
        int sysFlag = (a.bool("unit", false) ? 1 : 0) | (a.bool("hasUnitSub", false) ? 2 : 0);
        String attributes = a.string("attributes", "");
        TopicConfig config = new TopicConfig(topic, read, write, perm, TopicFilterType.SINGLE_TAG, sysFlag, order,
            parseAttributes(attributes));
        AdminClient admin = in.admin();
        Report r = new Report();
        List<String> done = new ArrayList<>();
        List<String> orderConf = new ArrayList<>();
        if (a.has("brokerAddr")) {
            String addr = a.required("brokerAddr");
            admin.createTopic(addr, config, attributes);
            r.linef("create topic to %s success.", addr);
            done.add(addr);
            if (order) {
                String name = admin.brokerNameOf(addr);
                if (name == null) {
                    throw new dev.petrel.client.ClientException("broker " + addr + " is not registered with NameServer "
                        + admin.namesrvAddr() + ", so its order config cannot be stored");
                }
                orderConf.add(name + ":" + write);
                admin.putKvConfig("ORDER_TOPIC_CONFIG", topic, String.join(";", orderConf));
                r.linef("set broker orderConf. isOrder=%s, orderConf=[%s]", order, String.join(";", orderConf));
            }
        } else {
            String cluster = a.required("clusterName");
            List<BrokerAddress> masters = admin.masters(cluster);
            if (masters.isEmpty()) {
                throw new dev.petrel.client.ClientException("cluster " + cluster + " has no master broker registered");
            }
            for (BrokerAddress m : masters) {
                admin.createTopic(m.address(), config, attributes);
                r.linef("create topic to %s success.", m.address());
                done.add(m.address());
                orderConf.add(m.brokerName() + ":" + write);
            }
            if (order) {
                admin.putKvConfig("ORDER_TOPIC_CONFIG", topic, String.join(";", orderConf));
                r.linef("set cluster orderConf. isOrder=%s, orderConf=[%s]", order, String.join(";", orderConf));
            }
        }
        r.linef("TopicConfig [topicName=%s, readQueueNums=%d, writeQueueNums=%d, perm=%s, topicFilterType=%s, "
                + "topicSysFlag=%d, order=%s, attributes=%s]", topic, read, write, Formats.perm(perm),
            TopicFilterType.SINGLE_TAG, sysFlag, order, config.attributes());
        r.put("brokers", done).put("topicConfig", config);
        if (order) {
            r.put("orderConf", String.join(";", orderConf));
        }
        return r;
    }

    /** {@code +a=b,+c=d,-e}: the added attributes, for the printed config (the broker gets the string). */
    static Map<String, String> parseAttributes(String text) {
        Map<String, String> out = new TreeMap<>();
        if (text == null || text.isBlank()) {
            return out;
        }
        for (String part : text.split(",")) {
            String p = part.trim();
            if (p.startsWith("+") && p.indexOf('=') > 1) {
                out.put(p.substring(1, p.indexOf('=')), p.substring(p.indexOf('=') + 1));
            } else if (!(p.startsWith("-") && p.length() > 1)) {
                throw new UsageException("attribute '" + p + "' is neither +key=value nor -key (example: -a +message.type=FIFO)");
            }
        }
        return out;
    }

    static Report deleteTopic(Invocation in) {
        String topic = in.args().required("topic");
        String cluster = in.args().required("clusterName");
        in.admin().admin().deleteTopic(cluster, topic);
        return new Report()
            .linef("delete topic [%s] from cluster [%s] success.", topic, cluster)
            .linef("delete topic [%s] from NameServer success.", topic)
            .put("topic", topic).put("cluster", cluster).put("deleted", true);
    }

    static Report topicList(Invocation in) {
        AdminClient admin = in.admin();
        Set<String> topics = new TreeSet<>(admin.admin().topicList());
        Report r = new Report();
        if (!in.args().has("clusterModel")) {
            topics.forEach(r::line);
            return r.put("topics", topics);
        }
        ClusterInfo info = admin.clusterInfo();
        Map<String, String> clusterOfBroker = new TreeMap<>();
        info.clusterAddrTable().forEach((c, names) -> names.forEach(n -> clusterOfBroker.put(n, c)));
        Table t = new Table("%-20s  %-48s  %-48s", "%-20s  %-64s  %-64s",
            "#Cluster Name", "cluster", "#Topic", "topic", "#Consumer Group", "consumerGroup");
        for (String topic : topics) {
            if (topic.startsWith("%RETRY%") || topic.startsWith("%DLQ%")) {
                continue;
            }
            TopicRouteData route;
            try {
                route = admin.topicRoute(topic);
            } catch (dev.petrel.client.NoRouteException e) {
                continue;
            }
            String cluster = route.brokerDatas().stream().map(b -> clusterOfBroker.getOrDefault(b.brokerName(), b.cluster()))
                .filter(java.util.Objects::nonNull).findFirst().orElse("");
            Set<String> groups = admin.admin().consumingGroups(topic);
            if (groups.isEmpty()) {
                t.row(Formats.cut(cluster, 20), Formats.cut(topic, 64), "");
            }
            for (String g : groups) {
                t.row(Formats.cut(cluster, 20), Formats.cut(topic, 64), Formats.cut(g, 64));
            }
        }
        return r.table("topics", t);
    }

    static Report topicRoute(Invocation in) {
        String topic = in.args().required("topic");
        TopicRouteData route = in.admin().topicRoute(topic);
        Report r = new Report().put("route", route);
        if (!in.args().has("list")) {
            String pretty = new String(JsonCodec.standard().encodePretty(route), StandardCharsets.UTF_8);
            pretty.lines().forEach(r::line);
            return r;
        }
        Map<String, QueueData> queues = new TreeMap<>();
        route.queueDatas().forEach(q -> queues.put(q.brokerName(), q));
        Table t = new Table("%-45s %-32s %-50s %-10s %-11s %-5s", "%-45s %-32s %-50s %-10s %-11s %-5s",
            "#ClusterName", "cluster", "#BrokerName", "brokerName", "#BrokerAddrs", "brokerAddrs", "#ReadQueue", "readQueueNums",
            "#WriteQueue", "writeQueueNums", "#Perm", "perm");
        int read = 0;
        int write = 0;
        List<BrokerData> brokers = new ArrayList<>(route.brokerDatas());
        brokers.sort(Comparator.comparing(BrokerData::brokerName));
        for (BrokerData b : brokers) {
            QueueData q = queues.get(b.brokerName());
            int rq = q == null ? 0 : q.readQueueNums();
            int wq = q == null ? 0 : q.writeQueueNums();
            read += rq;
            write += wq;
            Map<Long, String> addrs = new TreeMap<>(b.brokerAddrs());
            t.row(new Object[] {b.cluster(), b.brokerName(), addrs.toString(), rq, wq, q == null ? "" : Formats.perm(q.perm())},
                new Object[] {b.cluster(), b.brokerName(), addrs, rq, wq, q == null ? null : q.perm()});
        }
        r.table("brokers", t);
        r.line("-".repeat(158));
        r.linef("%-45s %-32s %-50s %-10s %-11s %-5s", "Total:", brokers.size(), "", read, write, "");
        Map<String, Object> total = new LinkedHashMap<>();
        total.put("brokers", brokers.size());
        total.put("readQueueNums", read);
        total.put("writeQueueNums", write);
        return r.put("total", total);
    }

    static Report topicStatus(Invocation in) {
        String topic = in.args().required("topic");
        AdminClient admin = in.admin();
        Map<MessageQueue, TopicOffset> stats = new TreeMap<>(admin.admin().topicStats(topic).offsetTable());
        String cluster = in.args().string("cluster");
        if (cluster != null) {
            Set<String> names = new TreeSet<>();
            admin.masters(cluster).forEach(b -> names.add(b.brokerName()));
            stats.keySet().removeIf(q -> !names.contains(q.brokerName()));
        }
        Table t = new Table("%-32s  %-4s  %-20s  %-20s    %s", "%-32s  %-4d  %-20d  %-20d    %s",
            "#Broker Name", "brokerName", "#QID", "queueId", "#Min Offset", "minOffset", "#Max Offset", "maxOffset",
            "#Last Updated", "lastUpdateTimestamp");
        stats.forEach((q, o) -> t.row(
            new Object[] {Formats.cut(q.brokerName(), 32), q.queueId(), o.minOffset(), o.maxOffset(),
                o.lastUpdateTimestamp() == 0 ? "" : Formats.millis(o.lastUpdateTimestamp())},
            new Object[] {q.brokerName(), q.queueId(), o.minOffset(), o.maxOffset(), o.lastUpdateTimestamp()}));
        return new Report().put("topic", topic).table("queues", t);
    }
}
