package dev.petrel.client.consumer;

import dev.petrel.client.ReceivedMessage;
import java.util.List;

/**
 * Consumes each queue's messages one batch at a time, in queue order: the next batch of a queue is offered only
 * after this one returned {@link ConsumeResult#SUCCESS}. Different queues are consumed in parallel. An exception or a
 * null result counts as {@link ConsumeResult#RETRY_LATER}.
 *
 * <p>Until broker-side queue locks are used (they come with transactional and ordered message kinds), a queue moving
 * to another group member during a rebalance may be consumed by both for a moment.
 */
@FunctionalInterface
public interface OrderlyMessageListener {

    /**
     * @param messages the next one to {@code consumeMessageBatchMaxSize} messages of one queue, in offset order
     * @param context  the queue
     * @return SUCCESS to move on, RETRY_LATER to pause the queue and get the same messages again
     */
    ConsumeResult consume(List<ReceivedMessage> messages, ConsumeContext context);
}
