package dev.petrel.broker.schedule;

import dev.petrel.broker.metadata.SystemTopics;
import dev.petrel.message.DecodedMessage;
import dev.petrel.message.MessageDraft;
import dev.petrel.message.PropertyNames;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Turns a due schedule-topic record into the message stored in its real topic and queue (system-topics.md §3,
 * Apache's {@code messageTimeUp}): same body (as stored, compressed or not), flag, sysFlag, born time and host, store
 * host and reconsume times; properties kept, {@code UNIQ_KEY}, {@code REAL_TOPIC}/{@code REAL_QID} and {@code DELAY}
 * included, with {@code TIMER_DELIVER_MS} and {@code TIMER_DELAY_SEC} removed and {@code WAIT=false}. {@code DELAY}
 * stays because it stays in Apache 5.3.1: its {@code messageTimeUp} clears the property only after the stored
 * properties string was built, so consumers of Apache's broker see the level on the delivered message (checked
 * against Apache's broker by petrel-interop-tests' {@code DelayLevelApacheBrokerTest}). The delivered record is put
 * straight into the store, so the kept level does not delay it again. The store assigns the new record's offsets and
 * store time, so its offset message id is new. Pure.
 */
public final class DueMessage {

    /** The message to put, or why the record is dropped (it is then skipped, never retried). */
    public record Outcome(MessageDraft draft, String dropped) {
    }

    private DueMessage() {
    }

    /** @param scheduled the schedule-topic record, decoded without decompressing the body */
    public static Outcome toRealTopic(DecodedMessage scheduled) {
        Map<String, String> props = new LinkedHashMap<>(scheduled.properties());
        String topic = props.get(PropertyNames.REAL_TOPIC);
        String qid = props.get(PropertyNames.REAL_QUEUE_ID);
        if (topic == null || qid == null) {
            return new Outcome(null, "it has no REAL_TOPIC/REAL_QID property");
        }
        int queueId;
        try {
            queueId = Integer.parseInt(qid.trim());
        } catch (NumberFormatException e) {
            return new Outcome(null, "its REAL_QID '" + qid + "' is not a queue id");
        }
        if (queueId < 0) {
            return new Outcome(null, "its REAL_QID " + queueId + " is negative");
        }
        if (SystemTopics.TRANS_HALF.equals(topic)) {
            // A half message must never become visible by way of a delay (Apache discards it too).
            return new Outcome(null, "its real topic is the transaction half topic");
        }
        props.remove(PropertyNames.TIMER_DELIVER_MS);
        props.remove(PropertyNames.TIMER_DELAY_SEC);
        props.put(PropertyNames.WAIT_STORE_MSG_OK, "false");
        MessageDraft draft = MessageDraft.builder().topic(topic).queueId(queueId).body(scheduled.body())
            .flag(scheduled.flag()).properties(props).bornTimestamp(scheduled.bornTimestamp())
            .bornHost(scheduled.bornHost()).storeHost(scheduled.storeHost()).sysFlag(scheduled.sysFlag())
            .reconsumeTimes(scheduled.reconsumeTimes()).build();
        return new Outcome(draft, null);
    }
}
