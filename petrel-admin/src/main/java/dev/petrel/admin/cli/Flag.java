package dev.petrel.admin.cli;

import java.util.Objects;

/**
 * One command-line flag, as mqadmin names it: a short letter ({@code -t}), a long name ({@code --topic}) or both. A
 * flag either takes a value ({@code -t TopicTest}, {@code -tTopicTest}, {@code --topic TopicTest},
 * {@code --topic=TopicTest}) or is a switch ({@code -l}, {@code --json}).
 *
 * @param shortName   the letter after {@code -}, or null
 * @param longName    the name after {@code --}; also the key the parsed value is read by
 * @param valueName   what the value is, for usage ({@code TOPIC}); null for a switch
 * @param required    whether the command refuses to run without it
 * @param description one line for {@code --help}
 */
public record Flag(String shortName, String longName, String valueName, boolean required, String description) {

    public Flag {
        Objects.requireNonNull(longName, "longName");
        if (shortName != null && shortName.length() != 1) {
            throw new IllegalArgumentException("a short flag name is one character: " + shortName);
        }
    }

    /** A flag that takes a value. */
    public static Flag value(String shortName, String longName, String valueName, String description) {
        return new Flag(shortName, longName, valueName, false, description);
    }

    /** A flag without a value. */
    public static Flag toggle(String shortName, String longName, String description) {
        return new Flag(shortName, longName, null, false, description);
    }

    /** The same flag, required. */
    public Flag mandatory() {
        return new Flag(shortName, longName, valueName, true, description);
    }

    public boolean takesValue() {
        return valueName != null;
    }

    /** {@code -t/--topic} for messages. */
    public String display() {
        return (shortName == null ? "" : "-" + shortName + "/") + "--" + longName;
    }

    /** {@code -t, --topic TOPIC} for usage. */
    public String usage() {
        return (shortName == null ? "    " : "-" + shortName + ", ") + "--" + longName + (takesValue() ? " " + valueName : "");
    }
}
