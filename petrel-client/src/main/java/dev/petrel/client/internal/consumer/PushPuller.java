package dev.petrel.client.internal.consumer;

import dev.petrel.client.BrokerException;
import dev.petrel.client.ReceivedMessage;
import dev.petrel.client.consumer.PullResult;
import dev.petrel.client.internal.ClientInstance;
import dev.petrel.common.time.Clock;
import dev.petrel.message.PropertyNames;
import dev.petrel.protocol.body.MessageQueue;
import dev.petrel.protocol.body.heartbeat.MessageModel;
import dev.petrel.protocol.body.heartbeat.SubscriptionData;
import dev.petrel.protocol.code.RequestCode;
import dev.petrel.protocol.code.ResponseCode;
import dev.petrel.protocol.frame.RemotingCommand;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The pull loop of a push consumer (flows.md §8): one long-polling pull in flight per assigned queue. Pulls are
 * issued from the {@code petrel-push-<group>-pull} scheduler thread (also where delayed pulls wait); responses are
 * handled on remoting callback threads, which add the messages to the process queue, hand them to the consume service
 * and schedule the next pull. Flow control holds a queue's next pull back by 50 ms while the queue is full.
 */
public final class PushPuller {

    private static final Logger LOG = LoggerFactory.getLogger(PushPuller.class);
    static final long DELAY_ON_ERROR_MILLIS = 3_000;
    static final long DELAY_ON_BROKER_FLOW_CONTROL_MILLIS = 20;
    /** Orderly: a queue whose broker lock lapsed is pulled again this much later (the 5.3.1 client's 3 s). */
    static final long DELAY_WHEN_NOT_LOCKED_MILLIS = 3_000;

    /** The settings a pull needs. */
    public record Settings(String group, MessageModel model, int batchSize, int batchBytes, long pullIntervalMillis,
                           long brokerSuspendMillis, long timeoutMillis, boolean postSubscription, FlowControl flow) {
    }

    private final ClientInstance instance;
    private final Settings settings;
    private final Subscriptions subscriptions;
    private final OffsetStore offsets;
    private final ConsumeService consume;
    private final Rebalancer rebalancer;
    private final ScheduledExecutorService scheduler;
    private final Clock clock;
    private final LockKeeper locks;
    private final Map<MessageQueue, Long> suggestedBroker = new ConcurrentHashMap<>();
    private volatile long flowControlTimes;

    /** @param locks an orderly consumer pulls only queues whose broker lock it holds */
    public PushPuller(ClientInstance instance, Settings settings, Subscriptions subscriptions, OffsetStore offsets,
                      ConsumeService consume, Rebalancer rebalancer, ScheduledExecutorService scheduler, Clock clock,
                      LockKeeper locks) {
        this.locks = locks;
        this.instance = instance;
        this.settings = settings;
        this.subscriptions = subscriptions;
        this.offsets = offsets;
        this.consume = consume;
        this.rebalancer = rebalancer;
        this.scheduler = scheduler;
        this.clock = clock;
    }

    /** Starts pulling a newly assigned queue. */
    public void start(MessageQueue mq, ProcessQueue pq, long offset) {
        schedule(mq, pq, offset, 0);
    }

    /** Pulls that were held back by flow control since start. */
    public long flowControlTimes() {
        return flowControlTimes;
    }

    private void schedule(MessageQueue mq, ProcessQueue pq, long offset, long delayMillis) {
        if (pq.isDropped() || scheduler.isShutdown()) {
            return;
        }
        try {
            scheduler.schedule(() -> pull(mq, pq, offset), delayMillis, TimeUnit.MILLISECONDS);
        } catch (java.util.concurrent.RejectedExecutionException closing) {
            // shutting down
        }
    }

