package dev.petrel.client.consumer;

import dev.petrel.client.ReceivedMessage;
import java.util.List;

/**
 * The outcome of one pull.
 *
 * @param status          how it ended
 * @param nextBeginOffset where to pull next
 * @param minOffset       the queue's smallest offset
 * @param maxOffset       the queue's next offset to be written
 * @param messages        the messages found, tag-filtered; empty unless {@link PullStatus#FOUND}
 */
public record PullResult(PullStatus status, long nextBeginOffset, long minOffset, long maxOffset,
                         List<ReceivedMessage> messages) {

    public PullResult {
        messages = List.copyOf(messages);
    }
}
