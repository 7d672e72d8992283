package dev.petrel.client.consumer;

import dev.petrel.client.ClientBuilder;
import dev.petrel.client.ReceivedMessage;
import dev.petrel.client.consumer.allocate.AllocateStrategies;
import dev.petrel.client.consumer.allocate.AllocateStrategy;
import dev.petrel.client.internal.ClientInstance;
import dev.petrel.client.internal.ClientInstances;
import dev.petrel.client.internal.ClientSettings;
import dev.petrel.client.internal.consumer.FlowControl;
import dev.petrel.client.internal.consumer.LitePullCore;
import dev.petrel.common.config.Config;
import dev.petrel.common.time.Clock;
import dev.petrel.message.NameValidator;
import dev.petrel.protocol.body.MessageQueue;
import dev.petrel.protocol.body.client.ConsumerRunningInfo;
import dev.petrel.protocol.body.heartbeat.MessageModel;
import java.nio.file.Path;
import java.time.Duration;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * Consumes by polling, like Kafka's consumer: messages are fetched in the background (long polling) and handed out by
 * {@link #poll}. Either {@link #subscribe} to topics (the group's members split the queues, rebalanced automatically)
 * or {@link #assign} queues yourself; {@link #seek} moves a queue's position. Offsets are committed automatically
 * from {@code poll} every 5 s ({@code autoCommit}, the default) or explicitly with {@link #commitSync()}.
 *
 * <pre>{@code
 * try (PetrelLitePullConsumer consumer = PetrelLitePullConsumer.builder()
 *         .namesrvAddr("127.0.0.1:9876").group("audit").autoCommit(false).build()) {
 *     consumer.assign(consumer.fetchMessageQueues("Orders"));
 *     List<ReceivedMessage> batch = consumer.poll(Duration.ofSeconds(1));
 *     ...
 *     consumer.commitSync();
 * }
 * }</pre>
 *
 * {@code poll}, {@code seek}, {@code pause}/{@code resume} and commits are meant for one polling thread; fetching
 * runs on the consumer's own threads.
 */
public final class PetrelLitePullConsumer implements AutoCloseable {

    private final String group;
    private final ClientInstance instance;
    private final LitePullCore core;
    private final long pollTimeout;
    private volatile boolean closed;

    private PetrelLitePullConsumer(Builder b) {
        Config config = b.configValue();
        this.group = config.get(LitePullConsumerConfig.CONSUMER_GROUP);
        if (group == null) {
            throw new IllegalArgumentException("a lite pull consumer needs a group: call group(\"...\") on the builder");
        }
        String invalid = NameValidator.validateGroup(group);
        if (invalid != null) {
            throw new IllegalArgumentException("consumer group: " + invalid);
        }
        Clock clock = b.clockValue();
        this.pollTimeout = config.get(LitePullConsumerConfig.POLL_TIMEOUT_MILLIS);
        String ts = config.get(LitePullConsumerConfig.CONSUME_TIMESTAMP);
        long start = ts == null || ts.isEmpty() ? clock.millis() - 30 * 60 * 1000L
            : LocalDateTime.parse(ts, DateTimeFormatter.ofPattern("yyyyMMddHHmmss")).atZone(ZoneId.systemDefault())
                .toInstant().toEpochMilli();
        LitePullCore.Settings settings = new LitePullCore.Settings(group, config.get(LitePullConsumerConfig.MESSAGE_MODEL),
            config.get(LitePullConsumerConfig.CONSUME_FROM_WHERE), start, b.strategy,
            config.get(LitePullConsumerConfig.PULL_BATCH_SIZE),
            new FlowControl(config.get(LitePullConsumerConfig.PULL_THRESHOLD_FOR_QUEUE),
                config.get(LitePullConsumerConfig.PULL_THRESHOLD_SIZE_FOR_QUEUE), Integer.MAX_VALUE, true),
            config.get(LitePullConsumerConfig.BROKER_SUSPEND_MAX_TIME_MILLIS),
            config.get(LitePullConsumerConfig.CONSUMER_TIMEOUT_MILLIS_WHEN_SUSPEND),
            config.get(LitePullConsumerConfig.AUTO_COMMIT), config.get(LitePullConsumerConfig.AUTO_COMMIT_INTERVAL_MILLIS),
            config.asText(), Path.of(config.get(LitePullConsumerConfig.LOCAL_OFFSET_STORE_DIR)));
        this.instance = ClientInstances.acquire(ClientSettings.from(config, clock));
        try {
            this.core = new LitePullCore(instance, settings, clock);
            core.start();
        } catch (RuntimeException e) {
            ClientInstances.release(instance);
            throw e;
        }
    }

    public static Builder builder() {
        return new Builder();
    }

    /** Subscribes to {@code topic} messages whose tag matches {@code tags}; the group's members split the queues. */
    public void subscribe(String topic, String tags) {
        subscribe(topic, MessageSelector.byTag(tags));
    }

    /**
     * Subscribes to the messages of {@code topic} the selector picks; the group's members split the queues. Every
     * pull carries the expression, so a SQL92 selector works against any broker with {@code enablePropertyFilter}
     * (one without it refuses each pull, which is logged).
     */
    public void subscribe(String topic, MessageSelector selector) {
        core.subscribe(topic, selector.type(), selector.expression());
    }

    /** Same as {@code subscribe(topic, MessageSelector.bySql(expression))}. */
    public void subscribeSql92(String topic, String expression) {
        subscribe(topic, MessageSelector.bySql(expression));
    }

    /**
     * Consumes exactly these queues (replacing any earlier assignment); a queue without a committed offset starts at
     * the configured start position.
     */
    public void assign(Collection<MessageQueue> queues) {
        core.assign(queues);
    }

    /** The readable queues of a topic, for {@link #assign}. */
    public Collection<MessageQueue> fetchMessageQueues(String topic) {
        return core.fetchMessageQueues(topic);
    }

    /** The queues consumed now. */
    public Set<MessageQueue> assignment() {
        return core.assignment();
    }

    /** The next batch of fetched messages (one queue's worth), waiting up to {@code pollTimeoutMillis}. */
    public List<ReceivedMessage> poll() {
        return core.poll(pollTimeout);
    }

    /** The next batch, waiting up to {@code timeout}; empty when nothing arrived in time. */
    public List<ReceivedMessage> poll(Duration timeout) {
        return core.poll(timeout.toMillis());
    }

    /** The next poll of {@code queue} returns messages from {@code offset} on (must be within the queue's range). */
    public void seek(MessageQueue queue, long offset) {
        core.seek(queue, offset);
    }

    public void seekToBegin(MessageQueue queue) {
        core.seek(queue, core.minOffset(queue));
    }

    public void seekToEnd(MessageQueue queue) {
        core.seek(queue, core.maxOffset(queue));
    }

    /** Stops fetching these queues (already fetched messages are still returned). */
    public void pause(Collection<MessageQueue> queues) {
        core.pause(queues);
    }

    public void resume(Collection<MessageQueue> queues) {
        core.resume(queues);
    }

    /** Commits the polled position of every assigned queue and waits for the brokers. */
    public void commitSync() {
        core.commitAll();
    }

    /** Commits these offsets (the next offset to consume, per queue) and waits for the brokers. */
    public void commitSync(Map<MessageQueue, Long> offsets) {
        core.commit(offsets);
    }

    /** The group's committed offset of {@code queue}; -1 when none. */
    public long committed(MessageQueue queue) {
        return core.committed(queue);
    }

    /** The next offset poll will return for {@code queue}. */
    public long position(MessageQueue queue) {
        return core.position(queue);
    }

    public ConsumerRunningInfo runningInfo() {
        return core.runningInfo();
    }

    public String group() {
        return group;
    }

    public String clientId() {
        return instance.clientId();
    }

    /** Stops fetching, commits (with autoCommit) and leaves the group. Idempotent. */
    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        try {
            core.close();
        } finally {
            ClientInstances.release(instance);
        }
    }

    /** Builds a started {@link PetrelLitePullConsumer} (subscribe or assign afterwards). */
    public static final class Builder extends ClientBuilder<Builder> {

        private AllocateStrategy strategy = AllocateStrategies.averagely();

        private Builder() {
            super("lite pull consumer", LitePullConsumerConfig.DEFINITION);
        }

        public Builder group(String consumerGroup) {
            return set(LitePullConsumerConfig.CONSUMER_GROUP, consumerGroup);
        }

        public Builder autoCommit(boolean enabled) {
            return set(LitePullConsumerConfig.AUTO_COMMIT, enabled);
        }

        public Builder autoCommitInterval(Duration interval) {
            return set(LitePullConsumerConfig.AUTO_COMMIT_INTERVAL_MILLIS, interval.toMillis());
        }

        public Builder pullBatchSize(int messages) {
            return set(LitePullConsumerConfig.PULL_BATCH_SIZE, messages);
        }

        public Builder pollTimeout(Duration timeout) {
            return set(LitePullConsumerConfig.POLL_TIMEOUT_MILLIS, timeout.toMillis());
        }

        public Builder startFrom(StartPosition position) {
            return set(LitePullConsumerConfig.CONSUME_FROM_WHERE, position);
        }

        public Builder messageModel(MessageModel model) {
            return set(LitePullConsumerConfig.MESSAGE_MODEL, model);
        }

        public Builder allocateStrategy(AllocateStrategy value) {
            this.strategy = Objects.requireNonNull(value);
            return this;
        }

        Clock clockValue() {
            return clock();
        }

        Config configValue() {
            return config();
        }

        public PetrelLitePullConsumer build() {
            return new PetrelLitePullConsumer(this);
        }
    }
}
