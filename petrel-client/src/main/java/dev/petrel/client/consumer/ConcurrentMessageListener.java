package dev.petrel.client.consumer;

import dev.petrel.client.ReceivedMessage;
import java.util.List;

/**
 * Consumes messages on many threads at once, with no order between calls. Receives {@code consumeMessageBatchMaxSize}
 * messages at most (1 by default). An exception or a null result counts as {@link ConsumeResult#RETRY_LATER}.
 */
@FunctionalInterface
public interface ConcurrentMessageListener {

    ConsumeResult consume(List<ReceivedMessage> messages, ConsumeContext context);
}
