package dev.petrel.admin.cli;

import java.util.List;
import java.util.Map;

/**
 * A parsed command line: flag values by long name, and the remaining arguments. The typed getters turn a bad value
 * into a {@link UsageException} that names the flag and what it accepts.
 */
public final class ParsedArgs {

    private final Map<String, String> values;
    private final List<String> arguments;
    private final Map<String, Flag> flags;

    ParsedArgs(Map<String, String> values, List<String> arguments, Map<String, Flag> flags) {
        this.values = Map.copyOf(values);
        this.arguments = List.copyOf(arguments);
        this.flags = Map.copyOf(flags);
    }

    public boolean has(String longName) {
        return values.containsKey(known(longName));
    }

    /** The flag's value, or null when not given. */
    public String string(String longName) {
        return values.get(known(longName));
    }

    public String string(String longName, String fallback) {
        String v = string(longName);
        return v == null ? fallback : v;
    }

    /** The value, which must be non-blank. */
    public String required(String longName) {
        String v = string(longName);
        if (v == null || v.isBlank()) {
            throw new UsageException("flag " + flag(longName).display() + " needs a non-empty value");
        }
        return v.trim();
    }

    public int integer(String longName, int fallback, int min, int max) {
        long v = longValue(longName, fallback, min, max);
        return (int) v;
    }

    public long longValue(String longName, long fallback, long min, long max) {
        String v = string(longName);
        if (v == null) {
            return fallback;
        }
        long n;
        try {
            n = Long.parseLong(v.trim());
        } catch (NumberFormatException e) {
            throw new UsageException("flag " + flag(longName).display() + " needs a whole number, got '" + v + "'");
        }
        if (n < min || n > max) {
            throw new UsageException("flag " + flag(longName).display() + " must be between " + min + " and " + max
                + ", got " + n);
        }
        return n;
    }

    /** A value flag that takes {@code true} or {@code false} (mqadmin's {@code -o true}); a switch reads as true. */
    public boolean bool(String longName, boolean fallback) {
        String v = string(longName);
        if (v == null) {
            return fallback;
        }
        return switch (v.trim().toLowerCase(java.util.Locale.ROOT)) {
            case "true" -> true;
            case "false" -> false;
            default -> throw new UsageException("flag " + flag(longName).display() + " takes true or false, got '" + v + "'");
        };
    }

    public List<String> arguments() {
        return arguments;
    }

    /** Exactly one of the two flags must be given (mqadmin's {@code -b} or {@code -c}). */
    public void requireOneOf(String a, String b) {
        if (has(a) == has(b)) {
            throw new UsageException((has(a) ? "give only one of " : "give one of ") + flag(a).display() + " "
                + flag(a).valueName() + " or " + flag(b).display() + " " + flag(b).valueName());
        }
    }

    private Flag flag(String longName) {
        return flags.get(known(longName));
    }

    private String known(String longName) {
        if (!flags.containsKey(longName)) {
            throw new IllegalArgumentException("the command declares no flag --" + longName);
        }
        return longName;
    }
}
