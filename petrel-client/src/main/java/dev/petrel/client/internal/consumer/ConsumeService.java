package dev.petrel.client.internal.consumer;

import dev.petrel.client.ReceivedMessage;
import dev.petrel.protocol.body.MessageQueue;
import dev.petrel.protocol.body.client.CMResult;
import dev.petrel.protocol.body.client.ConsumeMessageDirectlyResult;

/** Runs a push consumer's listener on pulled messages and moves the queue offsets on. */
public interface ConsumeService {

    /** Messages just added to {@code pq}; called on the pull callback thread, must not block. */
    void submit(java.util.List<ReceivedMessage> messages, ProcessQueue pq, MessageQueue mq);

    /** CONSUME_MESSAGE_DIRECTLY: runs the listener on one message on the calling thread. */
    ConsumeMessageDirectlyResult consumeDirectly(ReceivedMessage message);

    /** Stops taking work and waits up to {@code awaitMillis} for running listener calls. */
    void shutdown(long awaitMillis);

    int threads();

    boolean orderly();

    /** Messages the listener refused (RETRY_LATER or an exception) since start. */
    long failedMessages();

    /** The direct-consume answer for a listener outcome. */
    static ConsumeMessageDirectlyResult direct(boolean orderly, CMResult result, String remark, long millis) {
        return new ConsumeMessageDirectlyResult(true, result, orderly, remark, millis);
    }
}
