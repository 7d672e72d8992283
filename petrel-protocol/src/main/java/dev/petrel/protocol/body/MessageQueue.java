package dev.petrel.protocol.body;

import java.util.Comparator;

/**
 * One queue of a topic on one broker. JSON {@code {"brokerName":…,"queueId":…,"topic":…}}; as a map key it is written
 * as a string holding that JSON (json-bodies.md §2).
 *
 * <p>{@link #toString()} is RocketMQ's exact text, {@code MessageQueue [topic=T, brokerName=B, queueId=N]}: the
 * consistent-hash allocation strategy hashes it, so it must not change. Ordering is RocketMQ's: topic, broker name,
 * queue id.
 */
public record MessageQueue(String topic, String brokerName, int queueId) implements Comparable<MessageQueue> {

    private static final Comparator<String> NULLS_FIRST = Comparator.nullsFirst(Comparator.naturalOrder());
    private static final Comparator<MessageQueue> ORDER = Comparator.comparing(MessageQueue::topic, NULLS_FIRST)
        .thenComparing(MessageQueue::brokerName, NULLS_FIRST)
        .thenComparingInt(MessageQueue::queueId);

    @Override
    public int compareTo(MessageQueue other) {
        return ORDER.compare(this, other);
    }

    @Override
    public String toString() {
        return "MessageQueue [topic=" + topic + ", brokerName=" + brokerName + ", queueId=" + queueId + "]";
    }
}
