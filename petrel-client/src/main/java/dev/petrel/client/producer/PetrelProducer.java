package dev.petrel.client.producer;

import dev.petrel.client.ClientBuilder;
import dev.petrel.client.ClientException;
import dev.petrel.client.Message;
import dev.petrel.client.internal.ClientInstance;
import dev.petrel.client.internal.ClientInstances;
import dev.petrel.client.internal.ClientMember;
import dev.petrel.client.internal.ClientSettings;
import dev.petrel.client.internal.ClientThreadFactory;
import dev.petrel.client.internal.UniqueIds;
import dev.petrel.client.internal.producer.BatchSplitter;
import dev.petrel.client.internal.producer.BodyCompressor;
import dev.petrel.client.internal.producer.LatencyFaultTable;
import dev.petrel.client.internal.producer.PublishTable;
import dev.petrel.client.internal.producer.QueuePicker;
import dev.petrel.client.internal.producer.SendEngine;
import dev.petrel.client.internal.producer.SendRequestFactory;
import dev.petrel.common.config.Config;
import dev.petrel.common.time.Clock;
import dev.petrel.message.NameValidator;
import dev.petrel.message.PropertyNames;
import dev.petrel.protocol.body.MessageQueue;
import dev.petrel.protocol.body.route.TopicRouteData;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

/**
 * Sends messages to topics: synchronously, asynchronously ({@link CompletableFuture}) or oneway; in batches; in order
 * through a {@link MessageQueueSelector}. Thread-safe; one producer serves any number of threads.
 *
 * <pre>{@code
 * try (PetrelProducer producer = PetrelProducer.builder().namesrvAddr("127.0.0.1:9876").group("orders").build()) {
 *     SendResult r = producer.send(Message.of("Orders", "{\"id\":42}"));
 *     producer.sendAsync(Message.of("Orders", "...")).thenAccept(res -> log(res.msgId()));
 * }
 * }</pre>
 *
 * Failed sync sends are retried on another broker ({@code retryTimesWhenSendFailed}, 2 by default) within the time
 * budget ({@code sendMsgTimeout}, 3 s). Bodies of 4 KiB and more are compressed. Every message gets a client-side id
 * ({@link SendResult#msgId()}) in RocketMQ's format. {@link #close()} unregisters the producer from every broker.
 */
public final class PetrelProducer implements AutoCloseable {

    private final String group;
    private final ClientInstance instance;
    private final PublishTable publish;
    private final SendEngine engine;
    private final SendRequestFactory requests;
    private final ExecutorService background;
    private final int sendTimeout;
    private final int syncAttempts;
    private final int asyncAttempts;
    private final int maxMessageSize;
    private final QueuePicker picker;
    private volatile boolean closed;

    private PetrelProducer(Builder b) {
        Config config = b.configValue();
        this.group = config.get(ProducerConfig.PRODUCER_GROUP);
        String invalid = NameValidator.validateGroup(group);
        if (invalid != null) {
            throw new IllegalArgumentException("producer group: " + invalid);
        }
        Clock clock = b.clockValue();
        this.sendTimeout = config.get(ProducerConfig.SEND_MSG_TIMEOUT);
        this.syncAttempts = 1 + config.get(ProducerConfig.RETRY_TIMES_WHEN_SEND_FAILED);
        this.asyncAttempts = 1 + config.get(ProducerConfig.RETRY_TIMES_WHEN_SEND_ASYNC_FAILED);
        this.maxMessageSize = config.get(ProducerConfig.MAX_MESSAGE_SIZE);
        this.requests = new SendRequestFactory(group, config.get(ProducerConfig.CREATE_TOPIC_KEY),
            config.get(ProducerConfig.DEFAULT_TOPIC_QUEUE_NUMS),
            new BodyCompressor(config.get(ProducerConfig.COMPRESS_MSG_BODY_OVER_HOWMUCH), config.get(ProducerConfig.COMPRESS_LEVEL)));
        this.instance = ClientInstances.acquire(ClientSettings.from(config, clock));
        this.publish = new PublishTable(instance, config.get(ProducerConfig.CREATE_TOPIC_KEY),
            config.get(ProducerConfig.DEFAULT_TOPIC_QUEUE_NUMS));
        this.picker = new QueuePicker(new LatencyFaultTable(clock), config.get(ProducerConfig.SEND_LATENCY_FAULT_ENABLE));
        int threads = Math.max(2, Runtime.getRuntime().availableProcessors());
        this.background = new ThreadPoolExecutor(threads, threads, 60, TimeUnit.SECONDS, new LinkedBlockingQueue<>(),
            new ClientThreadFactory("petrel-producer-" + group + "-async", true));
        ((ThreadPoolExecutor) background).allowCoreThreadTimeOut(true);
        this.engine = new SendEngine(instance, publish, picker, clock,
            config.get(ProducerConfig.RETRY_ANOTHER_BROKER_WHEN_NOT_STORE_OK), background);
        try {
            instance.registerProducer(new Member());
        } catch (RuntimeException e) {
            background.shutdown();
            ClientInstances.release(instance);
            throw e;
        }
    }

