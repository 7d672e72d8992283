package dev.petrel.broker.send;

import dev.petrel.broker.processor.Refusal;
import dev.petrel.message.PropertiesCodec;
import dev.petrel.message.PropertyNames;
import dev.petrel.protocol.code.ResponseCode;

import java.util.function.BooleanSupplier;

/**
 * Refuses messages that need broker features Petrel does not have yet, instead of storing them as plain messages
 * (which would deliver a delayed message at once, or a transactional one before its commit):
 *
 * <ul>
 *   <li>delay levels ({@code DELAY} &gt; 0): MESSAGE_ILLEGAL, so the producer fails at once with the reason;</li>
 *   <li>timer messages ({@code TIMER_DELAY_SEC}, {@code TIMER_DELAY_MS}, {@code TIMER_DELIVER_MS}): SYSTEM_ERROR, as
 *       Apache answers when {@code timerWheelEnable} is false.</li>
 * </ul>
 *
 * Messages that already carry {@code DELAY=-1} (sent to a DLQ) pass.
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
        String delay = PropertiesCodec.find(props, PropertyNames.DELAY_TIME_LEVEL);
        if (delay != null && parseLevel(delay) > 0) {
            return new Refusal(ResponseCode.MESSAGE_ILLEGAL, "delayed messages (DELAY=" + delay + ") are not supported "
                + "by this Petrel broker yet; send without setDelayTimeLevel");
        }
        if (PropertiesCodec.find(props, PropertyNames.TIMER_DELAY_SEC) != null
            || PropertiesCodec.find(props, PropertyNames.TIMER_DELAY_MS) != null
            || PropertiesCodec.find(props, PropertyNames.TIMER_DELIVER_MS) != null) {
            return new Refusal(ResponseCode.SYSTEM_ERROR, "accurate timer message is not enabled, timerWheelEnable is "
                + "false (Petrel has no timer wheel yet); send without setDelayTimeSec/setDelayTimeMs/setDeliverTimeMs");
        }
        return null;
    }

    private static int parseLevel(String text) {
        try {
            return Integer.parseInt(text.trim());
        } catch (NumberFormatException e) {
            return 0;
        }
    }
}
