package dev.petrel.client.internal.consumer;

import dev.petrel.client.ClientException;
import dev.petrel.client.ReceivedMessage;
import dev.petrel.client.consumer.StartPosition;
import dev.petrel.client.consumer.allocate.AllocateStrategy;
import dev.petrel.client.internal.ClientInstance;
import dev.petrel.client.internal.ClientThreadFactory;
import dev.petrel.common.time.Clock;
import dev.petrel.protocol.body.MessageQueue;
import dev.petrel.protocol.body.client.ConsumeMessageDirectlyResult;
import dev.petrel.protocol.body.client.ConsumeStatus;
import dev.petrel.protocol.body.client.ConsumerRunningInfo;
import dev.petrel.protocol.body.client.LockBatchRequestBody;
import dev.petrel.protocol.body.client.ProcessQueueInfo;
import dev.petrel.protocol.body.client.UnlockBatchRequestBody;
import dev.petrel.protocol.body.heartbeat.CheckClientRequestBody;
import dev.petrel.protocol.body.heartbeat.ConsumeType;
import dev.petrel.protocol.body.heartbeat.ConsumerData;
import dev.petrel.protocol.body.heartbeat.MessageModel;
import dev.petrel.protocol.body.heartbeat.SubscriptionData;
import dev.petrel.protocol.body.route.TopicRouteData;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A push consumer's moving parts wired together: subscriptions, offset store, rebalancer, pull loop and consume
 * service; and what the client instance asks of a consumer group ({@link dev.petrel.client.internal.ConsumerMember}).
 *
 * <p>Start (flows.md §7): routes of every subscribed topic, CHECK_CLIENT_CONFIG for SQL92 subscriptions, a heartbeat
 * to every broker, then an immediate rebalance. Close: stop pulling, let running listener calls finish (up to the
 * configured wait), drop every queue, commit their offsets, release an orderly group's queue locks and unregister from
 * the brokers.
 *
 * <p>Threads: the application's thread starts and closes it; the client instance's rebalance thread, scheduler and
 * callback threads call the {@code ConsumerMember} methods; its own pull thread ({@code petrel-push-<group>-pull})
 * drives the pulls. Its parts are thread-safe on their own (each says how); the core itself keeps only the
 * {@code closed} flag, volatile, which every path checks before scheduling more work.
 */
public final class PushConsumerCore implements dev.petrel.client.internal.ConsumerMember {

    private static final Logger LOG = LoggerFactory.getLogger(PushConsumerCore.class);

    /** Everything a push consumer is configured with. */
    public record Settings(String group, MessageModel model, StartPosition startPosition, long startTimestamp,
                           AllocateStrategy strategy, PushPuller.Settings pull, long awaitTerminationMillis,
                           Map<String, String> configDump, java.nio.file.Path localOffsetDir, boolean orderly,
                           long lockIntervalMillis, long lockMaxLiveMillis) {
    }

    /** Builds the consume service from the parts the core owns. */
    @FunctionalInterface
    public interface ConsumeServiceFactory {
        ConsumeService create(OffsetStore offsets, ScheduledExecutorService scheduler, LockKeeper locks, RetrySender retry);
    }

    private final ClientInstance instance;
    private final Settings settings;
    private final Subscriptions subscriptions;
    private final OffsetStore offsets;
    private final Rebalancer rebalancer;
    private final PushPuller puller;
    private final ConsumeService consume;
    private final LockKeeper locks;
    private final ScheduledExecutorService scheduler;
    private final Clock clock;
    private final long startMillis;
    private volatile boolean closed;

