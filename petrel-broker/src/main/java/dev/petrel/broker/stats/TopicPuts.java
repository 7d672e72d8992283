package dev.petrel.broker.stats;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.BiConsumer;

/**
 * Messages, bytes and requests stored per topic (and messages and bytes per {@link MessageType}) since the broker
 * started: the one per-topic record of the send path, read by the metrics ({@code rocketmq_messages_in_total},
 * {@code rocketmq_throughput_in_total}) and by VIEW_BROKER_STATS_DATA's TOPIC_PUT_NUMS/SIZE windows.
 *
 * <p>Threading: send threads call {@link #record} concurrently; a topic's counters are created once by
 * {@link ConcurrentHashMap#computeIfAbsent} and only ever added to, so after a topic's first message a record is a
 * map lookup and three {@link LongAdder} adds (no allocation, no lock). Readers use {@link #forEach}.
 */
final class TopicPuts {

    private final Map<String, Counts> topics = new ConcurrentHashMap<>();

    void record(String topic, MessageType type, int messages, long bytes) {
        Counts c = topics.get(topic);
        if (c == null) {
            c = topics.computeIfAbsent(topic, t -> new Counts());
        }
        c.messages[type.ordinal()].add(messages);
        c.bytes[type.ordinal()].add(bytes);
        c.calls.increment();
    }

    /** Every topic's counts (a copy of nothing: reads the adders). */
    void forEach(BiConsumer<String, Counts> action) {
        topics.forEach(action);
    }

    /** One topic's counts; null before its first message. */
    Counts counts(String topic) {
        return topics.get(topic);
    }

    void remove(String topic) {
        topics.remove(topic);
    }

    /** One topic's adders, by {@link MessageType#ordinal()}. */
    static final class Counts {
        private final LongAdder[] messages = adders();
        private final LongAdder[] bytes = adders();
        private final LongAdder calls = new LongAdder();

        long messages(MessageType type) {
            return messages[type.ordinal()].sum();
        }

        long bytes(MessageType type) {
            return bytes[type.ordinal()].sum();
        }

        long totalMessages() {
            return total(messages);
        }

        long totalBytes() {
            return total(bytes);
        }

        /** Requests that stored messages (a batch is one). */
        long calls() {
            return calls.sum();
        }

        private static long total(LongAdder[] byType) {
            long sum = 0;
            for (LongAdder a : byType) {
                sum += a.sum();
            }
            return sum;
        }

        private static LongAdder[] adders() {
            LongAdder[] a = new LongAdder[MessageType.ALL.length];
            for (int i = 0; i < a.length; i++) {
                a[i] = new LongAdder();
            }
            return a;
        }
    }
}
