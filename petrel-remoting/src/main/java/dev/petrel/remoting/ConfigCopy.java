package dev.petrel.remoting;

import dev.petrel.common.config.Config;
import dev.petrel.common.config.ConfigDef;
import dev.petrel.common.config.ConfigKey;

/**
 * Builds a component's own {@link Config} from a larger one: a NameServer's or broker's definition combines the
 * remoting keys with its own, and the remoting configs pick out theirs (keys the source does not define keep their
 * defaults).
 */
final class ConfigCopy {

    private ConfigCopy() {
    }

    static Config project(ConfigDef target, Config source) {
        Config result = target.defaults();
        for (ConfigKey<?> key : target.keys()) {
            if (source.definition().key(key.name()) != null) {
                result = copy(result, key, source);
            }
        }
        return result;
    }

    private static <T> Config copy(Config target, ConfigKey<T> key, Config source) {
        @SuppressWarnings("unchecked")
        ConfigKey<T> sourceKey = (ConfigKey<T>) source.definition().key(key.name());
        return target.with(key, source.get(sourceKey));
    }
}