    public PushConsumerCore(ClientInstance instance, Settings settings, Subscriptions subscriptions,
                            ConsumeServiceFactory consumeFactory, Clock clock) {
        this.instance = instance;
        this.settings = settings;
        this.subscriptions = subscriptions;
        this.clock = clock;
        this.startMillis = clock.millis();
        this.offsets = settings.model() == MessageModel.BROADCASTING
            ? new LocalOffsetStore(settings.localOffsetDir(), instance.clientId(), settings.group())
            : new RemoteOffsetStore(instance, settings.group());
        this.scheduler = Executors.newSingleThreadScheduledExecutor(
            new ClientThreadFactory("petrel-push-" + settings.group() + "-pull", false));
        this.locks = settings.orderly() && settings.model() == MessageModel.CLUSTERING
            ? LockKeeper.of(new OrderlyLocks(new OrderlyLocks.Calls() {
                @Override
                public Set<MessageQueue> lock(String address, LockBatchRequestBody body) {
                    return instance.brokers().lockBatch(address, body);
                }

                @Override
                public void unlock(String address, UnlockBatchRequestBody body) {
                    instance.brokers().unlockBatch(address, body);
                }
            }, broker -> instance.routes().masterAddress(broker), settings.group(), instance.clientId(), clock,
                settings.lockMaxLiveMillis()), settings.group(), settings.lockIntervalMillis())
            : LockKeeper.disabled();
        this.consume = consumeFactory.create(offsets, scheduler, locks, new InnerRetrySender(instance, settings.group(), clock));
        StartOffsets start = new StartOffsets(offsets, instance.brokers(), instance.routes(), settings.startPosition(),
            settings.startTimestamp());
        this.rebalancer = new Rebalancer(instance, settings.group(), settings.model(), settings.strategy(), subscriptions,
            start, new Rebalancer.Listener() {
                @Override
                public void added(MessageQueue mq, ProcessQueue pq, long offset) {
                    puller.start(mq, pq, offset);
                }

                @Override
                public void removed(MessageQueue mq, ProcessQueue pq) {
                    commitAndForget(mq);
                    // Unlocked only after the offset is committed and any running listener call has ended, so the new
                    // owner starts where this member stopped.
                    locks.releaseWhenIdle(mq, pq, q -> rebalancer.table().containsKey(q));
                }
            }, locks);
        this.puller = new PushPuller(instance, settings.pull(), subscriptions, offsets, consume, rebalancer, scheduler,
            clock, locks);
    }

    public OffsetStore offsets() {
        return offsets;
    }

    /** Registers with the instance and starts consuming. */
    public void start() {
        offsets.load();
        instance.registerConsumer(this);
        for (String topic : subscriptions.topics()) {
            try {
                instance.refreshRoute(topic);
            } catch (ClientException e) {
                LOG.warn("route of {} is not available yet: {}", topic, e.getMessage());
            }
        }
        checkSql92();
        locks.start(rebalancer::assigned);
        instance.sendHeartbeatToAllBrokers();
        instance.rebalanceNow();
    }

