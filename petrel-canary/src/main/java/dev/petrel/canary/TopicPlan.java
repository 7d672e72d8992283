package dev.petrel.canary;

import dev.petrel.protocol.body.MessageQueue;
import dev.petrel.protocol.body.route.BrokerData;
import dev.petrel.protocol.body.route.ClusterInfo;
import dev.petrel.protocol.body.route.QueueData;
import dev.petrel.protocol.body.route.TopicRouteData;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * Which brokers the canary watches and which queues it uses, from what the NameServer says: pure functions over the
 * cluster table and the canary topic's route.
 */
final class TopicPlan {

    /** PermName: readable and writable. */
    private static final int PERM_READ = 4;
    private static final int PERM_WRITE = 2;
    private static final long MASTER_ID = 0L;

    private TopicPlan() {
    }

    /** Master address by broker name, of {@code cluster} (blank: of every cluster), in name order. */
    static Map<String, String> masters(ClusterInfo info, String cluster) {
        Set<String> names = new HashSet<>();
        info.clusterAddrTable().forEach((c, brokers) -> {
            if (cluster.isBlank() || cluster.equals(c)) {
                names.addAll(brokers);
            }
        });
        Map<String, String> masters = new TreeMap<>();
        for (String name : names) {
            BrokerData data = info.brokerAddrTable().get(name);
            String address = data == null ? null : data.brokerAddrs().get(MASTER_ID);
            if (address != null) {
                masters.put(name, address);
            }
        }
        return masters;
    }

    /** The masters the route does not list (route null: the topic exists nowhere). */
    static Map<String, String> lacking(Map<String, String> masters, TopicRouteData route) {
        Map<String, String> lacking = new TreeMap<>(masters);
        if (route != null) {
            for (QueueData q : route.queueDatas()) {
                lacking.remove(q.brokerName());
            }
        }
        return lacking;
    }

    /**
     * The queues to use: on each of {@code brokers} that the route gives read and write permission, queue ids from 0
     * to the smaller of its read and write queue counts.
     */
    static List<MessageQueue> queues(String topic, TopicRouteData route, Set<String> brokers) {
        List<MessageQueue> queues = new ArrayList<>();
        if (route == null) {
            return queues;
        }
        for (QueueData q : route.queueDatas()) {
            if (!brokers.contains(q.brokerName()) || (q.perm() & PERM_READ) == 0 || (q.perm() & PERM_WRITE) == 0) {
                continue;
            }
            int n = Math.min(q.readQueueNums(), q.writeQueueNums());
            for (int id = 0; id < n; id++) {
                queues.add(new MessageQueue(topic, q.brokerName(), id));
            }
        }
        queues.sort(null);
        return queues;
    }
}
