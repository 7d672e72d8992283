package dev.petrel.broker.send;

import dev.petrel.broker.processor.Refusal;
import dev.petrel.message.PropertiesCodec;
import dev.petrel.message.PropertyNames;
import dev.petrel.message.SysFlag;
import dev.petrel.protocol.code.ResponseCode;

import java.util.function.BooleanSupplier;

/**
 * Refuses messages that need broker features Petrel does not have yet, instead of storing them as plain messages
 * (which would deliver a delayed message at once, or a transactional one before its commit):
 *
 * <ul>
 *   <li>transactional half messages ({@code TRAN_MSG=true}): NO_PERMISSION, as Apache answers with
 *       {@code rejectTransactionMessage};</li>
 *   <li>timer messages ({@code TIMER_DELAY_SEC}, {@code TIMER_DELAY_MS}, {@code TIMER_DELIVER_MS}): SYSTEM_ERROR, as
 *       Apache answers when {@code timerWheelEnable} is false.</li>
 * </ul>
 *
 * Delay levels are served ({@code dev.petrel.broker.schedule.DelayLevelStage} runs before this stage and drops the
 * timer properties of a message with {@code DELAY} &gt; 0, as Apache does).
 */
public final class UnsupportedFeatureStage implements PutStage {

    private final BooleanSupplier rejectTransactions;
    private final String brokerIp;

    /** @param rejectTransactions reads {@code rejectTransactionMessage} (dynamic) */
    public UnsupportedFeatureStage(BooleanSupplier rejectTransactions, String brokerIp) {
        this.rejectTransactions = rejectTransactions;
        this.brokerIp = brokerIp;
    }

    @Override
    public Refusal apply(PendingMessage m) {
        String props = m.properties();
        boolean prepared = Boolean.parseBoolean(PropertiesCodec.find(props, PropertyNames.TRANSACTION_PREPARED))
            || SysFlag.transactionType(m.sysFlag()) == SysFlag.TRANSACTION_PREPARED_TYPE;
        if (prepared) {
            if (rejectTransactions.getAsBoolean()) {
                return new Refusal(ResponseCode.NO_PERMISSION, "the broker[" + brokerIp
                    + "] sending transaction message is forbidden (rejectTransactionMessage=true)");
            }
            return new Refusal(ResponseCode.NO_PERMISSION, "the broker[" + brokerIp + "] does not support transactional "
                + "messages yet (Petrel); send the message without TransactionMQProducer");
        }
        if (PropertiesCodec.find(props, PropertyNames.TIMER_DELAY_SEC) != null
            || PropertiesCodec.find(props, PropertyNames.TIMER_DELAY_MS) != null
            || PropertiesCodec.find(props, PropertyNames.TIMER_DELIVER_MS) != null) {
            return new Refusal(ResponseCode.SYSTEM_ERROR, "accurate timer message is not enabled, timerWheelEnable is "
                + "false (Petrel has no timer wheel yet); send without setDelayTimeSec/setDelayTimeMs/setDeliverTimeMs");
        }
        return null;
    }
}
