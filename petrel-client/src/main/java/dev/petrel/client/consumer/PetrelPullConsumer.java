package dev.petrel.client.consumer;

import dev.petrel.client.ClientBuilder;
import dev.petrel.client.ClientException;
import dev.petrel.client.ReceivedMessage;
import dev.petrel.client.internal.ClientInstance;
import dev.petrel.client.internal.ClientInstances;
import dev.petrel.client.internal.ClientSettings;
import dev.petrel.client.internal.ConsumerMember;
import dev.petrel.client.internal.RouteQueues;
import dev.petrel.client.internal.consumer.PullRequests;
import dev.petrel.client.internal.consumer.PullResponseReader;
import dev.petrel.client.internal.consumer.PullSysFlag;
import dev.petrel.client.internal.consumer.RemoteOffsetStore;
import dev.petrel.common.config.Config;
import dev.petrel.message.NameValidator;
import dev.petrel.protocol.body.MessageQueue;
import dev.petrel.protocol.body.client.CMResult;
import dev.petrel.protocol.body.client.ConsumeMessageDirectlyResult;
import dev.petrel.protocol.body.client.ConsumerRunningInfo;
import dev.petrel.protocol.body.heartbeat.ConsumeFromWhere;
import dev.petrel.protocol.body.heartbeat.ConsumeType;
import dev.petrel.protocol.body.heartbeat.ConsumerData;
import dev.petrel.protocol.body.heartbeat.MessageModel;
import dev.petrel.protocol.body.heartbeat.SubscriptionData;
import dev.petrel.protocol.body.route.TopicRouteData;
import dev.petrel.protocol.code.RequestCode;
import java.time.Instant;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;

/**
 * One pull at a time, where and when you say: you choose the queue and the offset and keep track of progress
 * yourself (optionally storing it on the broker with {@link #commitOffset}). Thread-safe.
 *
 * <pre>{@code
 * try (PetrelPullConsumer consumer = PetrelPullConsumer.builder().namesrvAddr("127.0.0.1:9876").group("etl").build()) {
 *     for (MessageQueue q : consumer.fetchSubscribeQueues("Orders")) {
 *         PullResult r = consumer.pull(q, "*", consumer.fetchConsumeOffset(q), 32);
 *         ...
 *         consumer.commitOffset(q, r.nextBeginOffset());
 *     }
 * }
 * }</pre>
 */
public final class PetrelPullConsumer implements AutoCloseable {

    private final String group;
    private final ClientInstance instance;
    private final RemoteOffsetStore offsets;
    private final long suspendMillis;
    private final long suspendTimeoutMillis;
    private final long pullTimeoutMillis;
    private volatile boolean closed;

    private PetrelPullConsumer(Builder b) {
        Config config = b.configValue();
        this.group = config.get(PullConsumerConfig.CONSUMER_GROUP);
        if (group == null || NameValidator.validateGroup(group) != null) {
            throw new IllegalArgumentException("a pull consumer needs a valid group: "
                + (group == null ? "call group(\"...\") on the builder" : NameValidator.validateGroup(group)));
        }
        this.suspendMillis = config.get(PullConsumerConfig.BROKER_SUSPEND_MAX_TIME_MILLIS);
        this.suspendTimeoutMillis = config.get(PullConsumerConfig.CONSUMER_TIMEOUT_MILLIS_WHEN_SUSPEND);
        this.pullTimeoutMillis = config.get(PullConsumerConfig.CONSUMER_PULL_TIMEOUT_MILLIS);
        this.instance = ClientInstances.acquire(ClientSettings.from(config, b.clockValue()));
        this.offsets = new RemoteOffsetStore(instance, group);
        try {
            instance.registerConsumer(new Member());
        } catch (RuntimeException e) {
            ClientInstances.release(instance);
            throw e;
        }
    }

    public static Builder builder() {
        return new Builder();
    }

    /** The readable queues of {@code topic}. */
    public Set<MessageQueue> fetchSubscribeQueues(String topic) {
        TopicRouteData route = instance.requireRoute(topic);
        return RouteQueues.subscribeQueues(topic, route);
    }

    /** Pulls up to {@code maxNums} messages of {@code queue} from {@code offset} whose tag matches {@code tags}. */
    public PullResult pull(MessageQueue queue, String tags, long offset, int maxNums) {
        return join(pullAsync(queue, tags, offset, maxNums, false));
    }

    /**
     * Pulls up to {@code maxNums} messages of {@code queue} from {@code offset} that the selector picks (a SQL92
     * selector needs {@code enablePropertyFilter=true} on the broker). The result's {@code nextBeginOffset} moves
     * past the messages the broker skipped; NO_MATCHED_MSG means none of the examined ones matched.
     */
    public PullResult pull(MessageQueue queue, MessageSelector selector, long offset, int maxNums) {
        return join(pullAsync(queue, selector, offset, maxNums, false));
    }

    /** Like {@link #pull}, but the broker holds the request (up to 20 s) until a message arrives. */
    public PullResult pullBlockIfNotFound(MessageQueue queue, String tags, long offset, int maxNums) {
        return join(pullAsync(queue, tags, offset, maxNums, true));
    }

