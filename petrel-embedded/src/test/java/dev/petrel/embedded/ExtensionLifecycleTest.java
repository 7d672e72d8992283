package dev.petrel.embedded;

import org.junit.jupiter.api.Test;
import org.junit.platform.testkit.engine.EngineTestKit;

import java.nio.file.Files;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

/** The extension's life cycle, seen from outside a test class run by the JUnit engine. */
class ExtensionLifecycleTest {

    @Test
    void theInstanceIsClosedAndItsStoreDeletedWhenTheClassIsDone() {
        ExtensionLifecycleCase.seen.clear();
        EngineTestKit.engine("junit-jupiter").selectors(selectClass(ExtensionLifecycleCase.class)).execute()
            .testEvents().assertStatistics(s -> s.started(2).succeeded(2));
        assertThat(ExtensionLifecycleCase.seen).hasSize(1);
        EmbeddedPetrel used = ExtensionLifecycleCase.seen.iterator().next();
        assertThat(Files.exists(used.storeDir())).isFalse();
    }

    @Test
    void aMalformedBrokerPropertyFailsTheClassWithAnExplanation() {
        EngineTestKit.engine("junit-jupiter").selectors(selectClass(ExtensionLifecycleCase.Malformed.class)).execute()
            .containerEvents().assertStatistics(s -> s.failed(1));
    }
}
