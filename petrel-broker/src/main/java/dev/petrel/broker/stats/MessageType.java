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

    /**
     * The type of a message with these (encoded) properties and flags. One pass over the property names, no
     * allocation: it runs once per send.
     */
    public static MessageType of(int sysFlag, String properties) {
        if ((sysFlag & SysFlag.TRANSACTION_TYPE_MASK) == SysFlag.TRANSACTION_PREPARED_TYPE) {
            return TRANSACTION;
        }
        if (properties == null || properties.isEmpty()) {
            return NORMAL;
        }
        boolean fifo = false;
        int start = 0;
        int length = properties.length();
        while (start < length) {
            int sep = properties.indexOf(PropertiesCodec.NAME_VALUE_SEPARATOR, start);
            if (sep < 0) {
                break;
            }
            int end = properties.indexOf(PropertiesCodec.PROPERTY_SEPARATOR, sep);
            if (end < 0) {
                end = length;
            }
            if (isDelay(properties, start, sep, end)) {
                return DELAY;
            }
            fifo |= is(properties, start, sep, PropertyNames.SHARDING_KEY);
            start = end + 1;
        }
        return fifo ? FIFO : NORMAL;
    }

    private static boolean isDelay(String p, int start, int sep, int end) {
        if (is(p, start, sep, PropertyNames.DELAY_TIME_LEVEL)) {
            // DELAY=0 or a negative level means none (a retry past its last level is sent with -1).
            return end > sep + 1 && p.charAt(sep + 1) != '0' && p.charAt(sep + 1) != '-';
        }
        return is(p, start, sep, PropertyNames.TIMER_DELIVER_MS) || is(p, start, sep, PropertyNames.TIMER_DELAY_SEC)
            || is(p, start, sep, PropertyNames.TIMER_DELAY_MS);
    }

    private static boolean is(String p, int start, int sep, String name) {
        return sep - start == name.length() && p.startsWith(name, start);
    }
}
