package dev.petrel.client.consumer;

import dev.petrel.client.ClientBuilder;
import dev.petrel.client.consumer.allocate.AllocateStrategies;
import dev.petrel.client.consumer.allocate.AllocateStrategy;
import dev.petrel.client.internal.ClientInstance;
import dev.petrel.client.internal.ClientInstances;
import dev.petrel.client.internal.ClientSettings;
import dev.petrel.client.internal.consumer.ConcurrentConsumeService;
import dev.petrel.client.internal.consumer.ConsumeService;
import dev.petrel.client.internal.consumer.FlowControl;
import dev.petrel.client.internal.consumer.OrderlyConsumeService;
import dev.petrel.client.internal.consumer.PushConsumerCore;
import dev.petrel.client.internal.consumer.PushPuller;
import dev.petrel.client.internal.consumer.Subscriptions;
import dev.petrel.common.config.Config;
import dev.petrel.common.time.Clock;
import dev.petrel.message.NameValidator;
import dev.petrel.protocol.body.MessageQueue;
import dev.petrel.protocol.body.client.ConsumerRunningInfo;
import dev.petrel.protocol.body.heartbeat.MessageModel;
import dev.petrel.protocol.body.heartbeat.SubscriptionData;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * Consumes messages as they arrive: the consumer long-polls its queues and calls your listener. In a clustering group
 * (the default) the members split the queues between them (see {@link AllocateStrategies}) and each message goes to
 * one member; in a broadcasting group every member gets every message.
 *
 * <pre>{@code
 * PetrelPushConsumer consumer = PetrelPushConsumer.builder()
 *     .namesrvAddr("127.0.0.1:9876").group("billing")
 *     .subscribe("Orders", "created || paid")
 *     .listener((messages, context) -> { handle(messages); return ConsumeResult.SUCCESS; })
 *     .build();   // started
 * ...
 * consumer.close(); // commits offsets, leaves the group
 * }</pre>
 *
 * Flow control pauses a queue's pulls while it caches more than {@code pullThresholdForQueue} (1000) messages or
 * {@code pullThresholdSizeForQueue} (100 MiB), or (concurrent listener) spans more than 2000 offsets. Offsets are
 * committed every 5 s, when a queue moves to another member, and on close. Thread-safe.
 */
public final class PetrelPushConsumer implements AutoCloseable {

    private static final DateTimeFormatter TIMESTAMP = DateTimeFormatter.ofPattern("yyyyMMddHHmmss");

    private final String group;
    private final ClientInstance instance;
    private final PushConsumerCore core;
    private volatile boolean closed;

