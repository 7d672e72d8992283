package dev.petrel.client.internal.producer;

import dev.petrel.client.NoRouteException;
import dev.petrel.client.internal.ClientInstance;
import dev.petrel.client.internal.RouteQueues;
import dev.petrel.protocol.body.route.TopicRouteData;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A producer's publish queues per topic (flows.md §2): fetched on first send, replaced when the instance sees the
 * route change. A topic without a route of its own is sent through the TBW102 route (auto-creation by the broker)
 * until its real route appears. Thread-safe: sending threads read and fill it, the instance's scheduler updates it.
 */
public final class PublishTable {

    private final ClientInstance instance;
    private final String createTopicKey;
    private final int defaultTopicQueueNums;
    private final Map<String, PublishQueues> table = new ConcurrentHashMap<>();

    public PublishTable(ClientInstance instance, String createTopicKey, int defaultTopicQueueNums) {
        this.instance = instance;
        this.createTopicKey = createTopicKey;
        this.defaultTopicQueueNums = defaultTopicQueueNums;
    }

    /** The topic's publish queues, fetching its route (or TBW102's) when not known; never empty. */
    public PublishQueues get(String topic) {
        PublishQueues known = table.get(topic);
        if (known != null && !known.isEmpty()) {
            return known;
        }
        TopicRouteData route = instance.refreshRoute(topic);
        PublishQueues found = null;
        if (route != null) {
            found = RouteQueues.publishQueues(topic, route, false);
        } else {
            TopicRouteData template = instance.route(createTopicKey);
            if (template != null) {
                found = RouteQueues.publishQueues(topic, RouteQueues.forAutoCreate(template, defaultTopicQueueNums), true);
            }
        }
        if (found == null || found.isEmpty()) {
            throw NoRouteException.noRoute(topic, instance.nameServerAddresses());
        }
        table.put(topic, found);
        return found;
    }

    /** A fresh route of {@code topic} arrived (from the instance's scheduler or a refresh after a failure). */
    public void routeChanged(String topic, TopicRouteData route) {
        if (table.containsKey(topic)) {
            table.put(topic, RouteQueues.publishQueues(topic, route, false));
        } else if (topic.equals(createTopicKey)) {
            table.replaceAll((t, p) -> p.fromDefaultTopic()
                ? RouteQueues.publishQueues(t, RouteQueues.forAutoCreate(route, defaultTopicQueueNums), true) : p);
        }
    }

    /** Topics to keep fresh: every topic sent to, and TBW102 while some topic still depends on it. */
    public Set<String> topics() {
        Set<String> topics = new LinkedHashSet<>(table.keySet());
        if (table.values().stream().anyMatch(PublishQueues::fromDefaultTopic)) {
            topics.add(createTopicKey);
        }
        return topics;
    }

    /** Refetches the topic's route now (after a failed send). */
    public void refresh(String topic) {
        TopicRouteData route = instance.refreshRoute(topic);
        if (route != null) {
            table.put(topic, RouteQueues.publishQueues(topic, route, false));
        }
    }
}
