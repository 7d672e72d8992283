package dev.petrel.broker.timer;

import dev.petrel.broker.processor.Refusal;
import dev.petrel.broker.send.PendingMessage;
import dev.petrel.broker.send.PutStage;
import dev.petrel.common.time.Clock;
import dev.petrel.message.PropertiesCodec;
import dev.petrel.message.PropertyNames;
import dev.petrel.message.SysFlag;
import dev.petrel.protocol.code.ResponseCode;
import dev.petrel.store.timer.TimerConfig;
import dev.petrel.store.timer.TimerMessages;

import java.util.List;
import java.util.Map;
import java.util.function.LongPredicate;

/**
 * The send path's timer step (system-topics.md §4, Apache's put hook for timer messages): a message carrying
 * {@code TIMER_DELAY_SEC}, {@code TIMER_DELAY_MS} or {@code TIMER_DELIVER_MS} (what the 5.3.1 client's
 * {@code setDelayTimeSec}, {@code setDelayTimeMs} and {@code setDeliverTimeMs} set) is parked in
 * {@code rmq_sys_wheel_timer} queue 0 with {@code TIMER_OUT_MS}, {@code REAL_TOPIC} and {@code REAL_QID}; the timer
 * ({@link dev.petrel.store.timer.TimerService}) puts it back into its topic and queue when it is due.
 *
 * <ul>
 *   <li>only plain and commit messages: a half message is parked when committed, not before;</li>
 *   <li>a message with a delay level ({@code DELAY} &gt; 0) loses its timer properties and takes the level path;</li>
 *   <li>{@code timerWheelEnable=false}: SYSTEM_ERROR; an unparsable value or a time more than
 *       {@code timerMaxDelaySec} ahead: MESSAGE_ILLEGAL, nothing stored;</li>
 *   <li>a time not in the future: stored in its topic at once (a cancel, {@code TIMER_DEL_UNIQKEY}, is refused);</li>
 *   <li>{@code TIMER_OUT_MS} is the time rounded down to {@code timerPrecisionMs} (an exact multiple goes one
 *       precision lower), as RocketMQ writes it; Petrel's timer still delivers at the requested millisecond.</li>
 * </ul>
 *
 * Batches: a batch whose messages all carry a delivery time is parked message by message (one put of the whole
 * batch into the timer queue); a batch mixing timed and untimed messages is refused (MESSAGE_ILLEGAL), since a
 * batch is stored in one queue. RocketMQ 5.3.1 ignores timer properties inside batches and delivers at once.
 *
 * <p>Stateless besides its parts; runs on send threads.
 */
public final class TimerPutStage implements PutStage {

    private final Clock clock;
    private final TimerConfig.Settings settings;
    private final LongPredicate congested;

    /** @param congested whether a message due at the given epoch ms meets the timer's flow control */
    public TimerPutStage(Clock clock, TimerConfig.Settings settings, LongPredicate congested) {
        this.clock = clock;
        this.settings = settings;
        this.congested = congested;
    }

    /** Whether a properties string carries a timer request (cheap: no decoding). */
    static boolean isTimed(String properties) {
        return PropertiesCodec.find(properties, PropertyNames.TIMER_DELIVER_MS) != null
            || PropertiesCodec.find(properties, PropertyNames.TIMER_DELAY_SEC) != null
            || PropertiesCodec.find(properties, PropertyNames.TIMER_DELAY_MS) != null;
    }

    @Override
    public Refusal apply(PendingMessage m) {
        if (m.isBatch() || !isTimed(m.properties())) {
            return null;
        }
        int tran = SysFlag.transactionType(m.sysFlag());
        if (tran != SysFlag.TRANSACTION_NOT_TYPE && tran != SysFlag.TRANSACTION_COMMIT_TYPE) {
            return null;
        }
        if (TimerMessages.TIMER_TOPIC.equals(m.topic())
            || PropertiesCodec.find(m.properties(), PropertyNames.TIMER_OUT_MS) != null) {
            return null;
        }
        Map<String, String> props = PropertiesCodec.decode(m.properties());
        if (delayLevel(props) > 0) {
            props.remove(PropertyNames.TIMER_DELIVER_MS);
            props.remove(PropertyNames.TIMER_DELAY_SEC);
            props.remove(PropertyNames.TIMER_DELAY_MS);
            m.properties(PropertiesCodec.encode(props));
            return null;
        }
        Refusal refusal = park(m.topic(), m.queueId(), props);
        if (refusal != null) {
            return refusal;
        }
        if (props.containsKey(PropertyNames.TIMER_OUT_MS)) {
            m.properties(PropertiesCodec.encode(props));
            m.topic(TimerMessages.TIMER_TOPIC);
            m.queueId(TimerMessages.TIMER_QUEUE);
        }
        return null;
    }