    private PetrelPushConsumer(Builder b) {
        Config config = b.configValue();
        this.group = config.get(PushConsumerConfig.CONSUMER_GROUP);
        if (group == null) {
            throw new IllegalArgumentException("a push consumer needs a group: call group(\"...\") on the builder");
        }
        String invalid = NameValidator.validateGroup(group);
        if (invalid != null) {
            throw new IllegalArgumentException("consumer group: " + invalid);
        }
        if (b.subscriptions.isEmpty()) {
            throw new IllegalArgumentException("consumer group " + group + " subscribes to nothing: call subscribe(topic, "
                + "expression) on the builder");
        }
        if ((b.concurrent == null) == (b.orderly == null)) {
            throw new IllegalArgumentException("set exactly one listener: listener(ConcurrentMessageListener) or "
                + "orderlyListener(OrderlyMessageListener)");
        }
        Clock clock = b.clockValue();
        MessageModel model = config.get(PushConsumerConfig.MESSAGE_MODEL);
        Subscriptions subs = new Subscriptions();
        b.subscriptions.forEach((topic, sub) -> subs.subscribe(topic, sub[0], sub[1], clock.millis()));
        if (model == MessageModel.CLUSTERING) {
            subs.subscribe(Subscriptions.retryTopic(group), SubscriptionData.TAG, SubscriptionData.SUB_ALL, clock.millis());
        }
        boolean orderly = b.orderly != null;
        int threads = config.get(PushConsumerConfig.CONSUME_THREAD_MIN);
        int batch = config.get(PushConsumerConfig.CONSUME_MESSAGE_BATCH_MAX_SIZE);
        FlowControl flow = new FlowControl(config.get(PushConsumerConfig.PULL_THRESHOLD_FOR_QUEUE),
            config.get(PushConsumerConfig.PULL_THRESHOLD_SIZE_FOR_QUEUE),
            config.get(PushConsumerConfig.CONSUME_CONCURRENTLY_MAX_SPAN), orderly);
        PushPuller.Settings pull = new PushPuller.Settings(group, model, config.get(PushConsumerConfig.PULL_BATCH_SIZE),
            config.get(PushConsumerConfig.PULL_BATCH_SIZE_IN_BYTES), config.get(PushConsumerConfig.PULL_INTERVAL),
            config.get(PushConsumerConfig.BROKER_SUSPEND_MAX_TIME_MILLIS),
            config.get(PushConsumerConfig.CONSUMER_TIMEOUT_MILLIS_WHEN_SUSPEND),
            config.get(PushConsumerConfig.POST_SUBSCRIPTION_WHEN_PULL), flow);
        PushConsumerCore.Settings settings = new PushConsumerCore.Settings(group, model,
            config.get(PushConsumerConfig.CONSUME_FROM_WHERE), startTimestamp(config, clock), b.strategy, pull,
            config.get(PushConsumerConfig.AWAIT_TERMINATION_MILLIS_WHEN_SHUTDOWN), config.asText(),
            Path.of(config.get(PushConsumerConfig.LOCAL_OFFSET_STORE_DIR)), orderly,
            config.get(PushConsumerConfig.REBALANCE_LOCK_INTERVAL), config.get(PushConsumerConfig.REBALANCE_LOCK_MAX_LIVE_TIME));
        int maxReconsume = config.get(PushConsumerConfig.MAX_RECONSUME_TIMES);
        long suspend = config.get(PushConsumerConfig.SUSPEND_CURRENT_QUEUE_TIME_MILLIS);
        this.instance = ClientInstances.acquire(ClientSettings.from(config, clock));
        try {
            this.core = new PushConsumerCore(instance, settings, subs, (offsets, scheduler, locks, retry) -> orderly
                ? new OrderlyConsumeService(b.orderly, group, threads, batch, suspend, maxReconsume, offsets, scheduler,
                    locks, retry, clock)
                : new ConcurrentConsumeService(b.concurrent, group, model, threads, batch, maxReconsume, offsets, instance,
                    scheduler, retry, clock), clock);
            core.start();
        } catch (RuntimeException e) {
            ClientInstances.release(instance);
            throw e;
        }
    }

    private static long startTimestamp(Config config, Clock clock) {
        String text = config.get(PushConsumerConfig.CONSUME_TIMESTAMP);
        if (text == null || text.isEmpty()) {
            return clock.millis() - 30 * 60 * 1000L;
        }
        try {
            return LocalDateTime.parse(text, TIMESTAMP).atZone(ZoneId.systemDefault()).toInstant().toEpochMilli();
        } catch (DateTimeParseException e) {
            throw new IllegalArgumentException("consumeTimestamp '" + text + "' is not yyyyMMddHHmmss", e);
        }
    }

    public static Builder builder() {
        return new Builder();
    }

    public String group() {
        return group;
    }

    /** This client's id, {@code ip@instanceName}, as the group's members and brokers see it. */
    public String clientId() {
        return instance.clientId();
    }

    /** The queues this member consumes now. */
    public Set<MessageQueue> assignedQueues() {
        return core.assignedQueues();
    }

    /** The next offset to consume of {@code queue} as this member knows it; -1 when unknown. */
    public long consumedOffset(MessageQueue queue) {
        return core.consumedOffset(queue);
    }

    /**
     * What {@code mqadmin consumerStatus} shows: per queue the cached message count and size (what flow control
     * bounds), offsets and timestamps, plus settings and subscriptions.
     */
    public ConsumerRunningInfo runningInfo() {
        return core.runningInfo();
    }

    /**
     * Stops pulling, waits for running listener calls (up to {@code awaitTerminationMillisWhenShutdown}), commits
     * every queue's offset and leaves the group, so the other members take over its queues. Idempotent.
     */
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

    /** Builds a started {@link PetrelPushConsumer}. */
    public static final class Builder extends ClientBuilder<Builder> {

