package dev.petrel.client.internal.consumer;

import dev.petrel.message.NameValidator;
import dev.petrel.message.filter.FilterCompilation;
import dev.petrel.message.filter.FilterCompiler;
import dev.petrel.protocol.body.heartbeat.SubscriptionData;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A consumer's subscriptions by topic, as heartbeats and pulls carry them (json-bodies.md §5). Expressions are
 * compiled when subscribing, so a bad one fails at once with the compiler's explanation. Thread-safe.
 */
public final class Subscriptions {

    private final Map<String, SubscriptionData> byTopic = new ConcurrentHashMap<>();

    /**
     * @param type       {@code TAG} or {@code SQL92}
     * @param subVersion the subscription's version: the client's time in ms, as RocketMQ uses
     */
    public void subscribe(String topic, String type, String expression, long subVersion) {
        String invalid = NameValidator.validateTopic(topic);
        if (invalid != null && !topic.startsWith(NameValidator.RETRY_PREFIX)) {
            throw new IllegalArgumentException(invalid);
        }
        FilterCompilation compiled = FilterCompiler.compile(type, expression);
        if (!compiled.isValid()) {
            throw new IllegalArgumentException("subscription to " + topic + " is invalid: " + compiled.error().map(e -> e.message()).orElse("?"));
        }
        byTopic.put(topic, SubscriptionData.of(topic, type, expression, subVersion));
    }

    public SubscriptionData get(String topic) {
        return byTopic.get(topic);
    }

    public Set<String> topics() {
        return Set.copyOf(byTopic.keySet());
    }

    public Set<SubscriptionData> all() {
        return Set.copyOf(byTopic.values());
    }

    public boolean isEmpty() {
        return byTopic.isEmpty();
    }

    /** RocketMQ's retry topic of a group. */
    public static String retryTopic(String group) {
        return NameValidator.RETRY_PREFIX + group;
    }
}
