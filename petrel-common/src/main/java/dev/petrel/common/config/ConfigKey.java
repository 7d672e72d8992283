package dev.petrel.common.config;

import java.util.Arrays;
import java.util.Locale;
import java.util.Objects;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * One configuration property: its key (RocketMQ's property name where one exists), type, default, valid range and a
 * one-line doc. Keys are declared as constants in one place per component and collected into a {@link ConfigDef}.
 *
 * @param <T> the value type
 */
public final class ConfigKey<T> {

    private final String name;
    private final Class<T> type;
    private final T defaultValue;
    private final Function<String, T> parser;
    private final Predicate<T> validator;
    private final String range;
    private final String doc;
    private final boolean dynamic;

    private ConfigKey(String name, Class<T> type, T defaultValue, Function<String, T> parser, Predicate<T> validator,
                      String range, String doc, boolean dynamic) {
        this.name = Objects.requireNonNull(name, "name");
        this.type = Objects.requireNonNull(type, "type");
        this.defaultValue = defaultValue;
        this.parser = parser;
        this.validator = validator;
        this.range = range;
        this.doc = Objects.requireNonNull(doc, "doc");
        this.dynamic = dynamic;
        if (defaultValue != null && !validator.test(defaultValue)) {
            throw new IllegalArgumentException("default " + defaultValue + " of " + name + " is outside " + range);
        }
    }

    public static ConfigKey<Integer> ofInt(String name, int defaultValue, int min, int max, String doc) {
        return new ConfigKey<>(name, Integer.class, defaultValue, raw -> parseNumber(name, raw, Integer::parseInt, "an integer"),
            v -> v >= min && v <= max, rangeText(min, max, Integer.MIN_VALUE, Integer.MAX_VALUE), doc, false);
    }

    public static ConfigKey<Long> ofLong(String name, long defaultValue, long min, long max, String doc) {
        return new ConfigKey<>(name, Long.class, defaultValue, raw -> parseNumber(name, raw, Long::parseLong, "an integer"),
            v -> v >= min && v <= max, rangeText(min, max, Long.MIN_VALUE, Long.MAX_VALUE), doc, false);
    }

    public static ConfigKey<Double> ofDouble(String name, double defaultValue, double min, double max, String doc) {
        return new ConfigKey<>(name, Double.class, defaultValue, raw -> parseNumber(name, raw, Double::parseDouble, "a number"),
            v -> v >= min && v <= max, "[" + min + ", " + max + "]", doc, false);
    }

    public static ConfigKey<Boolean> ofBoolean(String name, boolean defaultValue, String doc) {
        return new ConfigKey<>(name, Boolean.class, defaultValue, raw -> parseBoolean(name, raw), v -> true, "true | false", doc, false);
    }

    /** A string property; {@code defaultValue} may be null, meaning "not set". */
    public static ConfigKey<String> ofString(String name, String defaultValue, String doc) {
        return new ConfigKey<>(name, String.class, defaultValue, String::trim, v -> true, "text", doc, false);
    }

    /** A string property restricted by a predicate, with a human description of what is allowed. */
    public static ConfigKey<String> ofString(String name, String defaultValue, Predicate<String> valid, String range, String doc) {
        return new ConfigKey<>(name, String.class, defaultValue, String::trim, valid, range, doc, false);
    }

    /** An enum property; values are matched by name, case-insensitively (RocketMQ writes them in upper case). */
    public static <E extends Enum<E>> ConfigKey<E> ofEnum(String name, Class<E> type, E defaultValue, String doc) {
        E[] constants = type.getEnumConstants();
        return new ConfigKey<>(name, type, defaultValue, raw -> {
            String wanted = raw.trim();
            for (E e : constants) {
                if (e.name().equalsIgnoreCase(wanted)) {
                    return e;
                }
            }
            throw new ConfigException("property " + name + ": '" + raw + "' is not one of " + Arrays.toString(constants));
        }, v -> true, String.join(" | ", Arrays.stream(constants).map(Enum::name).toArray(String[]::new)), doc, false);
    }

    /** The same key, marked as changeable at runtime (for example through updateBrokerConfig). */
    public ConfigKey<T> dynamic() {
        return new ConfigKey<>(name, type, defaultValue, parser, validator, range, doc, true);
    }

    /** Parses and validates a raw text value. */
    public T parse(String raw) {
        if (raw == null) {
            throw new ConfigException("property " + name + " has no value");
        }
        T value = parser.apply(raw);
        return validate(value);
    }

    /** Checks a typed value against the key's range. */
    public T validate(T value) {
        if (value == null) {
            if (defaultValue == null) {
                return null;
            }
            throw new ConfigException("property " + name + " may not be empty");
        }
        if (!validator.test(value)) {
            throw new ConfigException("property " + name + ": " + value + " is outside the allowed range " + range);
        }
        return value;
    }

    public String name() {
        return name;
    }

    public Class<T> type() {
        return type;
    }

    public T defaultValue() {
        return defaultValue;
    }

    public String range() {
        return range;
    }

    public String doc() {
        return doc;
    }

    public boolean isDynamic() {
        return dynamic;
    }

    /** The value as it is written in a properties file. */
    public String format(Object value) {
        return value == null ? "" : value.toString();
    }

    @Override
    public String toString() {
        return name;
    }

    private static <N> N parseNumber(String name, String raw, Function<String, N> parse, String what) {
        try {
            return parse.apply(raw.trim());
        } catch (NumberFormatException e) {
            throw new ConfigException("property " + name + ": '" + raw + "' is not " + what);
        }
    }

    private static Boolean parseBoolean(String name, String raw) {
        String v = raw.trim().toLowerCase(Locale.ROOT);
        if (v.equals("true")) {
            return Boolean.TRUE;
        }
        if (v.equals("false")) {
            return Boolean.FALSE;
        }
        throw new ConfigException("property " + name + ": '" + raw + "' is not true or false");
    }

    private static String rangeText(long min, long max, long typeMin, long typeMax) {
        if (min == typeMin && max == typeMax) {
            return "any";
        }
        if (max == typeMax) {
            return ">= " + min;
        }
        if (min == typeMin) {
            return "<= " + max;
        }
        return "[" + min + ", " + max + "]";
    }
}
