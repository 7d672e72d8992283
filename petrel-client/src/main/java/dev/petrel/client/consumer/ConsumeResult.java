package dev.petrel.client.consumer;

/** What a listener tells the consumer about a batch. */
public enum ConsumeResult {
    /** Done: the messages count as consumed and the queue's offset moves past them. */
    SUCCESS,
    /**
     * Not done. Concurrent listeners: the broker redelivers the messages later through the group's retry topic
     * (clustering; after 16 failures they go to the dead-letter topic); broadcasting consumers drop them. Orderly
     * listeners: the queue pauses for {@code suspendCurrentQueueTimeMillis} (1 s) and the same messages are offered
     * again, in order.
     */
    RETRY_LATER
}
