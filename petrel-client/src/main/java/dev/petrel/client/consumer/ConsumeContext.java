package dev.petrel.client.consumer;

import dev.petrel.protocol.body.MessageQueue;

/**
 * Where the messages handed to a listener come from.
 *
 * @param queue the queue they were pulled from ({@code %RETRY%group} queues for redeliveries)
 * @param group the consumer group
 */
public record ConsumeContext(MessageQueue queue, String group) {
}
