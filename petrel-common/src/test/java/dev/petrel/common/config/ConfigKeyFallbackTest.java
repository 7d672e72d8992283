package dev.petrel.common.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** Keys RocketMQ also reads from a JVM system property: the configuration wins, then the property, then the default. */
class ConfigKeyFallbackTest {

    private static final String PROPERTY = "petrel.test.fallback." + ConfigKeyFallbackTest.class.hashCode();
    private static final ConfigKey<Integer> KEY = ConfigKey.ofInt("workers", 4, 1, 64, "threads")
        .orSystemProperty(PROPERTY);
    private static final ConfigDef DEF = ConfigDef.of("test", KEY);

    @AfterEach
    void clear() {
        System.clearProperty(PROPERTY);
    }

    @Test
    void theSystemPropertyIsUsedOnlyWhenTheConfigurationIsSilent() {
        assertThat(DEF.defaults().get(KEY)).isEqualTo(4);
        System.setProperty(PROPERTY, "7");
        assertThat(DEF.defaults().get(KEY)).isEqualTo(7);
        assertThat(DEF.parse(Map.of("workers", "9"), unknown -> { }).get(KEY)).isEqualTo(9);
        assertThat(KEY.defaultValue()).as("the documented default stays a constant").isEqualTo(4);
    }

    @Test
    void aBadSystemPropertyIsAnErrorNamingIt() {
        System.setProperty(PROPERTY, "100");
        assertThatThrownBy(DEF::defaults).isInstanceOf(ConfigException.class).hasMessageContaining("workers")
            .hasMessageContaining("-D" + PROPERTY);
    }

    @Test
    void theReferenceShowsTheFallbackAndWordsForMachineDependentDefaults() {
        ConfigKey<Integer> cores = ConfigKey.ofInt("callbacks", Runtime.getRuntime().availableProcessors(), 1, 1024,
            "callback threads").documentedDefault("number of cores");
        String table = ConfigDef.of("t", KEY, cores).toMarkdownTable();
        assertThat(table).contains("| `workers` | Integer | `4`, or `-D" + PROPERTY + "` |")
            .contains("| `callbacks` | Integer | `number of cores` |");
    }
}