    public static Builder builder() {
        return new Builder();
    }

    /** Sends and waits for the broker's answer, retrying on another broker after failures. */
    public SendResult send(Message message) {
        return send(message, Duration.ofMillis(sendTimeout));
    }

    /** Like {@link #send(Message)} with another time budget. */
    public SendResult send(Message message, Duration timeout) {
        return engine.send(job(message), syncAttempts, timeout.toMillis());
    }

    /**
     * Sends without blocking; the future completes (on a client thread) with the result or a {@link ClientException}.
     * Failed attempts are retried like sync ones ({@code retryTimesWhenSendAsyncFailed}).
     */
    public CompletableFuture<SendResult> sendAsync(Message message) {
        try {
            return engine.sendAsync(job(message), asyncAttempts, sendTimeout);
        } catch (RuntimeException e) {
            return CompletableFuture.failedFuture(e);
        }
    }

    /** Sends without waiting for any answer: fastest, and a failure goes unnoticed. */
    public void sendOneway(Message message) {
        engine.sendOneway(job(message), sendTimeout);
    }

    /**
     * Sends to the queue {@code selector} picks: messages with the same {@code arg} (with {@link
     * MessageQueueSelector#byHash()}) go to the same queue and are consumed in order. No retry on another queue, as
     * that would break the order.
     */
    public SendResult send(Message message, MessageQueueSelector selector, Object arg) {
        SendEngine.Job job = job(message);
        return engine.sendTo(job, select(message, selector, arg), sendTimeout);
    }

    /** The async form of {@link #send(Message, MessageQueueSelector, Object)}. */
    public CompletableFuture<SendResult> sendAsync(Message message, MessageQueueSelector selector, Object arg) {
        try {
            SendEngine.Job job = job(message);
            return engine.sendToAsync(job, select(message, selector, arg), sendTimeout);
        } catch (RuntimeException e) {
            return CompletableFuture.failedFuture(e);
        }
    }

    /** Sends to one given queue of the message's topic. */
    public SendResult send(Message message, MessageQueue queue) {
        if (!queue.topic().equals(message.topic())) {
            throw new IllegalArgumentException("queue " + queue + " is not a queue of topic " + message.topic());
        }
        return engine.sendTo(job(message), queue, sendTimeout);
    }

    /**
     * Sends messages of one topic as batches: split so each encoded batch stays within {@code maxMessageSize} (4 MiB),
     * each batch stored contiguously in one queue. Returns one result per batch sent, in order. RocketMQ's batch rules
     * apply: one topic, one {@code waitStoreMsgOK}, no delay level, no {@code %RETRY%} topic
     * ({@link IllegalArgumentException} before anything is sent).
     */
    public List<SendResult> sendBatch(Collection<Message> messages) {
        return sendBatches(List.copyOf(messages), null);
    }

    /**
     * Sends a batch to one given queue of its topic, split like {@link #sendBatch(Collection)}; the batches are stored
     * in that queue one after the other, so consumers with an orderly listener see the messages in list order. No
     * retry on another queue.
     */
    public List<SendResult> sendBatch(Collection<Message> messages, MessageQueue queue) {
        return sendBatches(List.copyOf(messages), queue);
    }

    /** Sends a batch to the queue {@code selector} picks for {@code arg} (ordered batches by key). */
    public List<SendResult> sendBatch(Collection<Message> messages, MessageQueueSelector selector, Object arg) {
        List<Message> list = List.copyOf(messages);
        if (list.isEmpty()) {
            throw new IllegalArgumentException("a batch needs at least one message");
        }
        return sendBatches(list, select(list.get(0), selector, arg));
    }

    /** @param queue the queue to send every batch to, or null to pick one per batch with retries */
    private List<SendResult> sendBatches(List<Message> list, MessageQueue queue) {
        for (Message m : list) {
            validate(m);
        }
        if (queue != null && !list.isEmpty() && !queue.topic().equals(list.get(0).topic())) {
            throw new IllegalArgumentException("queue " + queue + " is not a queue of topic " + list.get(0).topic());
        }
        List<String> keys = new ArrayList<>(list.size());
        for (Message m : list) {
            String existing = m.property(PropertyNames.UNIQ_CLIENT_MESSAGE_ID_KEYIDX);
            keys.add(existing != null ? existing : UniqueIds.next());
        }
        List<SendResult> results = new ArrayList<>();
        for (BatchSplitter.Batch batch : BatchSplitter.split(list, keys, maxMessageSize)) {
            SendEngine.Job job = new SendEngine.Job(list.get(0).topic(), String.join(",", batch.uniqKeys()),
                mq -> requests.batch(batch.messages(), batch.uniqKeys(), mq, instance.settings().clock().millis()),
                true);
            results.add(queue == null ? engine.send(job, syncAttempts, sendTimeout) : engine.sendTo(job, queue, sendTimeout));
        }
        return results;
    }

