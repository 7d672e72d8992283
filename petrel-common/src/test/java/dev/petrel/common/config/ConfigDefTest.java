package dev.petrel.common.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ConfigDefTest {

    enum Mode { ASYNC_FLUSH, SYNC_FLUSH }

    static final ConfigKey<Integer> PORT = ConfigKey.ofInt("listenPort", 10911, 1, 65535, "port");
    static final ConfigKey<Boolean> AUTO = ConfigKey.ofBoolean("autoCreateTopicEnable", true, "auto create").dynamic();
    static final ConfigKey<Mode> MODE = ConfigKey.ofEnum("flushDiskType", Mode.class, Mode.ASYNC_FLUSH, "flush");
    static final ConfigKey<String> NAMESRV = ConfigKey.ofString("namesrvAddr", null, "name servers");
    static final ConfigDef DEF = ConfigDef.of("test", PORT, AUTO, MODE, NAMESRV);

    @Test
    void defaultsAndParsedValues() {
        List<String> unknown = new ArrayList<>();
        Config config = DEF.parse(Map.of("listenPort", " 10921 ", "flushDiskType", "sync_flush", "brokerRole", "SLAVE"), unknown::add);
        assertThat(config.get(PORT)).isEqualTo(10921);
        assertThat(config.get(MODE)).isEqualTo(Mode.SYNC_FLUSH);
        assertThat(config.get(AUTO)).isTrue();
        assertThat(config.get(NAMESRV)).isNull();
        assertThat(unknown).containsExactly("brokerRole");
    }

    @Test
    void badValuesNameThePropertyAndTheProblem() {
        assertThatThrownBy(() -> DEF.parse(Map.of("listenPort", "abc"), n -> { }))
            .isInstanceOf(ConfigException.class).hasMessage("property listenPort: 'abc' is not an integer");
        assertThatThrownBy(() -> DEF.parse(Map.of("listenPort", "70000"), n -> { }))
            .hasMessage("property listenPort: 70000 is outside the allowed range [1, 65535]");
        assertThatThrownBy(() -> DEF.parse(Map.of("flushDiskType", "SOMETIMES"), n -> { }))
            .hasMessageContaining("is not one of [ASYNC_FLUSH, SYNC_FLUSH]");
        assertThatThrownBy(() -> DEF.parse(Map.of("autoCreateTopicEnable", "yes"), n -> { }))
            .hasMessage("property autoCreateTopicEnable: 'yes' is not true or false");
    }

    @Test
    void onlyDynamicKeysChangeAtRuntime() {
        Config config = DEF.defaults();
        config.update("autoCreateTopicEnable", "false");
        assertThat(config.get(AUTO)).isFalse();
        assertThatThrownBy(() -> config.update("listenPort", "1"))
            .hasMessageContaining("cannot be changed at runtime");
        assertThatThrownBy(() -> config.update("nope", "1")).hasMessage("unknown property nope");
    }

    @Test
    void markdownTableListsEveryKeyWithItsDefault() {
        String table = DEF.toMarkdownTable();
        assertThat(table).contains("| `listenPort` | Integer | `10921`".replace("10921", "10911"))
            .contains("| `namesrvAddr` | String | (unset)")
            .contains("ASYNC_FLUSH \\| SYNC_FLUSH");
    }

    @Test
    void duplicateKeysAreRejected() {
        assertThatThrownBy(() -> ConfigDef.of("x", PORT, PORT)).hasMessageContaining("duplicate property listenPort");
    }
}
