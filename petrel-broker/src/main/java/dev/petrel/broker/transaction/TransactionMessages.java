package dev.petrel.broker.transaction;

import dev.petrel.broker.metadata.SystemTopics;
import dev.petrel.message.DecodedMessage;
import dev.petrel.message.Host;
import dev.petrel.message.MessageDraft;
import dev.petrel.message.MessageRecordLayout;
import dev.petrel.message.PropertyNames;
import dev.petrel.message.SysFlag;

import java.nio.ByteBuffer;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Builds the messages a transaction writes, from a half message read back: the committed real message, the op record
 * that marks a half message decided, the copy given up in {@code TRANS_CHECK_MAX_TIME_TOPIC}, and the body of a
 * CHECK_TRANSACTION_STATE request. Pure: no I/O, no clock.
 */
public final class TransactionMessages {

    /** Apache's {@code TransactionalMessageUtil.REMOVE_TAG}. */
    public static final String OP_TAG = "d";

    private TransactionMessages() {
    }

    /**
     * The committed message: the half message in its real topic and queue, transaction type COMMIT, its prepared
     * offset the half record's CommitLog offset; {@code TRAN_MSG}, {@code REAL_TOPIC}, {@code REAL_QID} removed.
     */
    public static MessageDraft commit(DecodedMessage half, Host storeHost) {
        Map<String, String> props = new LinkedHashMap<>(half.properties());
        String topic = props.remove(PropertyNames.REAL_TOPIC);
        int queueId = realQueueId(props.remove(PropertyNames.REAL_QUEUE_ID));
        props.remove(PropertyNames.TRANSACTION_PREPARED);
        props.put(PropertyNames.WAIT_STORE_MSG_OK, "false");
        return MessageDraft.builder().topic(topic).queueId(queueId).body(half.body()).flag(half.flag())
            .properties(props).bornTimestamp(half.bornTimestamp()).bornHost(half.bornHost()).storeHost(storeHost)
            .sysFlag(SysFlag.withTransactionType(half.sysFlag(), SysFlag.TRANSACTION_COMMIT_TYPE))
            .reconsumeTimes(half.reconsumeTimes()).preparedTransactionOffset(half.physicalOffset()).build();
    }

    /** The op record marking half-queue offset {@code halfQueueOffset} decided. */
    public static MessageDraft op(long halfQueueOffset, Host brokerHost, long nowMillis) {
        Map<String, String> props = new LinkedHashMap<>();
        props.put(PropertyNames.TAGS, OP_TAG);
        props.put(PropertyNames.WAIT_STORE_MSG_OK, "false");
        return MessageDraft.builder().topic(SystemTopics.TRANS_OP_HALF).queueId(0)
            .body(OpBodyCodec.encode(halfQueueOffset)).properties(props).bornTimestamp(nowMillis).bornHost(brokerHost)
            .storeHost(brokerHost).sysFlag(0).build();
    }

    /** The half message given up after too many check-backs, as Apache keeps it: same properties and body. */
    public static MessageDraft checkMaxed(DecodedMessage half, Host storeHost) {
        return MessageDraft.builder().topic(SystemTopics.TRANS_CHECK_MAX_TIME).queueId(0).body(half.body())
            .flag(half.flag()).properties(half.properties()).bornTimestamp(half.bornTimestamp())
            .bornHost(half.bornHost()).storeHost(storeHost).sysFlag(half.sysFlag())
            .reconsumeTimes(half.reconsumeTimes()).build();
    }

    /**
     * The CHECK_TRANSACTION_STATE body: the half message as a stored record whose topic and queue are the real ones
     * (the client hands it to {@code checkLocalTransaction} as the application sent it), with the half record's
     * offsets and store time.
     */
    public static byte[] checkBody(DecodedMessage half) {
        Map<String, String> props = half.properties();
        MessageDraft draft = MessageDraft.builder().topic(realTopic(half)).queueId(realQueueId(
                props.get(PropertyNames.REAL_QUEUE_ID))).body(half.body()).flag(half.flag()).properties(props)
            .bornTimestamp(half.bornTimestamp()).bornHost(half.bornHost()).storeHost(half.storeHost())
            .sysFlag(half.sysFlag()).reconsumeTimes(half.reconsumeTimes())
            .preparedTransactionOffset(half.preparedTransactionOffset()).build();
        ByteBuffer buf = ByteBuffer.allocate(draft.recordSize());
        MessageRecordLayout.encode(buf, 0, draft, half.queueOffset(), half.physicalOffset(), half.storeTimestamp());
        return buf.array();
    }

    /** The topic the producer sent to. */
    public static String realTopic(DecodedMessage half) {
        String t = half.property(PropertyNames.REAL_TOPIC);
        return t == null ? half.topic() : t;
    }

    private static int realQueueId(String text) {
        if (text == null) {
            return 0;
        }
        try {
            return Integer.parseInt(text.trim());
        } catch (NumberFormatException e) {
            return 0;
        }
    }
}
