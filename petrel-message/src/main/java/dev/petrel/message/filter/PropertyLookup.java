package dev.petrel.message.filter;

import java.util.Map;

/**
 * Gives an SQL92 filter the value of one message property by its exact, case-sensitive name, or null when the
 * message has no such property. The broker can back it with properties parsed lazily from a stored record; a filter
 * only asks for the names its expression mentions.
 */
@FunctionalInterface
public interface PropertyLookup {

    /** A lookup with no properties at all. */
    PropertyLookup EMPTY = name -> null;

    /** The value of property {@code name}, or null if the message has none. */
    String get(String name);

    /** A lookup over a map (null means no properties). The map must not change while a filter reads it. */
    static PropertyLookup of(Map<String, String> properties) {
        return properties == null ? EMPTY : properties::get;
    }
}
