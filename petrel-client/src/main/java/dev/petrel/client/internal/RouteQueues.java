package dev.petrel.client.internal;

import dev.petrel.client.internal.producer.PublishQueues;
import dev.petrel.protocol.body.MessageQueue;
import dev.petrel.protocol.body.route.BrokerData;
import dev.petrel.protocol.body.route.QueueData;
import dev.petrel.protocol.body.route.TopicRouteData;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/**
 * Turns a topic route into the queue lists clients use (json-bodies.md §3.1), as the 5.3.1 client does. Pure.
 *
 * <ul>
 *   <li>publish: with an {@code orderTopicConf} ({@code broker:n;broker:n}) exactly those queues; otherwise, for each
 *       queue data sorted by broker name that is writable and whose broker has a master (id 0), queues
 *       {@code 0..writeQueueNums-1};</li>
 *   <li>subscribe: for each readable queue data, queues {@code 0..readQueueNums-1} (no master needed).</li>
 * </ul>
 */
public final class RouteQueues {

    /** PermName bits. */
    public static final int PERM_READ = 4;
    public static final int PERM_WRITE = 2;
    public static final long MASTER_ID = 0L;

    private RouteQueues() {
    }

    public static PublishQueues publishQueues(String topic, TopicRouteData route, boolean fromDefaultTopic) {
        String orderConf = route.orderTopicConf();
        if (orderConf != null && !orderConf.isEmpty()) {
            List<MessageQueue> queues = new ArrayList<>();
            for (String item : orderConf.split(";")) {
                String[] parts = item.split(":");
                if (parts.length != 2) {
                    continue;
                }
                int n = Integer.parseInt(parts[1].trim());
                for (int i = 0; i < n; i++) {
                    queues.add(new MessageQueue(topic, parts[0], i));
                }
            }
            return new PublishQueues(topic, queues, true, fromDefaultTopic);
        }
        List<QueueData> datas = new ArrayList<>(route.queueDatas());
        datas.sort(Comparator.comparing(QueueData::brokerName));
        List<MessageQueue> queues = new ArrayList<>();
        for (QueueData qd : datas) {
            if ((qd.perm() & PERM_WRITE) == 0) {
                continue;
            }
            BrokerData broker = broker(route, qd.brokerName());
            if (broker == null || !broker.brokerAddrs().containsKey(MASTER_ID)) {
                continue;
            }
            for (int i = 0; i < qd.writeQueueNums(); i++) {
                queues.add(new MessageQueue(topic, qd.brokerName(), i));
            }
        }
        return new PublishQueues(topic, queues, false, fromDefaultTopic);
    }

    /** The readable queues of the topic, sorted. */
    public static Set<MessageQueue> subscribeQueues(String topic, TopicRouteData route) {
        Set<MessageQueue> queues = new TreeSet<>();
        for (QueueData qd : route.queueDatas()) {
            if ((qd.perm() & PERM_READ) == 0) {
                continue;
            }
            for (int i = 0; i < qd.readQueueNums(); i++) {
                queues.add(new MessageQueue(topic, qd.brokerName(), i));
            }
        }
        return queues;
    }

    /**
     * The TBW102 route trimmed for a topic that does not exist yet: every queue data gets
     * {@code min(defaultTopicQueueNums, readQueueNums)} read and write queues (flows.md §2).
     */
    public static TopicRouteData forAutoCreate(TopicRouteData defaultTopicRoute, int defaultTopicQueueNums) {
        List<QueueData> trimmed = new ArrayList<>();
        for (QueueData qd : defaultTopicRoute.queueDatas()) {
            int n = Math.min(defaultTopicQueueNums, qd.readQueueNums());
            trimmed.add(new QueueData(qd.brokerName(), qd.perm(), n, qd.topicSysFlag(), n));
        }
        return new TopicRouteData(defaultTopicRoute.brokerDatas(), defaultTopicRoute.filterServerTable(),
            defaultTopicRoute.orderTopicConf(), trimmed, defaultTopicRoute.topicQueueMappingByBroker());
    }

    public static BrokerData broker(TopicRouteData route, String brokerName) {
        for (BrokerData b : route.brokerDatas()) {
            if (b.brokerName().equals(brokerName)) {
                return b;
            }
        }
        return null;
    }
}
