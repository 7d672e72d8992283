package dev.petrel.message;

import java.nio.charset.StandardCharsets;

/**
 * Topic and group name rules (system-topics.md §10). Returns null when a name is valid, else a reason a person can
 * act on; never throws.
 */
public final class NameValidator {

    public static final int TOPIC_MAX_LENGTH = 127;
    /** Any topic in the store, retry topics included. */
    public static final int STORE_TOPIC_MAX_BYTES = 255;
    /** The 5.3.1 client's group limit. */
    public static final int GROUP_MAX_LENGTH = 255;
    public static final String RETRY_PREFIX = "%RETRY%";
    public static final String DLQ_PREFIX = "%DLQ%";

    private NameValidator() {
    }

    /** The send/create rule of the client and the broker: allowed characters and at most 127 characters. */
    public static String validateTopic(String topic) {
        String chars = checkChars("topic", topic);
        if (chars != null) {
            return chars;
        }
        if (topic.length() > TOPIC_MAX_LENGTH) {
            return "topic '" + abbreviate(topic) + "' is " + topic.length() + " characters long; the limit is " + TOPIC_MAX_LENGTH;
        }
        return null;
    }

    /** The store's rule on every put: non-retry topics at most 127 UTF-8 bytes, any topic at most 255. */
    public static String validateStoreTopic(String topic) {
        if (topic == null || topic.isBlank()) {
            return "topic is blank";
        }
        int bytes = topic.getBytes(StandardCharsets.UTF_8).length;
        if (bytes > STORE_TOPIC_MAX_BYTES) {
            return "topic '" + abbreviate(topic) + "' is " + bytes + " bytes long; the limit is " + STORE_TOPIC_MAX_BYTES;
        }
        if (!topic.startsWith(RETRY_PREFIX) && bytes > TOPIC_MAX_LENGTH) {
            return "topic '" + abbreviate(topic) + "' is " + bytes + " bytes long; the limit is " + TOPIC_MAX_LENGTH
                + " (only %RETRY% topics may be longer)";
        }
        return null;
    }

    public static String validateGroup(String group) {
        String chars = checkChars("group", group);
        if (chars != null) {
            return chars;
        }
        if (group.length() > GROUP_MAX_LENGTH) {
            return "group '" + abbreviate(group) + "' is " + group.length() + " characters long; the limit is " + GROUP_MAX_LENGTH;
        }
        return null;
    }

    private static String checkChars(String what, String name) {
        if (name == null || name.isBlank()) {
            return what + " name is blank";
        }
        for (int i = 0; i < name.length(); i++) {
            char c = name.charAt(i);
            boolean ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')
                || c == '%' || c == '|' || c == '_' || c == '-';
            if (!ok) {
                return what + " '" + abbreviate(name) + "' contains '" + c + "' at " + i
                    + "; allowed are letters, digits, %, |, _ and -";
            }
        }
        return null;
    }

    private static String abbreviate(String s) {
        return s.length() <= 40 ? s : s.substring(0, 37) + "...";
    }
}
