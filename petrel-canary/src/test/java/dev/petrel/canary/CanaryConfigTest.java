package dev.petrel.canary;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.petrel.common.config.ConfigException;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;

class CanaryConfigTest {

    @Test
    void defaultsAreTheDocumentedOnes() {
        CanaryConfig.Settings s = CanaryConfig.Settings.of(CanaryConfig.COMMAND.defaults());
        assertThat(s.namesrvAddr()).isEqualTo("127.0.0.1:9876");
        assertThat(s.topic()).isEqualTo("PETREL_CANARY");
        assertThat(s.queueNums()).isEqualTo(2);
        assertThat(s.sendInterval()).isEqualTo(Duration.ofSeconds(1));
        assertThat(s.grace()).isEqualTo(Duration.ofMinutes(1));
        assertThat(s.window()).isEqualTo(4_096);
        assertThat(CanaryConfig.COMMAND.defaults().get(CanaryConfig.PROM_EXPORTER_PORT)).isEqualTo(5559);
        assertThat(CanaryConfig.IN_STANDALONE.defaults().get(CanaryConfig.ENABLE)).isFalse();
    }

    @Test
    void aWindowThatCannotHoldTwoGracePeriodsIsRefusedWithTheWayOut() {
        assertThatThrownBy(() -> CanaryConfig.Settings.of(CanaryConfig.OWN.parse(Map.of("canarySendIntervalMs", "10",
            "canaryGraceMs", "60000"), unknown -> { })))
            .isInstanceOf(ConfigException.class)
            .hasMessageContaining("canaryWindow=4096")
            .hasMessageContaining("at least 12002");
    }

    @Test
    void aBadTopicOrGroupNameIsRefused() {
        assertThatThrownBy(() -> CanaryConfig.OWN.parse(Map.of("canaryTopic", "no spaces"), unknown -> { }))
            .isInstanceOf(ConfigException.class).hasMessageContaining("canaryTopic");
        assertThatThrownBy(() -> CanaryConfig.OWN.parse(Map.of("canaryConsumerGroup", "g".repeat(300)), unknown -> { }))
            .isInstanceOf(ConfigException.class).hasMessageContaining("canaryConsumerGroup");
    }
}
