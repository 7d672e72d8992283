package dev.petrel.broker;

import dev.petrel.broker.metadata.ConfigFile;
import dev.petrel.common.config.Config;
import dev.petrel.common.config.ConfigException;
import dev.petrel.common.config.ConfigKey;
import dev.petrel.protocol.body.PropertiesBodyCodec;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.Map;
import java.util.TreeMap;

/**
 * Dynamic properties changed at runtime by UPDATE_BROKER_CONFIG, kept in {@code config/brokerDynamic.properties} so
 * they survive a restart (Apache rewrites broker.conf itself; Petrel leaves the operator's file untouched). At start
 * they are applied on top of broker.conf; an entry that is no longer a dynamic property is skipped with a warning.
 *
 * <p>Threads: written by the admin thread that accepted the change, read once at start.
 */
final class DynamicOverrides {

    static final String FILE_NAME = "brokerDynamic.properties";
    private static final Logger LOG = LoggerFactory.getLogger(DynamicOverrides.class);

    private final ConfigFile file;
    private final Config config;
    private final Map<String, String> values = new TreeMap<>();

    DynamicOverrides(ConfigFile file, Config config) {
        this.file = file;
        this.config = config;
    }

    /** Applies the stored overrides to the configuration. */
    void applyStored() {
        Map<String, String> stored = file.load(PropertiesBodyCodec::decode);
        if (stored == null) {
            return;
        }
        stored.forEach((name, value) -> {
            ConfigKey<?> key = config.definition().key(name);
            if (key == null || !key.isDynamic()) {
                LOG.warn("ignoring {}={} from {}: not a dynamic broker property", name, value, file.path());
                return;
            }
            try {
                config.update(name, value);
                values.put(name, value);
            } catch (ConfigException e) {
                LOG.warn("ignoring {} from {}: {}", name, file.path(), e.getMessage());
            }
        });
        if (!values.isEmpty()) {
            LOG.info("applied runtime overrides from {}: {}", file.path(), values);
        }
    }

    synchronized void store(Map<String, String> changes) {
        values.putAll(changes);
        file.write(PropertiesBodyCodec.encode(values));
    }
}
