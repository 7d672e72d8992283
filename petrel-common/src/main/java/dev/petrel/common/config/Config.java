package dev.petrel.common.config;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Validated configuration values of one {@link ConfigDef}. Immutable except for keys marked
 * {@linkplain ConfigKey#dynamic() dynamic}, which {@link #update} may change at runtime; readers always see a
 * complete, valid value.
 */
public final class Config {

    private final ConfigDef def;
    private final Map<String, Object> values;

    Config(ConfigDef def, Map<String, Object> values) {
        this.def = def;
        this.values = new ConcurrentHashMap<>();
        values.forEach((k, v) -> {
            if (v != null) {
                this.values.put(k, v);
            }
        });
    }

    public ConfigDef definition() {
        return def;
    }

    @SuppressWarnings("unchecked")
    public <T> T get(ConfigKey<T> key) {
        if (def.key(key.name()) == null) {
            throw new IllegalArgumentException("property " + key.name() + " is not part of " + def.component());
        }
        return (T) values.get(key.name());
    }

    /** Changes a dynamic property from its text form; throws {@link ConfigException} for unknown, static or bad values. */
    public void update(String name, String rawValue) {
        ConfigKey<?> key = def.key(name);
        if (key == null) {
            throw new ConfigException("unknown property " + name);
        }
        if (!key.isDynamic()) {
            throw new ConfigException("property " + name + " cannot be changed at runtime; set it in the configuration file and restart");
        }
        Object value = key.parse(rawValue);
        values.put(name, value);
    }

    /** A copy with one value replaced (static keys included); for wiring and tests. */
    public <T> Config with(ConfigKey<T> key, T value) {
        if (def.key(key.name()) == null) {
            throw new IllegalArgumentException("property " + key.name() + " is not part of " + def.component());
        }
        Map<String, Object> copy = new LinkedHashMap<>(values);
        copy.put(key.name(), key.validate(value));
        return new Config(def, copy);
    }

    /**
     * Every property with its current value as text, in declaration order (GET_BROKER_CONFIG, logs). A
     * {@linkplain ConfigKey#secret() secret} that is set shows as {@link ConfigKey#REDACTED}, an unset one as empty.
     */
    public Map<String, String> asText() {
        Map<String, String> out = new LinkedHashMap<>();
        for (ConfigKey<?> key : def.keys()) {
            Object v = values.get(key.name());
            String text = key.format(v);
            out.put(key.name(), key.isSecret() && text != null && !text.isEmpty() ? ConfigKey.REDACTED : text);
        }
        return out;
    }

    @Override
    public String toString() {
        return def.component() + asText();
    }
}
