package dev.petrel.client.internal.consumer;

import dev.petrel.client.Message;
import dev.petrel.client.ReceivedMessage;
import dev.petrel.client.internal.ClientInstance;
import dev.petrel.client.internal.producer.BodyCompressor;
import dev.petrel.client.internal.producer.LatencyFaultTable;
import dev.petrel.client.internal.producer.PublishTable;
import dev.petrel.client.internal.producer.QueuePicker;
import dev.petrel.client.internal.producer.SendEngine;
import dev.petrel.client.internal.producer.SendRequestFactory;
import dev.petrel.common.time.Clock;
import dev.petrel.message.PropertyNames;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * {@link RetrySender} through the client instance: re-sends a failed message as a new message to
 * {@code %RETRY%<group>} with the instance's internal producer group {@code CLIENT_INNER_PRODUCER}, as the 5.3.1
 * client does when CONSUMER_SEND_MSG_BACK fails (concurrent listeners) and when an orderly listener exhausts its
 * in-place retries (flows.md §10–§11). The copy keeps body, flag and every property (its id included) and adds
 * {@code RETRY_TOPIC}, {@code ORIGIN_MESSAGE_ID}, {@code RECONSUME_TIME}, {@code MAX_RECONSUME_TIMES} and the delay
 * level {@code 3 + reconsumeTimes}; the broker sends it to {@code %DLQ%<group>} instead when the count is past the max
 * or the group holds orderly queue locks.
 *
 * <p>Thread-safe; a send blocks the calling consume thread for at most 3 s.
 */
public final class InnerRetrySender implements RetrySender {

    static final String INNER_PRODUCER = ClientInstance.CLIENT_INNER_PRODUCER;
    private static final int ATTEMPTS = 3;
    private static final long TIMEOUT_MILLIS = 3_000;

    private final String group;
    private final SendEngine engine;
    private final SendRequestFactory requests;
    private final Clock clock;

    public InnerRetrySender(ClientInstance instance, String group, Clock clock) {
        this.group = group;
        this.clock = clock;
        PublishTable publish = new PublishTable(instance, "TBW102", 4);
        this.requests = new SendRequestFactory(INNER_PRODUCER, "TBW102", 4, new BodyCompressor(4096, 5));
        this.engine = new SendEngine(instance, publish, new QueuePicker(new LatencyFaultTable(clock), false), clock, false,
            Runnable::run);
    }

    @Override
    public void resend(ReceivedMessage failed, int maxReconsumeTimes, int reconsumeTime) {
        Message copy = copyForRetry(failed, group, maxReconsumeTimes, reconsumeTime);
        String id = copy.property(PropertyNames.UNIQ_CLIENT_MESSAGE_ID_KEYIDX);
        String uniq = id != null ? id : failed.msgId();
        engine.send(new SendEngine.Job(copy.topic(), uniq, mq -> requests.single(copy, uniq, mq, clock.millis()), false),
            ATTEMPTS, TIMEOUT_MILLIS);
    }

    /** The message the 5.3.1 client builds in {@code sendMessageBackAsNormalMessage} / orderly {@code sendMessageBack}. */
    public static Message copyForRetry(ReceivedMessage failed, String group, int maxReconsumeTimes, int reconsumeTime) {
        Map<String, String> props = new LinkedHashMap<>(failed.properties());
        String origin = props.get(PropertyNames.ORIGIN_MESSAGE_ID);
        props.put(PropertyNames.ORIGIN_MESSAGE_ID, origin == null || origin.isBlank() ? failed.msgId() : origin);
        props.put(PropertyNames.RETRY_TOPIC, failed.topic());
        props.put(PropertyNames.RECONSUME_TIME, Integer.toString(reconsumeTime));
        props.put(PropertyNames.MAX_RECONSUME_TIMES, Integer.toString(maxReconsumeTimes));
        props.remove(PropertyNames.TRANSACTION_PREPARED);
        props.put(PropertyNames.DELAY_TIME_LEVEL, Integer.toString((int) Math.min(Integer.MAX_VALUE,
            3L + failed.reconsumeTimes())));
        return Message.withProperties(Subscriptions.retryTopic(group), failed.body(), failed.flag(), props);
    }
}
