package dev.petrel.namesrv.route;

import dev.petrel.protocol.body.route.TopicRouteData;
import java.util.Objects;

/**
 * The published route of one topic: immutable, shared by every reader, with its response bodies encoded on first use
 * and then reused (a route changes far less often than it is read, so most GET_ROUTEINFO_BY_TOPIC answers are a map
 * lookup and a cached array).
 *
 * <p>The cached arrays are handed to responses as they are; nobody may modify them.
 *
 * <p>Threads: any request thread reads it. The two body caches are volatile and set without a lock: two threads may
 * both encode a body, which is harmless because the encoding of an immutable route is deterministic.
 */
public final class TopicRoute {

    private final String topic;
    private final TopicRouteData data;
    private volatile byte[] standardBody;
    private volatile byte[] legacyBody;

    TopicRoute(String topic, TopicRouteData data) {
        this.topic = Objects.requireNonNull(topic, "topic");
        this.data = Objects.requireNonNull(data, "data");
    }

    public String topic() {
        return topic;
    }

    public TopicRouteData data() {
        return data;
    }

    /**
     * The response body: standard JSON, or the legacy form with unquoted broker ids (see {@link RouteBodyCodec}).
     * Two threads may encode concurrently on first use; both produce the same bytes.
     */
    public byte[] body(boolean standardJson) {
        if (standardJson) {
            byte[] body = standardBody;
            if (body == null) {
                body = RouteBodyCodec.encode(data, true);
                standardBody = body;
            }
            return body;
        }
        byte[] body = legacyBody;
        if (body == null) {
            body = RouteBodyCodec.encode(data, false);
            legacyBody = body;
        }
        return body;
    }

    /** This route with {@code orderTopicConf} set (built per request, not cached: it comes from the KV config). */
    public TopicRoute withOrderTopicConf(String orderTopicConf) {
        return new TopicRoute(topic, new TopicRouteData(data.brokerDatas(), data.filterServerTable(), orderTopicConf,
            data.queueDatas(), data.topicQueueMappingByBroker()));
    }

    @Override
    public String toString() {
        return "TopicRoute[" + topic + " " + data + "]";
    }
}
