package dev.petrel.client.internal.producer;

import dev.petrel.protocol.body.MessageQueue;
import java.util.List;
import java.util.function.Predicate;

/**
 * The queues a producer may send a topic's messages to, derived from its route ({@link
 * dev.petrel.client.internal.RouteQueues#publishQueues}), with the round-robin position of each sending thread.
 * Immutable apart from the per-thread positions; a route change replaces the whole object.
 *
 * @param topic      the topic
 * @param queues     writable queues of brokers that have a master, in route order
 * @param orderTopic the route came from an {@code orderTopicConf}
 * @param fromDefaultTopic the topic has no route of its own; these queues come from TBW102 (auto-creation)
 */
public record PublishQueues(String topic, List<MessageQueue> queues, boolean orderTopic, boolean fromDefaultTopic) {

    private static final ThreadLocal<java.util.Random> RANDOM = ThreadLocal.withInitial(java.util.Random::new);

    public PublishQueues {
        queues = List.copyOf(queues);
    }

    public boolean isEmpty() {
        return queues.isEmpty();
    }

    /**
     * The first queue, going round-robin from {@code start}, that passes every filter; null when none does.
     *
     * @return the queue and, through {@code position[0]}, the position after it
     */
    MessageQueue select(int[] position, List<Predicate<MessageQueue>> filters) {
        int size = queues.size();
        for (int i = 0; i < size; i++) {
            int index = Math.floorMod(position[0]++, size);
            MessageQueue mq = queues.get(index);
            boolean ok = true;
            for (Predicate<MessageQueue> f : filters) {
                if (!f.test(mq)) {
                    ok = false;
                    break;
                }
            }
            if (ok) {
                return mq;
            }
        }
        return null;
    }

    /** A random start position, as RocketMQ's per-thread index starts at random. */
    static int randomStart() {
        return RANDOM.get().nextInt(Integer.MAX_VALUE);
    }
}
