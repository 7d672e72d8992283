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
 * </ul>
 *
 * Delay levels are served ({@code dev.petrel.broker.schedule.DelayLevelStage}) and timer messages too
 * ({@code dev.petrel.broker.timer.TimerPutStage}); both run before this stage.
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
        return null;
    }
}
