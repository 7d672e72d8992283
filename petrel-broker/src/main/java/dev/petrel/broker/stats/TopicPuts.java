package dev.petrel.broker.stats;

import dev.petrel.metrics.BucketHistogram;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLongArray;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.BiConsumer;

/**
 * Messages, bytes and requests stored per topic (and messages and bytes per {@link MessageType}) since the broker
 * started: the one per-topic record of the send path, read by the metrics ({@code rocketmq_messages_in_total},
 * {@code rocketmq_throughput_in_total}) and by VIEW_BROKER_STATS_DATA's TOPIC_PUT_NUMS/SIZE windows.
 *
 * <p>Threading: send threads call {@link #record} concurrently; a topic's counters are created once by
 * {@link ConcurrentHashMap#computeIfAbsent} and only ever added to, so after a topic's first message a record is a
 * map lookup and three {@link LongAdder} adds (no allocation, no lock), and with {@code sizes} on two atomic adds into
 * the topic's size histogram of the request's mean record size ({@code rocketmq_message_size}). The histograms of a
 * topic's four message types are one {@link AtomicLongArray} (bucket counts and sum per type), not an object per
 * bucket: with thousands of topics a send's cost is in the cache lines it touches (measured in docs/benchmarks.md,
 * "Metrics on the send path"). Readers use {@link #forEach}.
 */
final class TopicPuts {

    /** {@code rocketmq_message_size}'s bounds (bytes). */
    static final double[] SIZE_BOUNDS = BucketHistogram.MESSAGE_SIZE_BYTES;
    /** Longs per type in a topic's size array: a count per bucket (the last one unbounded), then the sum. */
    static final int SLOTS = SIZE_BOUNDS.length + 2;

    private final Map<String, Counts> topics = new ConcurrentHashMap<>();
    private final boolean sizes;

    /** @param sizes whether to keep the size histograms (metrics-only figures: off when the endpoint is) */
    TopicPuts(boolean sizes) {
        this.sizes = sizes;
    }

    void record(String topic, MessageType type, int messages, long bytes) {
        Counts c = topics.get(topic);
        if (c == null) {
            c = topics.computeIfAbsent(topic, t -> new Counts(sizes));
        }
        c.messages[type.ordinal()].add(messages);
        c.bytes[type.ordinal()].add(bytes);
        c.calls.increment();
        if (c.sizes != null && messages > 0) {
            c.recordSize(type, bytes / messages); // as RocketMQ: written bytes over messages, once per request
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
        /** Per type, {@link #SLOTS} longs: the bucket counts of {@link #SIZE_BOUNDS}, then the sum; null when off. */
        private final AtomicLongArray sizes;

        Counts(boolean withSizes) {
            this.sizes = withSizes ? new AtomicLongArray(MessageType.ALL.length * SLOTS) : null;
        }

        void recordSize(MessageType type, long size) {
            int base = type.ordinal() * SLOTS;
            sizes.incrementAndGet(base + BucketHistogram.bucket(SIZE_BOUNDS, size));
            sizes.addAndGet(base + SLOTS - 1, size);
        }

        /** The size histogram's bucket counts of {@code type} (not cumulative); null when sizes are off. */
        long[] sizeCounts(MessageType type) {
            if (sizes == null) {
                return null;
            }
            long[] n = new long[SLOTS - 1];
            for (int i = 0; i < n.length; i++) {
                n[i] = sizes.get(type.ordinal() * SLOTS + i);
            }
            return n;
        }

        long sizeSum(MessageType type) {
            return sizes == null ? 0 : sizes.get(type.ordinal() * SLOTS + SLOTS - 1);
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
