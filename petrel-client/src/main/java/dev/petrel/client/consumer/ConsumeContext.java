package dev.petrel.client.consumer;

import dev.petrel.protocol.body.MessageQueue;

/**
 * Where the messages handed to a listener come from, and what the listener may ask for their redelivery. One context
 * per listener call; set its values on the listener's thread before returning.
 */
public final class ConsumeContext {

    private final MessageQueue queue;
    private final String group;
    private int delayLevelWhenNextConsume;
    private long suspendCurrentQueueTimeMillis = -1;

    /**
     * @param queue the queue they were pulled from ({@code %RETRY%group} queues for redeliveries)
     * @param group the consumer group
     */
    public ConsumeContext(MessageQueue queue, String group) {
        this.queue = queue;
        this.group = group;
    }

    /** The queue the messages were pulled from ({@code %RETRY%group} queues for redeliveries). */
    public MessageQueue queue() {
        return queue;
    }

    public String group() {
        return group;
    }

    /**
     * Concurrent listeners: after {@link ConsumeResult#RETRY_LATER}, the delay level of the redelivery. 0 (default)
     * lets the broker choose ({@code 3 + reconsumeTimes}: 10 s, 30 s, 1 min, ...); a positive level asks for that one
     * ({@code messageDelayLevel} of the broker); -1 sends the messages straight to the group's dead-letter topic.
     * RocketMQ's {@code ConsumeConcurrentlyContext.delayLevelWhenNextConsume}.
     */
    public ConsumeContext delayLevelWhenNextConsume(int level) {
        this.delayLevelWhenNextConsume = level;
        return this;
    }

    public int delayLevelWhenNextConsume() {
        return delayLevelWhenNextConsume;
    }

    /**
     * Orderly listeners: after {@link ConsumeResult#RETRY_LATER}, how long the queue pauses before the same messages
     * are offered again, ms (10 ms to 30 s); -1 (default) means the consumer's {@code suspendCurrentQueueTimeMillis}.
     * RocketMQ's {@code ConsumeOrderlyContext.suspendCurrentQueueTimeMillis}.
     */
    public ConsumeContext suspendCurrentQueueTimeMillis(long millis) {
        this.suspendCurrentQueueTimeMillis = millis;
        return this;
    }

    public long suspendCurrentQueueTimeMillis() {
        return suspendCurrentQueueTimeMillis;
    }

    @Override
    public String toString() {
        return "ConsumeContext[queue=" + queue + ", group=" + group + "]";
    }
}