    private void checkSql92() {
        for (SubscriptionData sub : subscriptions.all()) {
            if (SubscriptionData.TAG.equals(sub.expressionType())) {
                continue;
            }
            String broker = instance.anyBrokerOf(sub.topic());
            if (broker != null) {
                try {
                    instance.brokers().checkClientConfig(broker, new CheckClientRequestBody(instance.clientId(),
                        settings.group(), null, sub));
                } catch (RuntimeException e) {
                    instance.unregisterConsumer(settings.group());
                    throw e;
                }
            }
        }
    }

    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        scheduler.shutdownNow();
        consume.shutdown(settings.awaitTerminationMillis());
        Map<MessageQueue, ProcessQueue> owned = rebalancer.dropAll();
        try {
            if (settings.model() == MessageModel.BROADCASTING) {
                offsets.persistAll(owned.keySet());
            } else {
                for (MessageQueue mq : owned.keySet()) {
                    commitQuietly(mq);
                }
            }
            // After the commits: the member taking a queue over reads the final offset once it holds the lock.
            locks.releaseAll(owned);
        } finally {
            locks.close();
            instance.unregisterConsumer(settings.group());
            try {
                scheduler.awaitTermination(5, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    private void commitAndForget(MessageQueue mq) {
        commitQuietly(mq);
        offsets.remove(mq);
    }

    private void commitQuietly(MessageQueue mq) {
        try {
            offsets.persistSync(mq);
        } catch (RuntimeException e) {
            instance.logOnce("offset commit of " + mq, e);
        }
    }

    public Set<MessageQueue> assignedQueues() {
        return rebalancer.assigned();
    }

    public long consumedOffset(MessageQueue mq) {
        return offsets.readMemory(mq);
    }

    // ---- ConsumerMember

    @Override
    public String group() {
        return settings.group();
    }

    @Override
    public Set<String> topics() {
        return subscriptions.topics();
    }

    @Override
    public void routeChanged(String topic, TopicRouteData route) {
        // the rebalancer reads routes from the instance on its next pass
    }

    @Override
    public ConsumerData consumerData() {
        return new ConsumerData(settings.startPosition().wire(), ConsumeType.CONSUME_PASSIVELY, settings.group(),
            settings.model(), subscriptions.all(), false);
    }

    @Override
    public void rebalance() {
        if (!closed) {
            rebalancer.rebalance();
        }
    }

    @Override
    public void persistOffsets() {
        if (!closed) {
            offsets.persistAll(rebalancer.assigned());
        }
    }

    @Override
    public ConsumerRunningInfo runningInfo() {
        Map<MessageQueue, ProcessQueueInfo> mqTable = new TreeMap<>();
        rebalancer.table().forEach((mq, pq) -> mqTable.put(mq, pq.info(offsets.readMemory(mq))));
        Map<String, String> properties = new LinkedHashMap<>(settings.configDump());
        properties.put(ConsumerRunningInfo.PROP_NAMESERVER_ADDR, String.join(";", instance.nameServerAddresses()));
        properties.put(ConsumerRunningInfo.PROP_CONSUME_TYPE, ConsumeType.CONSUME_PASSIVELY.name());
        properties.put(ConsumerRunningInfo.PROP_CONSUME_ORDERLY, Boolean.toString(consume.orderly()));
        properties.put(ConsumerRunningInfo.PROP_THREADPOOL_CORE_SIZE, Integer.toString(consume.threads()));
        properties.put(ConsumerRunningInfo.PROP_CONSUMER_START_TIMESTAMP, Long.toString(startMillis));
        properties.put(ConsumerRunningInfo.PROP_CLIENT_VERSION, "V5_3_1");
        Map<String, ConsumeStatus> status = new TreeMap<>();
        for (String topic : subscriptions.topics()) {
            status.put(topic, new ConsumeStatus(consume.failedMessages(), 0, 0, 0, 0, 0));
        }
        return new ConsumerRunningInfo(null, Map.of(), mqTable, properties, status, subscriptions.all(),
            Map.of("flowControlTimes", Long.toString(puller.flowControlTimes())));
    }

    @Override
    public Map<MessageQueue, Long> offsets(String topic) {
        Map<MessageQueue, Long> out = new TreeMap<>();
        offsets.snapshot(rebalancer.assigned()).forEach((mq, off) -> {
            if (mq.topic().equals(topic)) {
                out.put(mq, off);
            }
        });
        return out;
    }

    @Override
    public void resetOffsets(String topic, Map<MessageQueue, Long> target) {
        for (Map.Entry<MessageQueue, Long> e : target.entrySet()) {
            MessageQueue mq = e.getKey();
            ProcessQueue pq = rebalancer.table().get(mq);
            if (pq != null) {
                rebalancer.remove(mq, pq);
            }
            offsets.update(mq, e.getValue(), false);
            commitQuietly(mq);
            offsets.remove(mq);
        }
        instance.rebalanceNow();
    }

    @Override
    public ConsumeMessageDirectlyResult consumeDirectly(ReceivedMessage message) {
        return consume.consumeDirectly(message);
    }
}