        private final Map<String, String[]> subscriptions = new LinkedHashMap<>();
        private ConcurrentMessageListener concurrent;
        private OrderlyMessageListener orderly;
        private AllocateStrategy strategy = AllocateStrategies.averagely();

        private Builder() {
            super("push consumer", PushConsumerConfig.DEFINITION);
        }

        public Builder group(String consumerGroup) {
            return set(PushConsumerConfig.CONSUMER_GROUP, consumerGroup);
        }

        /**
         * Subscribes to messages of {@code topic} whose tag matches {@code tags} ({@code "*"}, {@code "a || b"}).
         *
         * @throws IllegalArgumentException if the tag expression is invalid
         */
        public Builder subscribe(String topic, String tags) {
            return subscribe(topic, MessageSelector.byTag(tags));
        }

        /**
         * Subscribes to the messages of {@code topic} the selector picks ({@link MessageSelector#bySql} needs
         * {@code enablePropertyFilter=true} on the brokers: {@link #build()} asks them and fails with their answer).
         */
        public Builder subscribe(String topic, MessageSelector selector) {
            subscriptions.put(topic, new String[] {selector.type(), selector.expression()});
            return this;
        }

        /**
         * Subscribes with a SQL92 property filter; same as {@code subscribe(topic, MessageSelector.bySql(expression))}.
         *
         * @throws IllegalArgumentException if the expression does not compile, saying where and why
         */
        public Builder subscribeSql92(String topic, String expression) {
            return subscribe(topic, MessageSelector.bySql(expression));
        }

        public Builder listener(ConcurrentMessageListener listener) {
            this.concurrent = Objects.requireNonNull(listener);
            return this;
        }

        public Builder orderlyListener(OrderlyMessageListener listener) {
            this.orderly = Objects.requireNonNull(listener);
            return this;
        }

        public Builder messageModel(MessageModel model) {
            return set(PushConsumerConfig.MESSAGE_MODEL, model);
        }

        /** Where a group without committed offsets starts. */
        public Builder startFrom(StartPosition position) {
            return set(PushConsumerConfig.CONSUME_FROM_WHERE, position);
        }

        /** For {@link StartPosition#TIMESTAMP}: the start time, {@code yyyyMMddHHmmss} local time. */
        public Builder consumeTimestamp(String yyyyMMddHHmmss) {
            return set(PushConsumerConfig.CONSUME_TIMESTAMP, yyyyMMddHHmmss);
        }

        public Builder allocateStrategy(AllocateStrategy value) {
            this.strategy = Objects.requireNonNull(value);
            return this;
        }

        public Builder consumeThreads(int threads) {
            set(PushConsumerConfig.CONSUME_THREAD_MAX, threads);
            return set(PushConsumerConfig.CONSUME_THREAD_MIN, threads);
        }

        public Builder consumeBatchSize(int messages) {
            return set(PushConsumerConfig.CONSUME_MESSAGE_BATCH_MAX_SIZE, messages);
        }

        public Builder pullBatchSize(int messages) {
            return set(PushConsumerConfig.PULL_BATCH_SIZE, messages);
        }

        public Builder pullThresholdForQueue(int messages) {
            return set(PushConsumerConfig.PULL_THRESHOLD_FOR_QUEUE, messages);
        }

        public Builder pullThresholdSizeForQueue(int mebibytes) {
            return set(PushConsumerConfig.PULL_THRESHOLD_SIZE_FOR_QUEUE, mebibytes);
        }

        public Builder maxReconsumeTimes(int times) {
            return set(PushConsumerConfig.MAX_RECONSUME_TIMES, times);
        }

        /** On close, wait this long for running listener calls before committing offsets. */
        public Builder awaitTerminationOnClose(java.time.Duration wait) {
            return set(PushConsumerConfig.AWAIT_TERMINATION_MILLIS_WHEN_SHUTDOWN, wait.toMillis());
        }

        /** Broadcasting: where the local offset files go. */
        public Builder localOffsetStoreDir(Path dir) {
            return set(PushConsumerConfig.LOCAL_OFFSET_STORE_DIR, dir.toString());
        }

        Clock clockValue() {
            return clock();
        }

        Config configValue() {
            return config();
        }

        /** Creates and starts the consumer. */
        public PetrelPushConsumer build() {
            return new PetrelPushConsumer(this);
        }
    }
}
