package dev.petrel.client.consumer;

import dev.petrel.client.ReceivedMessage;
import java.util.List;

/**
 * Consumes messages on many threads at once, with no order between calls. Receives {@code consumeMessageBatchMaxSize}
 * messages at most (1 by default). An exception or a null result counts as {@link ConsumeResult#RETRY_LATER}.
 */
@FunctionalInterface
public interface ConcurrentMessageListener {

    /**
     * @param messages one to {@code consumeMessageBatchMaxSize} messages, possibly of several queues' pulls
     * @param context  where they came from
     * @return SUCCESS when they are done, RETRY_LATER to have them redelivered
     */
    ConsumeResult consume(List<ReceivedMessage> messages, ConsumeContext context);
}
