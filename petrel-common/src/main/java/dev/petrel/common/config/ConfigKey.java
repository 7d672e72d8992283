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
 * <p>Where RocketMQ also reads a property from a JVM system property or an environment variable (for example
 * {@code -Drocketmq.client.name}, {@code $NAMESRV_ADDR}), the key names it ({@link #orSystemProperty},
 * {@link #orEnvironmentVariable}): a value set in the configuration wins, then the system property, then the
 * environment variable, then {@link #defaultValue()}. The default itself is a constant, so the generated reference is
 * the same on every machine; a default that depends on the machine (the number of cores) is documented in words
 * ({@link #documentedDefault}).
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
    private final String systemProperty;
    private final String environmentVariable;
    private final String defaultText;
    private final boolean secret;

    private ConfigKey(String name, Class<T> type, T defaultValue, Function<String, T> parser, Predicate<T> validator,
                      String range, String doc, boolean dynamic) {
        this(name, type, defaultValue, parser, validator, range, doc, dynamic, null, null, null, false);
    }

    private ConfigKey(String name, Class<T> type, T defaultValue, Function<String, T> parser, Predicate<T> validator,
                      String range, String doc, boolean dynamic, String systemProperty, String environmentVariable,
                      String defaultText, boolean secret) {
        this.secret = secret;
        this.systemProperty = systemProperty;
        this.environmentVariable = environmentVariable;
        this.defaultText = defaultText;
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
        return new ConfigKey<>(name, type, defaultValue, parser, validator, range, doc, true, systemProperty,
            environmentVariable, defaultText, secret);
    }

    /** The same key, whose value is also read from this JVM system property when the configuration does not set it. */
    public ConfigKey<T> orSystemProperty(String property) {
        return new ConfigKey<>(name, type, defaultValue, parser, validator, range, doc, dynamic,
            Objects.requireNonNull(property, "property"), environmentVariable, defaultText, secret);
    }

    /** The same key, also read from this environment variable when neither the configuration nor the system property sets it. */
    public ConfigKey<T> orEnvironmentVariable(String variable) {
        return new ConfigKey<>(name, type, defaultValue, parser, validator, range, doc, dynamic, systemProperty,
            Objects.requireNonNull(variable, "variable"), defaultText, secret);
    }

    /**
     * The same key with its default described in words in the reference, for a default computed from the machine
     * (the value itself stays {@code defaultValue}).
     */
    public ConfigKey<T> documentedDefault(String text) {
        return new ConfigKey<>(name, type, defaultValue, parser, validator, range, doc, dynamic, systemProperty,
            environmentVariable, Objects.requireNonNull(text, "text"), secret);
    }

    /**
     * The same key, marked as holding a secret (a password, a secret key): {@link Config#asText()} and
     * {@link Config#toString()} show {@link #REDACTED} instead of its value, so it never reaches a log line or an
     * admin response such as GET_BROKER_CONFIG.
     */
    public ConfigKey<T> secret() {
        return new ConfigKey<>(name, type, defaultValue, parser, validator, range, doc, dynamic, systemProperty,
            environmentVariable, defaultText, true);
    }

    /** What {@link Config#asText()} shows for a secret that is set. */
    public static final String REDACTED = "******";

    public boolean isSecret() {
        return secret;
    }

    /**
     * The value when the configuration does not set the key: the system property, else the environment variable,
     * else {@link #defaultValue()}. A system property or variable that does not parse is an error naming it.
     */
    public T resolvedDefault() {
        String fromProperty = systemProperty == null ? null : System.getProperty(systemProperty);
        if (fromProperty != null) {
            return parseFrom("-D" + systemProperty, fromProperty);
        }
        String fromEnvironment = environmentVariable == null ? null : System.getenv(environmentVariable);
        if (fromEnvironment != null && !fromEnvironment.isBlank()) {
            return parseFrom("$" + environmentVariable, fromEnvironment);
        }
        return defaultValue;
    }

    private T parseFrom(String source, String raw) {
        try {
            return parse(raw);
        } catch (ConfigException e) {
            throw new ConfigException(e.getMessage() + " (read from " + source + ")");
        }
    }

    /** The JVM system property RocketMQ also reads this key from, or null. */
    public String systemProperty() {
        return systemProperty;
    }

    /** The environment variable this key is also read from, or null. */
    public String environmentVariable() {
        return environmentVariable;
    }

    /** The default as the reference shows it: the words given to {@link #documentedDefault}, else the value. */
    public String defaultDescription() {
        if (defaultText != null) {
            return defaultText;
        }
        return defaultValue == null ? null : format(defaultValue);
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