    /** The queues messages of {@code topic} can go to (what a selector chooses from). */
    public List<MessageQueue> publishQueues(String topic) {
        return publish.get(topic).queues();
    }

    public String group() {
        return group;
    }

    /** This client's id, {@code ip@instanceName}. */
    public String clientId() {
        return instance.clientId();
    }

    /** Unregisters from every broker and releases the shared connections. Idempotent. */
    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        try {
            instance.unregisterProducer(group);
        } finally {
            background.shutdown();
            ClientInstances.release(instance);
        }
    }

    private MessageQueue select(Message message, MessageQueueSelector selector, Object arg) {
        List<MessageQueue> queues = publish.get(message.topic()).queues();
        MessageQueue mq = selector.select(queues, message, arg);
        if (mq == null || !queues.contains(mq)) {
            throw new IllegalArgumentException("the selector chose " + mq + ", which is not a writable queue of topic "
                + message.topic() + " " + queues);
        }
        return mq;
    }

    private SendEngine.Job job(Message message) {
        if (closed) {
            throw new IllegalStateException("producer " + group + " is closed");
        }
        validate(message);
        String existing = message.property(PropertyNames.UNIQ_CLIENT_MESSAGE_ID_KEYIDX);
        String uniq = existing != null ? existing : UniqueIds.next();
        return new SendEngine.Job(message.topic(), uniq,
            mq -> requests.single(message, uniq, mq, instance.settings().clock().millis()), false);
    }

    private void validate(Message message) {
        String invalid = NameValidator.validateTopic(message.topic());
        if (invalid != null) {
            throw new IllegalArgumentException(invalid);
        }
        if (message.body().length == 0) {
            throw new IllegalArgumentException("message to " + message.topic() + " has an empty body; RocketMQ refuses "
                + "empty bodies");
        }
        if (message.body().length > maxMessageSize) {
            throw new IllegalArgumentException("message to " + message.topic() + " has a " + message.body().length
                + "-byte body, more than maxMessageSize (" + maxMessageSize + "); split it or raise maxMessageSize "
                + "on the producer and the broker");
        }
    }

    /** What the client instance needs from this producer. */
    private final class Member implements ClientMember {
        @Override
        public String group() {
            return group;
        }

        @Override
        public Set<String> topics() {
            return publish.topics();
        }

        @Override
        public void routeChanged(String topic, TopicRouteData route) {
            publish.routeChanged(topic, route);
        }
    }

    /** Builds a started {@link PetrelProducer}. */
    public static final class Builder extends ClientBuilder<Builder> {

        private Builder() {
            super("producer", ProducerConfig.DEFINITION);
        }

        public Builder group(String producerGroup) {
            return set(ProducerConfig.PRODUCER_GROUP, producerGroup);
        }

        public Builder sendTimeout(Duration timeout) {
            return set(ProducerConfig.SEND_MSG_TIMEOUT, Math.toIntExact(timeout.toMillis()));
        }

        /** Extra attempts of a failed sync send (2 by default). */
        public Builder retries(int times) {
            return set(ProducerConfig.RETRY_TIMES_WHEN_SEND_FAILED, times);
        }

        public Builder asyncRetries(int times) {
            return set(ProducerConfig.RETRY_TIMES_WHEN_SEND_ASYNC_FAILED, times);
        }

        /** Switches on the fault-latency mechanism (avoid brokers that answered slowly or failed). */
        public Builder latencyFaultEnabled(boolean enabled) {
            return set(ProducerConfig.SEND_LATENCY_FAULT_ENABLE, enabled);
        }

        public Builder compressOver(int bytes) {
            return set(ProducerConfig.COMPRESS_MSG_BODY_OVER_HOWMUCH, bytes);
        }

        public Builder maxMessageSize(int bytes) {
            return set(ProducerConfig.MAX_MESSAGE_SIZE, bytes);
        }

        Clock clockValue() {
            return clock();
        }

        Config configValue() {
            return config();
        }

        /** Creates the producer and connects it to the client instance of its NameServers. */
        public PetrelProducer build() {
            return new PetrelProducer(this);
        }
    }
}