    private void pull(MessageQueue mq, ProcessQueue pq, long offset) {
        if (pq.isDropped()) {
            return;
        }
        if (!locks.isValid(mq)) {
            schedule(mq, pq, offset, DELAY_WHEN_NOT_LOCKED_MILLIS);
            return;
        }
        pq.pulledAt(clock.millis());
        FlowControl.Decision decision = settings.flow().check(pq.cachedCount(), pq.cachedBytes(), pq.offsetSpan());
        if (decision != FlowControl.Decision.PULL) {
            if (flowControlTimes++ % 1000 == 0) {
                LOG.info("group {}: flow control holds the pulls of {} ({}: {} messages, {} bytes, span {})",
                    settings.group(), mq, decision, pq.cachedCount(), pq.cachedBytes(), pq.offsetSpan());
            }
            schedule(mq, pq, offset, FlowControl.DELAY_MILLIS);
            return;
        }
        SubscriptionData sub = subscriptions.get(mq.topic());
        String address = instance.routes().address(mq.brokerName(), suggestedBroker.getOrDefault(mq, 0L));
        if (sub == null || address == null) {
            if (address == null) {
                instance.refreshRoute(mq.topic());
            }
            schedule(mq, pq, offset, DELAY_ON_ERROR_MILLIS);
            return;
        }
        RemotingCommand request = request(mq, offset, sub);
        instance.remote().callAsync(address, request, settings.timeoutMillis(), "pull of " + mq)
            .whenComplete((response, error) -> {
                if (error != null) {
                    failed(mq, pq, offset, error);
                    return;
                }
                try {
                    handle(mq, pq, offset, sub, PullResponseReader.read(response, mq, sub, address));
                } catch (RuntimeException e) {
                    failed(mq, pq, offset, e);
                }
            });
    }

    private RemotingCommand request(MessageQueue mq, long offset, SubscriptionData sub) {
        boolean clustering = settings.model() == MessageModel.CLUSTERING;
        long commitOffset = clustering ? offsets.readMemory(mq) : 0;
        int sysFlag = PullSysFlag.SUSPEND;
        if (clustering && commitOffset > 0) {
            sysFlag |= PullSysFlag.COMMIT_OFFSET;
        }
        if (settings.postSubscription() && !sub.classFilterMode()) {
            sysFlag |= PullSysFlag.SUBSCRIPTION;
        }
        return PullRequests.build(RequestCode.PULL_MESSAGE, settings.group(), mq, offset, settings.batchSize(), sysFlag,
            commitOffset, settings.brokerSuspendMillis(), sub, settings.batchBytes());
    }

    private void handle(MessageQueue mq, ProcessQueue pq, long offset, SubscriptionData sub, PullResponseReader.Outcome o) {
        if (pq.isDropped()) {
            return;
        }
        suggestedBroker.put(mq, o.suggestWhichBrokerId());
        PullResult r = o.result();
        long next = r.nextBeginOffset();
        switch (r.status()) {
            case FOUND -> {
                List<ReceivedMessage> messages = showOriginalTopic(r.messages());
                if (!messages.isEmpty()) {
                    pq.put(messages);
                    consume.submit(messages, pq, mq);
                }
                schedule(mq, pq, next, messages.isEmpty() ? 0 : settings.pullIntervalMillis());
            }
            case NO_NEW_MSG, NO_MATCHED_MSG -> {
                if (pq.isEmpty()) {
                    offsets.update(mq, next, true);
                }
                schedule(mq, pq, next, settings.pullIntervalMillis());
            }
            case OFFSET_ILLEGAL -> {
                LOG.warn("group {}: offset {} of {} is illegal; moving to {} and rebalancing", settings.group(), offset,
                    mq, next);
                pq.drop();
                offsets.update(mq, next, false);
                try {
                    offsets.persistSync(mq);
                } catch (RuntimeException e) {
                    instance.logOnce("offset commit of " + mq, e);
                }
                offsets.remove(mq);
                rebalancer.remove(mq, pq);
                instance.rebalanceNow();
            }
        }
    }

    private void failed(MessageQueue mq, ProcessQueue pq, long offset, Throwable error) {
        if (pq.isDropped()) {
            return;
        }
        long delay = error instanceof BrokerException b && b.responseCode() == ResponseCode.FLOW_CONTROL
            ? DELAY_ON_BROKER_FLOW_CONTROL_MILLIS : DELAY_ON_ERROR_MILLIS;
        instance.logOnce("pull of " + mq + " for group " + settings.group(),
            error instanceof Exception e ? e : new RuntimeException(error));
        schedule(mq, pq, offset, delay);
    }

    /** Redeliveries are stored in {@code %RETRY%group}; listeners see the topic they were sent to. */
    private List<ReceivedMessage> showOriginalTopic(List<ReceivedMessage> messages) {
        String retryTopic = Subscriptions.retryTopic(settings.group());
        List<ReceivedMessage> out = new ArrayList<>(messages.size());
        for (ReceivedMessage m : messages) {
            String original = m.property(PropertyNames.RETRY_TOPIC);
            out.add(original != null && retryTopic.equals(m.topic()) ? m.withTopic(original) : m);
        }
        return out;
    }
}
