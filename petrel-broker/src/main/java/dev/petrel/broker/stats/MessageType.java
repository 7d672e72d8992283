package dev.petrel.broker.stats;

import dev.petrel.message.PropertiesCodec;
import dev.petrel.message.PropertyNames;
import dev.petrel.message.SysFlag;

/**
 * RocketMQ 5's {@code message_type} label of a sent message (operations.md §1.4): transaction when the prepared flag
 * is set, else delay when it carries a delay level or a timer property, else fifo when it has a sharding key, else
 * normal.
 */
public enum MessageType {
    NORMAL("normal"), FIFO("fifo"), DELAY("delay"), TRANSACTION("transaction");

    static final MessageType[] ALL = values();

    private final String label;

    MessageType(String label) {
        this.label = label;
    }

    /** The label value. */
    public String label() {
        return label;
    }

    private static final String DELAY_KEY = PropertyNames.DELAY_TIME_LEVEL + PropertiesCodec.NAME_VALUE_SEPARATOR;
    private static final String[] TIMER_KEYS = {PropertyNames.TIMER_DELIVER_MS + PropertiesCodec.NAME_VALUE_SEPARATOR,
        PropertyNames.TIMER_DELAY_SEC + PropertiesCodec.NAME_VALUE_SEPARATOR,
        PropertyNames.TIMER_DELAY_MS + PropertiesCodec.NAME_VALUE_SEPARATOR};
    private static final String SHARDING_KEY = PropertyNames.SHARDING_KEY + PropertiesCodec.NAME_VALUE_SEPARATOR;
    private static final String TIMER_PREFIX = "TIMER_";

    /**
     * The type of a message with these (encoded) properties and flags. It runs once per send, so it only searches the
     * text for the few keys that matter (the JDK's vectorised {@code indexOf}), without decoding or allocating.
     */
    public static MessageType of(int sysFlag, String properties) {
        if ((sysFlag & SysFlag.TRANSACTION_TYPE_MASK) == SysFlag.TRANSACTION_PREPARED_TYPE) {
            return TRANSACTION;
        }
        if (properties == null || properties.isEmpty()) {
            return NORMAL;
        }
        int delay = keyAt(properties, DELAY_KEY);
        if (delay >= 0) {
            // DELAY=0 or a negative level means none (a retry past its last level is sent with -1).
            int v = delay + DELAY_KEY.length();
            if (v < properties.length() && properties.charAt(v) != '0' && properties.charAt(v) != '-'
                && properties.charAt(v) != PropertiesCodec.PROPERTY_SEPARATOR) {
                return DELAY;
            }
        }
        if (properties.contains(TIMER_PREFIX)) {
            for (String key : TIMER_KEYS) {
                if (keyAt(properties, key) >= 0) {
                    return DELAY;
                }
            }
        }
        return keyAt(properties, SHARDING_KEY) >= 0 ? FIFO : NORMAL;
    }

    /** Where {@code keyAndSeparator} starts a property of {@code p}, or -1. */
    private static int keyAt(String p, String keyAndSeparator) {
        int i = p.indexOf(keyAndSeparator);
        while (i > 0 && p.charAt(i - 1) != PropertiesCodec.PROPERTY_SEPARATOR) {
            i = p.indexOf(keyAndSeparator, i + 1);
        }
        return i;
    }
}
