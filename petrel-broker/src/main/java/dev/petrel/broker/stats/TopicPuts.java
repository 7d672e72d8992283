package dev.petrel.broker.stats;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.BiConsumer;

/**
 * Messages and bytes stored per topic and {@link MessageType} since the broker started: the source of
 * {@code rocketmq_messages_in_total} and {@code rocketmq_throughput_in_total}.
 *
 * <p>Threading: send threads call {@link #record} concurrently; a topic's counters are created once by
 * {@link ConcurrentHashMap#computeIfAbsent} and only ever added to, so after a topic's first message a record is a
 * map lookup and two {@link LongAdder} adds (no allocation, no lock). Scrapes read with {@link #forEach}.
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
    }

    /** Every topic's counts (a copy of nothing: reads the adders). */
    void forEach(BiConsumer<String, Counts> action) {
        topics.forEach(action);
    }

    void remove(String topic) {
        topics.remove(topic);
    }

    /** One topic's adders, by {@link MessageType#ordinal()}. */
    static final class Counts {
        private final LongAdder[] messages = adders();
        private final LongAdder[] bytes = adders();

        long messages(MessageType type) {
            return messages[type.ordinal()].sum();
        }

        long bytes(MessageType type) {
            return bytes[type.ordinal()].sum();
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
