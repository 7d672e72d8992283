package dev.petrel.broker.transaction;

import dev.petrel.broker.metadata.SystemTopics;
import dev.petrel.broker.processor.Refusal;
import dev.petrel.broker.send.PendingMessage;
import dev.petrel.broker.send.PutStage;
import dev.petrel.message.PropertiesCodec;
import dev.petrel.message.PropertyNames;
import dev.petrel.message.SysFlag;
import dev.petrel.protocol.code.ResponseCode;

import java.util.Map;
import java.util.function.BooleanSupplier;

/**
 * Turns a transactional send ({@code TRAN_MSG=true} or sysFlag PREPARED) into a half message: the real topic and
 * queue go into {@code REAL_TOPIC}/{@code REAL_QID}, the client id into {@code __transactionId__}, and the message is
 * stored in {@code RMQ_SYS_TRANS_HALF_TOPIC} queue 0 with transaction type NOT, so it gets a ConsumeQueue entry there
 * and none in the real topic: consumers cannot see it until END_TRANSACTION commits it.
 *
 * <p>Refused: batches (RocketMQ has no transactional batch) with MESSAGE_ILLEGAL, and everything while
 * {@code rejectTransactionMessage} is true, with NO_PERMISSION as Apache answers.
 */
public final class HalfMessageStage implements PutStage {

    private final BooleanSupplier rejectTransactions;
    private final String brokerIp;

    /** @param rejectTransactions reads {@code rejectTransactionMessage} (dynamic) */
    public HalfMessageStage(BooleanSupplier rejectTransactions, String brokerIp) {
        this.rejectTransactions = rejectTransactions;
        this.brokerIp = brokerIp;
    }

    /** Whether a message is a transaction's prepared (half) message. */
    public static boolean isPrepared(String properties, int sysFlag) {
        return Boolean.parseBoolean(PropertiesCodec.find(properties, PropertyNames.TRANSACTION_PREPARED))
            || SysFlag.transactionType(sysFlag) == SysFlag.TRANSACTION_PREPARED_TYPE;
    }

    @Override
    public Refusal apply(PendingMessage m) {
        if (!isPrepared(m.properties(), m.sysFlag())) {
            return null;
        }
        if (m.isBatch()) {
            return new Refusal(ResponseCode.MESSAGE_ILLEGAL, "a batch may not hold transactional messages; send each "
                + "with sendMessageInTransaction");
        }
        if (rejectTransactions.getAsBoolean()) {
            return new Refusal(ResponseCode.NO_PERMISSION, "the broker[" + brokerIp
                + "] sending transaction message is forbidden (rejectTransactionMessage=true)");
        }
        Map<String, String> props = PropertiesCodec.decode(m.properties());
        if (props.get(PropertyNames.PRODUCER_GROUP) == null) {
            return new Refusal(ResponseCode.MESSAGE_ILLEGAL, "a transactional message needs its producer group in the "
                + "PGROUP property, so the broker can ask the group about it");
        }
        props.put(PropertyNames.REAL_TOPIC, m.topic());
        props.put(PropertyNames.REAL_QUEUE_ID, Integer.toString(m.queueId()));
        String uniq = props.get(PropertyNames.UNIQ_CLIENT_MESSAGE_ID_KEYIDX);
        if (uniq != null) {
            props.put(PropertyNames.TRANSACTION_ID, uniq);
        }
        m.properties(PropertiesCodec.encode(props));
        m.topic(SystemTopics.TRANS_HALF);
        m.queueId(0);
        m.sysFlag(SysFlag.withTransactionType(m.sysFlag(), SysFlag.TRANSACTION_NOT_TYPE));
        return null;
    }
}
