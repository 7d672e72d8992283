package dev.petrel.client.producer;

import dev.petrel.client.Message;
import dev.petrel.protocol.body.MessageQueue;
import java.util.List;

/** Queue by hash of the send argument; see {@link MessageQueueSelector#byHash()}. */
final class HashQueueSelector implements MessageQueueSelector {

    static final HashQueueSelector INSTANCE = new HashQueueSelector();

    private HashQueueSelector() {
    }

    @Override
    public MessageQueue select(List<MessageQueue> queues, Message message, Object arg) {
        if (arg == null) {
            throw new IllegalArgumentException("the hash selector needs a non-null key: send(message, selector, key)");
        }
        int value = arg.hashCode() % queues.size();
        return queues.get(Math.abs(value));
    }

    @Override
    public String toString() {
        return "MessageQueueSelector.byHash()";
    }
}
