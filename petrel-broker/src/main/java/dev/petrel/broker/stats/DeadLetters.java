package dev.petrel.broker.stats;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;

/**
 * Messages a consumer group sent to its dead-letter topic, per group and original topic, since the broker started:
 * the source of {@code rocketmq_send_to_dlq_messages_total}. Recorded by the send-back processor (any send thread),
 * read by a scrape; a group's and topic's adder is made once and only added to.
 */
public final class DeadLetters {

    private final Map<String, Map<String, LongAdder>> byGroup = new ConcurrentHashMap<>();

    /** One message of {@code topic} (the topic it was first sent to) stored in {@code group}'s dead-letter topic. */
    public void record(String group, String topic) {
        byGroup.computeIfAbsent(group, g -> new ConcurrentHashMap<>()).computeIfAbsent(topic, t -> new LongAdder())
            .increment();
    }

    /** Visits every group and topic with its count. */
    public void forEach(Visitor visitor) {
        byGroup.forEach((group, topics) -> topics.forEach((topic, n) -> visitor.visit(group, topic, n.sum())));
    }

    /** What {@link #forEach} reports. */
    @FunctionalInterface
    public interface Visitor {
        void visit(String group, String topic, long messages);
    }
}
