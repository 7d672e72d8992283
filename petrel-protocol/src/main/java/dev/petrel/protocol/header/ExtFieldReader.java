package dev.petrel.protocol.header;

import java.util.Map;

/**
 * Reads typed values out of a command's {@code extFields}, remembering the first problem instead of throwing: the
 * building block of every header codec (the generic {@link RecordHeaderCodec} and the hand-written hot-path codecs), so
 * that they all parse and report alike.
 *
 * <ul>
 *   <li>A missing required key: {@code the custom field <key> is null}, angle brackets included (Apache's exact text;
 *       Apache 5.3.1 itself only logs it and goes on with a null field, Petrel reports it).
 *   <li>A value that does not parse: {@code field <key>: '<value>' is not a valid <type>}. Apache logs and keeps the
 *       default in this case; Petrel reports it, so a bad number never turns silently into 0.
 *   <li>Booleans parse like {@link Boolean#parseBoolean}: anything but {@code true} (any case) is false.
 *   <li>Enums by name, ignoring case.
 * </ul>
 *
 * Typed getters return 0/false/null once an error has been recorded; callers check {@link #failed()} before building.
 * One reader per decode; not thread-safe.
 */
public final class ExtFieldReader {

    private final Map<String, String> fields;
    private String error;

    /** {@code fields} may be null: a command without ext fields reads like an empty map. */
    public ExtFieldReader(Map<String, String> fields) {
        this.fields = fields == null ? Map.of() : fields;
    }

    /** Whether a problem has been recorded. */
    public boolean failed() {
        return error != null;
    }

    /** The first problem found, or null. */
    public String error() {
        return error;
    }

    /** The recorded problem as a failed result; only after {@link #failed()} returned true. */
    public <T> Decoded<T> failure() {
        return Decoded.invalid(error);
    }

    /** The raw value, or null. */
    public String string(String key) {
        return fields.get(key);
    }

    public String requiredString(String key) {
        String value = fields.get(key);
        if (value == null) {
            fail(missing(key));
        }
        return value;
    }

    public int requiredInt(String key) {
        Integer value = parseInt(key, requiredString(key));
        return value == null ? 0 : value;
    }

    /** An optional primitive: absent reads as {@code absent}. */
    public int intOr(String key, int absent) {
        Integer value = parseInt(key, fields.get(key));
        return value == null ? absent : value;
    }

    public Integer optionalInt(String key) {
        return parseInt(key, fields.get(key));
    }

    public long requiredLong(String key) {
        Long value = parseLong(key, requiredString(key));
        return value == null ? 0L : value;
    }

    public long longOr(String key, long absent) {
        Long value = parseLong(key, fields.get(key));
        return value == null ? absent : value;
    }

    public Long optionalLong(String key) {
        return parseLong(key, fields.get(key));
    }

    public double requiredDouble(String key) {
        Double value = parseDouble(key, requiredString(key));
        return value == null ? 0.0 : value;
    }

    public double doubleOr(String key, double absent) {
        Double value = parseDouble(key, fields.get(key));
        return value == null ? absent : value;
    }

    public Double optionalDouble(String key) {
        return parseDouble(key, fields.get(key));
    }

    public boolean requiredBoolean(String key) {
        String value = requiredString(key);
        return value != null && Boolean.parseBoolean(value);
    }

    public boolean booleanOr(String key, boolean absent) {
        String value = fields.get(key);
        return value == null ? absent : Boolean.parseBoolean(value);
    }

    public Boolean optionalBoolean(String key) {
        String value = fields.get(key);
        return value == null ? null : Boolean.parseBoolean(value);
    }

    public <E extends Enum<E>> E requiredEnum(String key, Class<E> type) {
        return parseEnum(key, requiredString(key), type);
    }

    public <E extends Enum<E>> E optionalEnum(String key, Class<E> type) {
        return parseEnum(key, fields.get(key), type);
    }

    private Integer parseInt(String key, String value) {
        if (value == null) {
            return null;
        }
        try {
            return Integer.parseInt(value);
        } catch (NumberFormatException e) {
            fail(malformed(key, value, "int"));
            return null;
        }
    }

    private Long parseLong(String key, String value) {
        if (value == null) {
            return null;
        }
        try {
            return Long.parseLong(value);
        } catch (NumberFormatException e) {
            fail(malformed(key, value, "long"));
            return null;
        }
    }

    private Double parseDouble(String key, String value) {
        if (value == null) {
            return null;
        }
        try {
            return Double.parseDouble(value);
        } catch (NumberFormatException e) {
            fail(malformed(key, value, "double"));
            return null;
        }
    }

    private <E extends Enum<E>> E parseEnum(String key, String value, Class<E> type) {
        if (value == null) {
            return null;
        }
        for (E constant : type.getEnumConstants()) {
            if (constant.name().equalsIgnoreCase(value)) {
                return constant;
            }
        }
        fail(malformed(key, value, type.getSimpleName()));
        return null;
    }

    private void fail(String message) {
        if (error == null) {
            error = message;
        }
    }

    /** Apache's text for a missing required field (RemotingCommand.decodeCommandCustomHeader). */
    public static String missing(String key) {
        return "the custom field <" + key + "> is null";
    }

    static String malformed(String key, String value, String type) {
        return "field " + key + ": '" + value + "' is not a valid " + type;
    }
}
