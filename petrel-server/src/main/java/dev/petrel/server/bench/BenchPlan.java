package dev.petrel.server.bench;

import dev.petrel.client.consumer.StartPosition;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.Objects;

/**
 * A run of {@code petrel bench}, validated: the command line turned into data. Invalid combinations are refused here
 * with a message naming the options, before anything connects.
 *
 * @param producer    null when nothing is sent ({@link Workload#CONSUME})
 * @param consumer    null when nothing is consumed ({@link Workload#PRODUCE})
 * @param topicSetup  null to use the topic as it is; otherwise create (or update) it first
 * @param resultFile  a file to append the result's JSON line to, or null
 */
record BenchPlan(Workload workload, String namesrvAddr, String topic, String label, Duration warmup, Duration duration,
                 Duration interval, Duration routeTimeout, Duration drainTimeout, TopicSetup topicSetup,
                 ProducerPlan producer, ConsumerPlan consumer, Path resultFile) {

    /** The most a bench body may have: the client's and broker's default {@code maxMessageSize}. */
    static final int MAX_BODY = 4 * 1024 * 1024;

    BenchPlan {
        Objects.requireNonNull(workload, "workload");
        require(namesrvAddr != null && !namesrvAddr.isBlank(), "-n: give the NameServer address, host:port");
        require(topic != null && !topic.isBlank(), "-t: give a topic");
        require(!duration.isNegative() && !duration.isZero(), "--duration must be positive");
        require(!warmup.isNegative(), "--warmup must not be negative");
        require(!interval.isNegative() && !interval.isZero(), "--interval must be positive");
        require((producer == null) == (workload == Workload.CONSUME), workload + " runs need "
            + (workload == Workload.CONSUME ? "no" : "a") + " producer");
        require((consumer == null) == (workload == Workload.PRODUCE), workload + " runs need "
            + (workload == Workload.PRODUCE ? "no" : "a") + " consumer");
    }

    static void require(boolean condition, String message) {
        if (!condition) {
            throw new IllegalArgumentException(message);
        }
    }

    /** Create the topic with {@code queues} read and write queues on every master of {@code cluster} (null: the only one). */
    record TopicSetup(String cluster, int queues) {
        TopicSetup {
            require(queues >= 1 && queues <= 1024, "--queues must be between 1 and 1024, got " + queues);
        }
    }

    /**
     * @param rate     messages per second of all threads together, 0 for as fast as possible
     * @param inflight async sends awaiting an answer at most, all threads together
     * @param compress let the client compress bodies of 4 KiB and more (off: the broker sees {@code size} bytes)
     * @param properties client properties of the producer by RocketMQ name ({@code pollNameServerInterval})
     * @param storeHostLog where to log changes of the broker that stores the acknowledged sends, or null
     *                     ({@link StoreHostLog})
     */
    record ProducerPlan(SendMode mode, int threads, int size, int batch, int inflight, double rate, boolean compress,
                        Map<String, String> properties, Path storeHostLog) {
        ProducerPlan {
            Objects.requireNonNull(mode, "mode");
            properties = Map.copyOf(properties);
            require(threads >= 1 && threads <= 4096, "--threads must be between 1 and 4096, got " + threads);
            require(size >= PayloadCodec.HEADER_SIZE && size <= MAX_BODY, "--size must be between "
                + PayloadCodec.HEADER_SIZE + " (the bench header with send time and run id) and " + MAX_BODY
                + " bytes, got " + size);
            require(batch >= 1 && batch <= 1024, "--batch must be between 1 and 1024, got " + batch);
            require(batch == 1 || mode == SendMode.SYNC, "--batch works with --sync only: the client sends batches "
                + "synchronously");
            require((long) batch * size <= MAX_BODY, "--batch × --size must stay within " + MAX_BODY
                + " bytes (maxMessageSize), got " + (long) batch * size);
            require(inflight >= 1, "--inflight must be at least 1, got " + inflight);
            require(rate >= 0, "--rate must not be negative");
        }

        /** Nanoseconds between two sends (or batches) of one thread at the plan's rate; 0 when unlimited. */
        long periodNanos() {
            return rate == 0 ? 0 : Math.max(1, (long) (1e9 * threads * batch / rate));
        }
    }

    /** @param group the consumer group; a new group starts at {@code from} */
    record ConsumerPlan(String group, int threads, StartPosition from) {
        ConsumerPlan {
            require(group != null && !group.isBlank(), "--group must not be empty");
            require(threads >= 1 && threads <= 1000, "--consume-threads must be between 1 and 1000, got " + threads);
            Objects.requireNonNull(from, "from");
        }
    }
}
