package dev.petrel.client.internal.producer;

import dev.petrel.client.NoRouteException;
import dev.petrel.client.internal.ClientInstance;
import dev.petrel.client.internal.RouteQueues;
import dev.petrel.protocol.body.route.TopicRouteData;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A producer's publish queues per topic (flows.md §2): fetched on first send, replaced when the instance sees the
 * route change. A topic without a route of its own is sent through the TBW102 route (auto-creation by the broker)
 * until its real route appears.
 *
 * <p>Threads: sending threads read and fill it, the instance's scheduler (and any thread refreshing a route) updates
 * it through {@link #routeChanged}. Entries are one {@link ConcurrentHashMap} slot per topic. A sender installs the
 * queues it derived from a route it fetched with {@code compute}, and does not replace queues another thread
 * installed meanwhile (they come from a route at least as new), except queues borrowed from TBW102, which a topic's
 * own route always replaces. Otherwise a sender that fell back to TBW102 could overwrite the real route installed by a
 * concurrent first send, and the producer would keep sending through TBW102 until the route changed again.
 */
public final class PublishTable {

    /** What the table needs from the client instance. */
    public interface Routes {
        /** Fetches the route now (telling members when it changed); null when the topic has none. */
        TopicRouteData refreshRoute(String topic);

        /** The known route, fetched when not known; null when none. */
        TopicRouteData route(String topic);

        List<String> nameServerAddresses();
    }

    private final Routes instance;
    private final String createTopicKey;
    private final int defaultTopicQueueNums;
    private final Map<String, PublishQueues> table = new ConcurrentHashMap<>();

    public PublishTable(ClientInstance instance, String createTopicKey, int defaultTopicQueueNums) {
        this(new Routes() {
            @Override
            public TopicRouteData refreshRoute(String topic) {
                return instance.refreshRoute(topic);
            }

            @Override
            public TopicRouteData route(String topic) {
                return instance.route(topic);
            }

            @Override
            public List<String> nameServerAddresses() {
                return instance.nameServerAddresses();
            }
        }, createTopicKey, defaultTopicQueueNums);
    }

    public PublishTable(Routes routes, String createTopicKey, int defaultTopicQueueNums) {
        this.instance = routes;
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
        return install(topic, found);
    }

    /** Installs what a sender derived; returns what the table holds afterwards (see the class comment). */
    private PublishQueues install(String topic, PublishQueues found) {
        return table.compute(topic, (t, current) -> current == null || current.isEmpty()
            || current.fromDefaultTopic() && !found.fromDefaultTopic() ? found : current);
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
            // A changed route was installed by routeChanged already; this replaces only empty or TBW102 queues.
            install(topic, RouteQueues.publishQueues(topic, route, false));
        }
    }
}
