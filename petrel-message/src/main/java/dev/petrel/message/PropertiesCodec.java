package dev.petrel.message;

import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The properties string (message-format.md §3.1): {@code name 0x01 value 0x02} per entry, every entry ending in 0x02.
 *
 * <p>Decoding follows RocketMQ's parser exactly, because a client or broker on the other side uses it: split on
 * 0x02 (a trailing separator is optional), ignore segments shorter than 3 characters, split each segment at its
 * first 0x01, keep the entry only when both name and value are non-empty, and let later duplicates win.
 */
public final class PropertiesCodec {

    public static final char NAME_VALUE_SEPARATOR = '\u0001';
    public static final char PROPERTY_SEPARATOR = '\u0002';
    /** The stored length field is a signed short. */
    public static final int MAX_ENCODED_LENGTH = Short.MAX_VALUE;

    private PropertiesCodec() {
    }

    /** Encodes a map; entries with a null name or value are skipped (as RocketMQ does). */
    public static String encode(Map<String, String> properties) {
        if (properties == null || properties.isEmpty()) {
            return "";
        }
        StringBuilder sb = new StringBuilder(properties.size() * 16);
        for (Map.Entry<String, String> e : properties.entrySet()) {
            if (e.getKey() == null || e.getValue() == null) {
                continue;
            }
            checkNoSeparator(e.getKey());
            checkNoSeparator(e.getValue());
            sb.append(e.getKey()).append(NAME_VALUE_SEPARATOR).append(e.getValue()).append(PROPERTY_SEPARATOR);
        }
        return sb.toString();
    }

    /** Decodes a properties string into an insertion-ordered map; never fails (RocketMQ's rules drop bad segments). */
    public static Map<String, String> decode(String text) {
        Map<String, String> map = new LinkedHashMap<>();
        if (text == null || text.isEmpty()) {
            return map;
        }
        int len = text.length();
        int start = 0;
        while (start < len) {
            int end = text.indexOf(PROPERTY_SEPARATOR, start);
            if (end < 0) {
                end = len;
            }
            if (end - start >= 3) {
                int sep = text.indexOf(NAME_VALUE_SEPARATOR, start);
                if (sep >= 0 && sep < end) {
                    String name = text.substring(start, sep);
                    String value = text.substring(sep + 1, end);
                    if (!name.isEmpty() && !value.isEmpty()) {
                        map.put(name, value);
                    }
                }
            }
            start = end + 1;
        }
        return map;
    }

    /** Decodes the UTF-8 bytes of a properties string. */
    public static Map<String, String> decode(byte[] bytes, int offset, int length) {
        return decode(new String(bytes, offset, length, StandardCharsets.UTF_8));
    }

    /**
     * Finds one property's value without building a map (the dispatcher reads TAGS, KEYS, UNIQ_KEY and DELAY this way).
     * Returns the value of the last matching entry, as {@link #decode} would, or null.
     */
    public static String find(String text, String name) {
        if (text == null || text.isEmpty()) {
            return null;
        }
        String result = null;
        int len = text.length();
        int start = 0;
        while (start < len) {
            int end = text.indexOf(PROPERTY_SEPARATOR, start);
            if (end < 0) {
                end = len;
            }
            if (end - start >= 3 && text.startsWith(name, start)) {
                int sep = start + name.length();
                if (sep < end && text.charAt(sep) == NAME_VALUE_SEPARATOR && sep + 1 < end && !name.isEmpty()) {
                    result = text.substring(sep + 1, end);
                }
            }
            start = end + 1;
        }
        return result;
    }

    private static void checkNoSeparator(String s) {
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == NAME_VALUE_SEPARATOR || c == PROPERTY_SEPARATOR) {
                throw new IllegalArgumentException("property names and values may not contain chars 1 or 2: " + s);
            }
        }
    }
}
