package dev.petrel.store.timer;

import dev.petrel.message.DecodedMessage;
import dev.petrel.message.MessageDraft;
import dev.petrel.message.PropertyNames;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The timer's message rules, pure: when a stored timer message is due, and what is delivered when it is
 * (system-topics.md §4).
 */
public final class TimerMessages {

    /** Where timer messages wait: {@code rmq_sys_wheel_timer}, queue 0. */
    public static final String TIMER_TOPIC = "rmq_sys_wheel_timer";
    public static final int TIMER_QUEUE = 0;

    private TimerMessages() {
    }

    /**
     * The requested delivery time of a message stored in the timer topic, ms. The put stage stored
     * {@code TIMER_OUT_MS} rounded down to the precision (RocketMQ's rule, kept for compatibility); the requested time
     * lies in {@code (TIMER_OUT_MS, TIMER_OUT_MS + precision]} and is recovered from the producer's own property:
     * {@code TIMER_DELIVER_MS} exactly, or the store time plus {@code TIMER_DELAY_SEC}/{@code TIMER_DELAY_MS} (the put
     * stage computed it from a clock reading a moment earlier, so this is never before what it computed). Without a
     * usable {@code TIMER_OUT_MS} the message is due at once.
     */
    public static long dueMillis(Map<String, String> properties, long storeTimestamp, int precisionMs) {
        Long out = parse(properties.get(PropertyNames.TIMER_OUT_MS));
        if (out == null) {
            return storeTimestamp;
        }
        long requested = out + precisionMs;
        Long sec = parse(properties.get(PropertyNames.TIMER_DELAY_SEC));
        Long ms = parse(properties.get(PropertyNames.TIMER_DELAY_MS));
        Long at = parse(properties.get(PropertyNames.TIMER_DELIVER_MS));
        if (sec != null) {
            requested = storeTimestamp + sec * 1000;
        } else if (ms != null) {
            requested = storeTimestamp + ms;
        } else if (at != null) {
            requested = at;
        }
        return Math.min(Math.max(requested, out + 1), out + precisionMs);
    }

    /** The slot (start time) a message due at {@code dueMs} belongs to: the one whose window {@code (t, t+p]} holds it. */
    public static long slotOf(long dueMs, int precisionMs) {
        return Math.floorDiv(dueMs - 1, precisionMs) * precisionMs;
    }

    /** Whether a stored timer message only cancels another ({@code TIMER_DEL_UNIQKEY}). */
    public static boolean isCancel(Map<String, String> properties) {
        return properties.get(PropertyNames.TIMER_DEL_UNIQKEY) != null;
    }

    /**
     * Whether a cancel key names this message: 5.3.1 compares the key with the UNIQ_KEY, later versions with
     * {@code <realTopic>+<UNIQ_KEY>}; both forms are accepted.
     */
    public static boolean cancels(String key, String realTopic, String uniqKey) {
        return uniqKey != null && (key.equals(uniqKey) || key.equals(realTopic + "+" + uniqKey));
    }

    /**
     * The message to put when a timer message is due: its real topic and queue back, {@code REAL_TOPIC} and
     * {@code REAL_QID} removed, {@code TIMER_ENQUEUE_MS} (when the broker accepted it), {@code TIMER_DEQUEUE_MS} (now)
     * and {@code WAIT=false} added; body (as stored, compressed or not), flags, hosts and times kept. The record's
     * PREPARED TRANSACTION OFFSET field carries the CommitLog offset of the timer record it came from: it lets a restart
     * recognise deliveries already made (RocketMQ leaves the field 0 on timer deliveries; no client reads it).
     *
     * @param stored the timer-topic record, decoded without decompressing the body
     * @return null when the record names no valid real topic
     */
    public static MessageDraft delivery(DecodedMessage stored, long sourceOffset, long nowMillis) {
        Map<String, String> props = new LinkedHashMap<>(stored.properties());
        String topic = props.remove(PropertyNames.REAL_TOPIC);
        String queue = props.remove(PropertyNames.REAL_QUEUE_ID);
        if (topic == null || topic.isEmpty() || topic.equals(TIMER_TOPIC)) {
            return null;
        }
        int queueId = 0;
        if (queue != null) {
            try {
                queueId = Math.max(0, Integer.parseInt(queue));
            } catch (NumberFormatException e) {
                queueId = 0;
            }
        }
        props.put(PropertyNames.TIMER_ENQUEUE_MS, Long.toString(stored.storeTimestamp()));
        props.put(PropertyNames.TIMER_DEQUEUE_MS, Long.toString(nowMillis));
        props.put(PropertyNames.WAIT_STORE_MSG_OK, "false");
        return MessageDraft.builder().topic(topic).queueId(queueId).body(stored.body()).flag(stored.flag())
            .properties(props).bornTimestamp(stored.bornTimestamp()).bornHost(stored.bornHost())
            .storeHost(stored.storeHost()).sysFlag(stored.sysFlag()).reconsumeTimes(stored.reconsumeTimes())
            .preparedTransactionOffset(sourceOffset).build();
    }

    /**
     * If {@code record} is a timer delivery made by this broker, the CommitLog offset of its timer record; else -1.
     */
    public static long deliverySource(String topic, Map<String, String> properties, long preparedTransactionOffset) {
        if (TIMER_TOPIC.equals(topic) || preparedTransactionOffset < 0
            || properties.get(PropertyNames.TIMER_DEQUEUE_MS) == null) {
            return -1;
        }
        return preparedTransactionOffset;
    }

    private static Long parse(String text) {
        if (text == null) {
            return null;
        }
        try {
            return Long.parseLong(text.trim());
        } catch (NumberFormatException e) {
            return null;
        }
    }
}
