package dev.petrel.embedded;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtensionConfigurationException;
import org.junit.platform.testkit.engine.EngineTestKit;

import java.nio.file.Files;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;
import static org.junit.platform.testkit.engine.EventConditions.event;
import static org.junit.platform.testkit.engine.EventConditions.finishedWithFailure;
import static org.junit.platform.testkit.engine.TestExecutionResultConditions.instanceOf;
import static org.junit.platform.testkit.engine.TestExecutionResultConditions.message;

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
    void theExtensionAloneInjectsIntoConstructorsToo() {
        ExtensionLifecycleCase.seen.clear();
        EngineTestKit.engine("junit-jupiter").selectors(selectClass(ExtensionLifecycleCase.Plain.class)).execute()
            .testEvents().assertStatistics(s -> s.started(1).succeeded(1));
        assertThat(ExtensionLifecycleCase.seen).hasSize(1);
        assertThat(Files.exists(ExtensionLifecycleCase.seen.iterator().next().storeDir())).isFalse();
    }

    @Test
    void aMalformedBrokerPropertyFailsTheClassWithAnExplanation() {
        EngineTestKit.engine("junit-jupiter").selectors(selectClass(ExtensionLifecycleCase.Malformed.class)).execute()
            .containerEvents().assertStatistics(s -> s.failed(1))
            .assertThatEvents().haveExactly(1, event(finishedWithFailure(instanceOf(ExtensionConfigurationException.class),
                message("@PetrelTest brokerProperties entries are name=value, got \"enablePropertyFilter\""))));
    }
}
