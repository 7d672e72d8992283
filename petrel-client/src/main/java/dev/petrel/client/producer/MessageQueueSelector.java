package dev.petrel.client.producer;

import dev.petrel.client.Message;
import dev.petrel.protocol.body.MessageQueue;
import java.util.List;

/**
 * Picks the queue of an ordered send: messages that must stay in order (the events of one order, say) go to the same
 * queue, which consumers read in order. Called on the sending thread; must be thread-safe.
 */
@FunctionalInterface
public interface MessageQueueSelector {

    /**
     * @param queues the topic's writable queues, in route order (never empty)
     * @param message the message being sent
     * @param arg the argument passed to {@code send(message, selector, arg)}, typically the ordering key
     * @return one of {@code queues}
     */
    MessageQueue select(List<MessageQueue> queues, Message message, Object arg);

    /**
     * RocketMQ's {@code SelectMessageQueueByHash}: {@code abs(arg.hashCode() % queues.size())}, so equal keys map to
     * the same queue as long as the queue count does not change.
     */
    static MessageQueueSelector byHash() {
        return HashQueueSelector.INSTANCE;
    }
}