    /** The async form of {@link #pull}; {@code block} lets the broker hold the request. */
    public CompletableFuture<PullResult> pullAsync(MessageQueue queue, String tags, long offset, int maxNums,
                                                   boolean block) {
        MessageSelector selector;
        try {
            selector = MessageSelector.byTag(tags);
        } catch (IllegalArgumentException e) {
            return CompletableFuture.failedFuture(e);
        }
        return pullAsync(queue, selector, offset, maxNums, block);
    }

    /** The async form of {@link #pull(MessageQueue, MessageSelector, long, int)}. */
    public CompletableFuture<PullResult> pullAsync(MessageQueue queue, MessageSelector selector, long offset,
                                                   int maxNums, boolean block) {
        SubscriptionData sub = SubscriptionData.of(queue.topic(), selector.type(), selector.expression(),
            instance.settings().clock().millis());
        String address;
        try {
            address = address(queue);
        } catch (RuntimeException e) {
            return CompletableFuture.failedFuture(e);
        }
        int sysFlag = PullSysFlag.SUBSCRIPTION | (block ? PullSysFlag.SUSPEND : 0);
        return instance.remote().callAsync(address, PullRequests.build(RequestCode.PULL_MESSAGE, group, queue, offset,
                maxNums, sysFlag, 0, block ? suspendMillis : 0, sub, null), block ? suspendTimeoutMillis : pullTimeoutMillis,
                "pull of " + queue)
            .thenApply(response -> PullResponseReader.read(response, queue, sub, address).result());
    }

    public long minOffset(MessageQueue queue) {
        return instance.brokers().minOffset(address(queue), queue);
    }

    /** The queue's next offset to be written. */
    public long maxOffset(MessageQueue queue) {
        return instance.brokers().maxOffset(address(queue), queue);
    }

    /** The first offset stored at or after {@code time}. */
    public long searchOffset(MessageQueue queue, Instant time) {
        return instance.brokers().searchOffset(address(queue), queue, time.toEpochMilli());
    }

    /** The group's committed offset of {@code queue} on the broker; -1 when none. */
    public long fetchConsumeOffset(MessageQueue queue) {
        return offsets.peekStore(queue);
    }

    /** Stores {@code offset} (the next to consume) as the group's offset of {@code queue}, waiting for the broker. */
    public void commitOffset(MessageQueue queue, long offset) {
        offsets.update(queue, offset, false);
        offsets.persistSync(queue);
    }

    public String group() {
        return group;
    }

    public String clientId() {
        return instance.clientId();
    }

    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        try {
            instance.unregisterConsumer(group);
        } finally {
            ClientInstances.release(instance);
        }
    }

    private String address(MessageQueue queue) {
        String address = instance.routes().anyAddress(queue.brokerName());
        if (address == null) {
            instance.refreshRoute(queue.topic());
            address = instance.routes().anyAddress(queue.brokerName());
        }
        if (address == null) {
            throw new ClientException("broker " + queue.brokerName() + " of " + queue + " is in no route from NameServers "
                + instance.nameServerAddresses());
        }
        return address;
    }

    private static PullResult join(CompletableFuture<PullResult> f) {
        try {
            return f.join();
        } catch (java.util.concurrent.CompletionException e) {
            if (e.getCause() instanceof RuntimeException re) {
                throw re;
            }
            throw e;
        }
    }

    /** The group as heartbeats show it: consume type CONSUME_ACTIVELY, no subscriptions. */
    private final class Member implements ConsumerMember {
        @Override
        public String group() {
            return group;
        }

        @Override
        public Set<String> topics() {
            return Set.of();
        }

        @Override
        public void routeChanged(String topic, TopicRouteData route) {
        }

        @Override
        public ConsumerData consumerData() {
            return new ConsumerData(ConsumeFromWhere.CONSUME_FROM_LAST_OFFSET, ConsumeType.CONSUME_ACTIVELY, group,
                MessageModel.CLUSTERING, Set.of(), false);
        }

        @Override
        public void rebalance() {
        }

        @Override
        public void persistOffsets() {
        }

        @Override
        public ConsumerRunningInfo runningInfo() {
            return new ConsumerRunningInfo(null, Map.of(), Map.of(), Map.of(ConsumerRunningInfo.PROP_CONSUME_TYPE,
                ConsumeType.CONSUME_ACTIVELY.name()), Map.of(), Set.of(), Map.of());
        }

        @Override
        public Map<MessageQueue, Long> offsets(String topic) {
            return Map.of();
        }

        @Override
        public void resetOffsets(String topic, Map<MessageQueue, Long> target) {
        }

        @Override
        public ConsumeMessageDirectlyResult consumeDirectly(ReceivedMessage message) {
            return new ConsumeMessageDirectlyResult(true, CMResult.CR_THROW_EXCEPTION, false,
                "a pull consumer has no listener", 0);
        }
    }

    /** Builds a {@link PetrelPullConsumer}. */
    public static final class Builder extends ClientBuilder<Builder> {

        private Builder() {
            super("pull consumer", PullConsumerConfig.DEFINITION);
        }

        public Builder group(String consumerGroup) {
            return set(PullConsumerConfig.CONSUMER_GROUP, consumerGroup);
        }

        dev.petrel.common.time.Clock clockValue() {
            return clock();
        }

        Config configValue() {
            return config();
        }

        public PetrelPullConsumer build() {
            return new PetrelPullConsumer(this);
        }
    }
}
