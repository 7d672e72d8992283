package dev.petrel.client.internal.consumer;

import dev.petrel.client.ClientException;
import dev.petrel.client.consumer.allocate.AllocateStrategy;
import dev.petrel.client.internal.ClientInstance;
import dev.petrel.client.internal.RouteQueues;
import dev.petrel.protocol.body.MessageQueue;
import dev.petrel.protocol.body.heartbeat.MessageModel;
import dev.petrel.protocol.body.route.TopicRouteData;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Which queues one consumer owns, and the rebalance pass that changes it (flows.md §5 "Client rebalance"): per
 * subscribed topic, the readable queues of the route and the group's live members (GET_CONSUMER_LIST_BY_GROUP from a
 * broker of the topic), both sorted, go through the allocation strategy; queues no longer allocated are dropped
 * (offset committed first), new ones get a process queue and their start offset. Broadcasting members own every queue.
 *
 * <p>The assignment table is written by the instance's rebalance thread, and by {@link #remove} and {@link #dropAll}
 * from other threads; all writes are synchronized on this object. Readers see a concurrent map.
 */
public final class Rebalancer {

    private static final Logger LOG = LoggerFactory.getLogger(Rebalancer.class);

    /** Hears about assignment changes (called with the rebalancer's lock held). */
    public interface Listener {
        /** Start pulling {@code mq} from {@code offset}. */
        void added(MessageQueue mq, ProcessQueue pq, long offset);

        /** {@code mq} was taken away; its process queue is already dropped. */
        void removed(MessageQueue mq, ProcessQueue pq);
    }

    private final ClientInstance instance;
    private final String group;
    private final MessageModel model;
    private final AllocateStrategy strategy;
    private final Subscriptions subscriptions;
    private final StartOffsets startOffsets;
    private final Listener listener;
    private final LockKeeper locks;
    private final Map<MessageQueue, ProcessQueue> table = new ConcurrentHashMap<>();

    public Rebalancer(ClientInstance instance, String group, MessageModel model, AllocateStrategy strategy,
                      Subscriptions subscriptions, StartOffsets startOffsets, Listener listener) {
        this(instance, group, model, strategy, subscriptions, startOffsets, listener, LockKeeper.disabled());
    }

    /**
     * @param locks an orderly consumer's broker locks: a newly allocated queue is taken only once its lock is held
     *              (otherwise the pass is repeated after 500 ms, as the 5.3.1 client does)
     */
    public Rebalancer(ClientInstance instance, String group, MessageModel model, AllocateStrategy strategy,
                      Subscriptions subscriptions, StartOffsets startOffsets, Listener listener, LockKeeper locks) {
        this.locks = locks;
        this.instance = instance;
        this.group = group;
        this.model = model;
        this.strategy = strategy;
        this.subscriptions = subscriptions;
        this.startOffsets = startOffsets;
        this.listener = listener;
    }

    /** One pass over every subscribed topic. */
    public synchronized void rebalance() {
        Set<String> topics = subscriptions.topics();
        for (String topic : topics) {
            try {
                rebalanceTopic(topic);
            } catch (ClientException e) {
                instance.logOnce("rebalance of group " + group + " topic " + topic, e);
            }
        }
        for (MessageQueue mq : List.copyOf(table.keySet())) {
            if (!topics.contains(mq.topic())) {
                drop(mq);
            }
        }
    }

    private void rebalanceTopic(String topic) {
        TopicRouteData route = instance.route(topic);
        if (route == null) {
            return;
        }
        List<MessageQueue> all = new ArrayList<>(RouteQueues.subscribeQueues(topic, route));
        List<MessageQueue> allocated;
        if (model == MessageModel.BROADCASTING) {
            allocated = all;
        } else {
            String broker = instance.anyBrokerOf(topic);
            if (broker == null || all.isEmpty()) {
                return;
            }
            List<String> members = new ArrayList<>(new TreeSet<>(instance.brokers().consumerIds(broker, group)));
            if (members.isEmpty()) {
                LOG.warn("broker {} lists no member of group {} yet; keeping the current queues of {}", broker, group, topic);
                return;
            }
            allocated = strategy.allocate(group, instance.clientId(), all, members);
        }
        RebalanceDiff diff = RebalanceDiff.between(topic, table.keySet(), allocated);
        if (diff.isEmpty()) {
            return;
        }
        LOG.info("group {} topic {}: client {} takes {} and gives up {}", group, topic, instance.clientId(),
            diff.added(), diff.removed());
        for (MessageQueue mq : diff.removed()) {
            drop(mq);
        }
        boolean allLocked = true;
        for (MessageQueue mq : new TreeSet<>(diff.added())) {
            if (!locks.lock(mq)) {
                LOG.info("group {}: {} is still locked by another member; trying again shortly", group, mq);
                allLocked = false;
                continue;
            }
            long offset;
            try {
                offset = startOffsets.compute(mq);
            } catch (ClientException e) {
                instance.logOnce("start offset of " + mq, e);
                continue;
            }
            ProcessQueue pq = new ProcessQueue();
            table.put(mq, pq);
            listener.added(mq, pq, offset);
        }
        if (!allLocked) {
            instance.rebalanceLater(500);
        }
    }

    private void drop(MessageQueue mq) {
        ProcessQueue pq = table.remove(mq);
        if (pq != null) {
            pq.drop();
            listener.removed(mq, pq);
        }
    }

    /** Takes a queue away now (PULL_OFFSET_MOVED, offset reset); the next pass may give it back. */
    public synchronized void remove(MessageQueue mq, ProcessQueue expected) {
        if (table.remove(mq, expected)) {
            expected.drop();
        }
    }

    /** Drops every queue (shutdown); returns what was owned. */
    public synchronized Map<MessageQueue, ProcessQueue> dropAll() {
        Map<MessageQueue, ProcessQueue> owned = Map.copyOf(table);
        table.clear();
        owned.values().forEach(ProcessQueue::drop);
        return owned;
    }

    public Map<MessageQueue, ProcessQueue> table() {
        return table;
    }

    public Set<MessageQueue> assigned() {
        return new TreeSet<>(table.keySet());
    }
}
