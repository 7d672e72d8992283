package dev.petrel.client.producer;

import dev.petrel.client.ClientBuilder;
import dev.petrel.client.ClientException;
import dev.petrel.client.Message;
import dev.petrel.client.ReceivedMessage;
import dev.petrel.client.Replies;
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
import dev.petrel.client.internal.producer.TransactionCalls;
import dev.petrel.common.config.Config;
import dev.petrel.common.time.Clock;
import dev.petrel.message.DecodedMessage;
import dev.petrel.message.NameValidator;
import dev.petrel.message.PropertyNames;
import dev.petrel.protocol.body.MessageQueue;
import dev.petrel.protocol.body.route.TopicRouteData;
import dev.petrel.protocol.header.client.CheckTransactionStateRequestHeader;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
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

    private static final Logger LOG = LoggerFactory.getLogger(PetrelProducer.class);

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
    private final TransactionListener transactionListener;
    private final TransactionCalls transactionCalls;
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
        this.transactionListener = b.transactionListener;
        this.transactionCalls = new TransactionCalls(instance.remote(), group, sendTimeout);
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

    /**
     * Sends a transactional message: the broker stores it as a half message that consumers cannot see, then this
     * producer's {@link TransactionListener} runs the local transaction and its outcome commits (the message becomes
     * visible), rolls back (it never does) or stays open (UNKNOWN: the broker asks a producer of the group later,
     * every {@code transactionCheckInterval}). Needs {@link Builder#transactionListener}.
     */
    public TransactionSendResult sendInTransaction(Message message, Object arg) {
        if (transactionListener == null) {
            throw new IllegalStateException("producer " + group + " has no TransactionListener; set one with "
                + "PetrelProducer.builder().transactionListener(...)");
        }
        Map<String, String> props = new LinkedHashMap<>(message.properties());
        props.remove(PropertyNames.DELAY_TIME_LEVEL); // RocketMQ ignores delays on transactional messages
        props.put(PropertyNames.TRANSACTION_PREPARED, "true");
        props.put(PropertyNames.PRODUCER_GROUP, group);
        Message half = Message.withProperties(message.topic(), message.body(), message.flag(), props);
        SendResult sent = send(half);
        LocalTransactionState state = LocalTransactionState.ROLLBACK;
        if (sent.status() == SendStatus.SEND_OK) {
            state = runLocal(() -> transactionListener.executeLocalTransaction(message, arg), sent.msgId());
        }
        String addr = instance.routes().masterAddress(sent.queue().brokerName());
        try {
            transactionCalls.endAfterSend(addr, sent.queue().brokerName(), message.topic(), sent.offsetMsgId(),
                sent.queueOffset(), sent.msgId(), sent.transactionId() != null ? sent.transactionId() : sent.msgId(),
                state.wireCode());
        } catch (ClientException e) {
            // The broker will ask about the transaction (check-back), so the outcome is not lost.
            LOG.warn("could not tell broker {} the outcome {} of transaction {}: {}", addr, state, sent.msgId(),
                e.getMessage());
        }
        return new TransactionSendResult(sent, state);
    }

    /**
     * Sends a request and waits for its reply (request-reply): a consumer of the topic answers with {@link
     * Replies#reply} and the broker pushes the reply to this client. Throws {@link ClientException} on timeout.
     */
    public ReceivedMessage request(Message message, Duration timeout) {
        try {
            return requestAsync(message, timeout).join();
        } catch (java.util.concurrent.CompletionException e) {
            if (e.getCause() instanceof RuntimeException r) {
                throw r;
            }
            throw e;
        }
    }

    /** The async form of {@link #request}: the future completes with the reply, or with a {@link ClientException}. */
    public CompletableFuture<ReceivedMessage> requestAsync(Message message, Duration timeout) {
        String correlationId = java.util.UUID.randomUUID().toString();
        Map<String, String> props = new LinkedHashMap<>(message.properties());
        props.put(PropertyNames.CORRELATION_ID, correlationId);
        props.put(PropertyNames.MESSAGE_REPLY_TO_CLIENT, instance.clientId());
        props.put(PropertyNames.MESSAGE_TTL, Long.toString(timeout.toMillis()));
        Message request = Message.withProperties(message.topic(), message.body(), message.flag(), props);
        if (instance.routes().route(message.topic()) == null) {
            // The broker pushes the reply to the connection our heartbeat registered: make sure it has one.
            instance.route(message.topic());
            instance.sendHeartbeatToAllBrokers();
        }
        CompletableFuture<ReceivedMessage> reply = instance.replies().register(correlationId);
        sendAsync(request).whenComplete((r, failure) -> {
            if (failure != null) {
                reply.completeExceptionally(failure);
            }
        });
        return reply.orTimeout(timeout.toMillis(), TimeUnit.MILLISECONDS).exceptionallyCompose(t -> {
            Throwable cause = t instanceof java.util.concurrent.CompletionException && t.getCause() != null
                ? t.getCause() : t;
            if (cause instanceof java.util.concurrent.TimeoutException) {
                return CompletableFuture.failedFuture(new ClientException("request to " + message.topic()
                    + " sent, but no reply within " + timeout.toMillis() + " ms (correlation id " + correlationId + ")"));
            }
            return CompletableFuture.failedFuture(cause);
        });
    }

    private LocalTransactionState runLocal(java.util.function.Supplier<LocalTransactionState> local, String msgId) {
        try {
            LocalTransactionState s = local.get();
            return s == null ? LocalTransactionState.UNKNOWN : s;
        } catch (RuntimeException e) {
            LOG.warn("the local transaction of message {} failed; the broker will ask again", msgId, e);
            return LocalTransactionState.UNKNOWN;
        }
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
            if (transactionListener != null && !closed) {
                // A broker asks only producers it knows (by heartbeat) about open transactions: say hello at once
                // rather than at the next 30 s heartbeat, so a producer taking over for a dead one is asked soon.
                background.execute(instance::sendHeartbeatToAllBrokers);
            }
        }

        @Override
        public void checkTransaction(String brokerAddr, CheckTransactionStateRequestHeader header,
                                     DecodedMessage message) {
            if (transactionListener == null || closed) {
                return;
            }
            background.execute(() -> answerCheck(brokerAddr, header, message));
        }
    }

    private void answerCheck(String brokerAddr, CheckTransactionStateRequestHeader header, DecodedMessage m) {
        String uniq = m.property(PropertyNames.UNIQ_CLIENT_MESSAGE_ID_KEYIDX);
        String msgId = uniq != null ? uniq : m.msgId();
        String brokerName = header.rpc().bname();
        ReceivedMessage received = ReceivedMessage.of(m, m.topic(), brokerName == null ? "" : brokerName,
            m.queueOffset(), new LinkedHashMap<>(m.properties()));
        LocalTransactionState state = runLocal(() -> transactionListener.checkLocalTransaction(received), msgId);
        try {
            transactionCalls.endAfterCheck(brokerAddr, brokerName, m.topic(), header.commitLogOffset(),
                header.tranStateTableOffset(), msgId, header.transactionId(), state.wireCode());
        } catch (ClientException e) {
            LOG.warn("could not answer broker {} about transaction {}: {}", brokerAddr, msgId, e.getMessage());
        }
    }

    /** Builds a started {@link PetrelProducer}. */
    public static final class Builder extends ClientBuilder<Builder> {

        private TransactionListener transactionListener;

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

        /** Makes this a transactional producer: {@link #sendInTransaction} and the broker's check-backs use it. */
        public Builder transactionListener(TransactionListener listener) {
            this.transactionListener = listener;
            return this;
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
