package dev.petrel.broker.stats;

import dev.petrel.metrics.BucketHistogram;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicReferenceArray;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.BiConsumer;

/**
 * Messages, bytes and requests stored per topic (and messages and bytes per {@link MessageType}) since the broker
 * started: the one per-topic record of the send path, read by the metrics ({@code rocketmq_messages_in_total},
 * {@code rocketmq_throughput_in_total}) and by VIEW_BROKER_STATS_DATA's TOPIC_PUT_NUMS/SIZE windows.
 *
 * <p>Threading: send threads call {@link #record} concurrently; a topic's counters are created once by
 * {@link ConcurrentHashMap#computeIfAbsent} and only ever added to, so after a topic's first message a record is a
 * map lookup and three {@link LongAdder} adds (no allocation, no lock), and with {@code sizes} on a
 * {@link BucketHistogram#record} of the request's mean record size ({@code rocketmq_message_size}, whose histogram
 * of a topic and type is made at its first use). Readers use {@link #forEach}.
 */
final class TopicPuts {

    private final Map<String, Counts> topics = new ConcurrentHashMap<>();
    private final boolean sizes;

    /** @param sizes whether to keep the size histograms (metrics-only figures: off when the endpoint is) */
    TopicPuts(boolean sizes) {
        this.sizes = sizes;
    }

    void record(String topic, MessageType type, int messages, long bytes) {
        Counts c = topics.get(topic);
        if (c == null) {
            c = topics.computeIfAbsent(topic, t -> new Counts());
        }
        c.messages[type.ordinal()].add(messages);
        c.bytes[type.ordinal()].add(bytes);
        c.calls.increment();
        if (sizes && messages > 0) {
            c.sizes(type).record(bytes / messages); // as RocketMQ: written bytes over messages, once per request
        }
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
        private final AtomicReferenceArray<BucketHistogram> sizes = new AtomicReferenceArray<>(MessageType.ALL.length);

        /** The size histogram of {@code type}, made at its first use. */
        BucketHistogram sizes(MessageType type) {
            BucketHistogram h = sizes.get(type.ordinal());
            if (h == null) {
                sizes.compareAndSet(type.ordinal(), null, new BucketHistogram(BucketHistogram.MESSAGE_SIZE_BYTES));
                h = sizes.get(type.ordinal());
            }
            return h;
        }

        /** The size histogram of {@code type}; null before its first sized request. */
        BucketHistogram sizesOrNull(MessageType type) {
            return sizes.get(type.ordinal());
        }

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