    /**
     * A batch's messages: all timed ones are parked (the envelope moves to the timer queue), untimed ones pass, a
     * mix is refused.
     */
    @Override
    public Refusal applyToBatch(PendingMessage envelope, List<PendingMessage> entries) {
        int timed = 0;
        for (PendingMessage e : entries) {
            if (isTimed(e.properties())) {
                timed++;
            }
        }
        if (timed == 0) {
            return null;
        }
        if (timed < entries.size()) {
            return new Refusal(ResponseCode.MESSAGE_ILLEGAL, "a batch mixes " + timed + " timer messages with "
                + (entries.size() - timed) + " plain ones; a batch is stored in one queue, so send timer messages "
                + "in their own batch or one by one");
        }
        int tran = SysFlag.transactionType(envelope.sysFlag());
        if (tran != SysFlag.TRANSACTION_NOT_TYPE && tran != SysFlag.TRANSACTION_COMMIT_TYPE) {
            return null;
        }
        for (int i = 0; i < entries.size(); i++) {
            PendingMessage e = entries.get(i);
            Map<String, String> props = PropertiesCodec.decode(e.properties());
            Refusal refusal = park(envelope.topic(), envelope.queueId(), props);
            if (refusal != null) {
                return new Refusal(refusal.code(), "message " + i + " of the batch: " + refusal.remark());
            }
            if (!props.containsKey(PropertyNames.TIMER_OUT_MS)) {
                return new Refusal(ResponseCode.MESSAGE_ILLEGAL, "message " + i + " of the batch is due now or in the "
                    + "past while others wait; send due messages without a delivery time");
            }
            e.properties(PropertiesCodec.encode(props));
        }
        envelope.topic(TimerMessages.TIMER_TOPIC);
        envelope.queueId(TimerMessages.TIMER_QUEUE);
        return null;
    }

    /**
     * Checks a timed message's properties and, when it is due in the future, adds {@code TIMER_OUT_MS},
     * {@code REAL_TOPIC} and {@code REAL_QID} to them. Returns why it is refused, or null.
     */
    private Refusal park(String topic, int queueId, Map<String, String> props) {
        if (!settings.enabled()) {
            return new Refusal(ResponseCode.SYSTEM_ERROR, "accurate timer message is not enabled, timerWheelEnable is "
                + "false; set timerWheelEnable=true in broker.conf or send without a delivery time");
        }
        long now = clock.millis();
        long deliverMs;
        String sec = props.get(PropertyNames.TIMER_DELAY_SEC);
        String ms = props.get(PropertyNames.TIMER_DELAY_MS);
        String at = props.get(PropertyNames.TIMER_DELIVER_MS);
        try {
            if (sec != null) {
                deliverMs = Math.addExact(now, Math.multiplyExact(Long.parseLong(sec.trim()), 1000L));
            } else if (ms != null) {
                deliverMs = Math.addExact(now, Long.parseLong(ms.trim()));
            } else {
                deliverMs = Long.parseLong(at.trim());
            }
        } catch (NumberFormatException | ArithmeticException e) {
            return new Refusal(ResponseCode.MESSAGE_ILLEGAL, "timer message illegal: " + describe(sec, ms, at)
                + " is not a number of " + (sec != null ? "seconds" : "milliseconds"));
        }
        if (deliverMs <= now) {
            if (props.get(PropertyNames.TIMER_DEL_UNIQKEY) != null) {
                return new Refusal(ResponseCode.MESSAGE_ILLEGAL, "timer message illegal: a cancel ("
                    + PropertyNames.TIMER_DEL_UNIQKEY + ") must name a delivery time in the future, got " + deliverMs
                    + " (now " + now + ")");
            }
            return null;
        }
        if (deliverMs - now > settings.maxDelayMillis()) {
            return new Refusal(ResponseCode.MESSAGE_ILLEGAL, "timer message illegal, the delay time should not be "
                + "bigger than the max delay " + settings.maxDelayMillis() + "ms: " + describe(sec, ms, at) + " asks for "
                + (deliverMs - now) + " ms ahead; the broker's timerMaxDelaySec is " + settings.maxDelayMillis() / 1000);
        }
        if (congested.test(deliverMs)) {
            return new Refusal(ResponseCode.SYSTEM_ERROR, "timer message is under flow control: the slot of "
                + deliverMs + " holds more than timerCongestNumEachSlot=" + settings.congestNumEachSlot()
                + " messages; retry later or spread delivery times");
        }
        int p = settings.precisionMs();
        long out = deliverMs % p == 0 ? deliverMs - p : deliverMs / p * p;
        props.put(PropertyNames.TIMER_OUT_MS, Long.toString(out));
        props.put(PropertyNames.REAL_TOPIC, topic);
        props.put(PropertyNames.REAL_QUEUE_ID, Integer.toString(queueId));
        return null;
    }

    private static String describe(String sec, String ms, String at) {
        if (sec != null) {
            return PropertyNames.TIMER_DELAY_SEC + "=" + sec;
        }
        return ms != null ? PropertyNames.TIMER_DELAY_MS + "=" + ms : PropertyNames.TIMER_DELIVER_MS + "=" + at;
    }

    private static int delayLevel(Map<String, String> props) {
        String level = props.get(PropertyNames.DELAY_TIME_LEVEL);
        if (level == null) {
            return 0;
        }
        try {
            return Integer.parseInt(level.trim());
        } catch (NumberFormatException e) {
            return 0;
        }
    }
}
