package dev.petrel.common.config;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.function.Consumer;

/**
 * The set of properties of one component (NameServer, broker, store, remoting, client...). Parses raw text
 * properties into a validated {@link Config}, and renders the reference table in {@code docs/configuration.md}.
 */
public final class ConfigDef {

    private final String component;
    private final Map<String, ConfigKey<?>> keys;

    private ConfigDef(String component, Map<String, ConfigKey<?>> keys) {
        this.component = component;
        this.keys = Collections.unmodifiableMap(keys);
    }

    public static ConfigDef of(String component, ConfigKey<?>... keys) {
        Map<String, ConfigKey<?>> map = new LinkedHashMap<>();
        for (ConfigKey<?> key : keys) {
            if (map.putIfAbsent(key.name(), key) != null) {
                throw new IllegalArgumentException("duplicate property " + key.name() + " in " + component);
            }
        }
        return new ConfigDef(component, map);
    }

    /** A definition holding this one's keys and then the other's; a key may be declared only once. */
    public ConfigDef plus(String combinedName, ConfigDef other) {
        Map<String, ConfigKey<?>> map = new LinkedHashMap<>(keys);
        for (ConfigKey<?> key : other.keys.values()) {
            if (map.putIfAbsent(key.name(), key) != null) {
                throw new IllegalArgumentException("property " + key.name() + " is declared by both " + component
                    + " and " + other.component);
            }
        }
        return new ConfigDef(combinedName, map);
    }

    public String component() {
        return component;
    }

    public Collection<ConfigKey<?>> keys() {
        return keys.values();
    }

    public ConfigKey<?> key(String name) {
        return keys.get(name);
    }

    /** All defaults. */
    public Config defaults() {
        return parse(Map.of(), unknown -> { });
    }

    /**
     * Parses raw properties. Unknown names are handed to {@code unknownKeys} (RocketMQ's files often carry
     * properties a given component does not use; the caller decides whether to warn). Bad values throw a
     * {@link ConfigException} that names the property.
     */
    public Config parse(Map<String, String> raw, Consumer<String> unknownKeys) {
        Map<String, Object> values = new LinkedHashMap<>();
        for (ConfigKey<?> key : keys.values()) {
            String text = raw.get(key.name());
            values.put(key.name(), text == null ? key.resolvedDefault() : key.parse(text));
        }
        for (String name : raw.keySet()) {
            if (!keys.containsKey(name)) {
                unknownKeys.accept(name);
            }
        }
        return new Config(this, values);
    }

    public Config parse(Properties properties, Consumer<String> unknownKeys) {
        Map<String, String> raw = new LinkedHashMap<>();
        for (String name : properties.stringPropertyNames()) {
            raw.put(name, properties.getProperty(name));
        }
        return parse(raw, unknownKeys);
    }

    /**
     * The Markdown reference table: property, type, default, range, dynamic, description. A key also read from a
     * system property or environment variable says so in its default cell ({@code -Dname}, {@code $NAME}).
     */
    public String toMarkdownTable() {
        List<String> lines = new ArrayList<>();
        lines.add("| property | type | default | range | dynamic | description |");
        lines.add("|---|---|---|---|---|---|");
        for (ConfigKey<?> key : keys.values()) {
            String def = key.defaultDescription();
            StringBuilder cell = new StringBuilder(def == null ? "(unset)" : "`" + def + "`");
            if (key.systemProperty() != null) {
                cell.append(", or `-D").append(key.systemProperty()).append('`');
            }
            if (key.environmentVariable() != null) {
                cell.append(", or `$").append(key.environmentVariable()).append('`');
            }
            lines.add("| `" + key.name() + "` | " + key.type().getSimpleName() + " | " + cell + " | "
                + key.range().replace("|", "\\|") + " | " + (key.isDynamic() ? "yes" : "no") + " | "
                + key.doc().replace("|", "\\|") + " |");
        }
        return String.join("\n", lines) + "\n";
    }
}
