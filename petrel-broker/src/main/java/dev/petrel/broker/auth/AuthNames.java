package dev.petrel.broker.auth;

import java.util.Locale;

/** Case-insensitive lookup of the names RocketMQ writes for its auth enums ("Super", "enable", "Pub", ...). */
final class AuthNames {

    interface Named {
        String wireName();
    }

    private AuthNames() {
    }

    /** The constant whose wire name equals {@code text} ignoring case; null for null or blank text or no match. */
    static <E extends Enum<E> & Named> E lookup(Class<E> type, String text) {
        if (text == null || text.isBlank()) {
            return null;
        }
        String wanted = text.trim().toLowerCase(Locale.ROOT);
        for (E e : type.getEnumConstants()) {
            if (e.wireName().toLowerCase(Locale.ROOT).equals(wanted)) {
                return e;
            }
        }
        return null;
    }
}
