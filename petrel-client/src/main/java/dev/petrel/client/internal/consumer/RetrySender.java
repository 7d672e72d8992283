package dev.petrel.client.internal.consumer;

import dev.petrel.client.ReceivedMessage;

/**
 * Re-sends a failed message as a new message to {@code %RETRY%<group>} (flows.md §10–§11): the fallback of a failed
 * CONSUMER_SEND_MSG_BACK and the end of an orderly listener's in-place retries. See {@link InnerRetrySender}.
 */
public interface RetrySender {

    /**
     * Sends the copy ({@link InnerRetrySender#copyForRetry}); throws a {@link dev.petrel.client.ClientException} when it
     * could not be stored.
     *
     * @param reconsumeTime the copy's {@code RECONSUME_TIME}: the 5.3.1 client sends {@code reconsumeTimes + 1} after a
     *                      failed send-back, and {@code reconsumeTimes} after an orderly listener's last in-place retry
     */
    void resend(ReceivedMessage failed, int maxReconsumeTimes, int reconsumeTime);
}
