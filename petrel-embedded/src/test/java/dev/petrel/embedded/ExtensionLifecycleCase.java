package dev.petrel.embedded;

import org.junit.jupiter.api.Test;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Run only through {@link ExtensionLifecycleTest}'s engine test kit (its name does not match the build's test
 * patterns): records the instances it was given.
 */
@PetrelTest
class ExtensionLifecycleCase {

    static final Set<EmbeddedPetrel> seen = ConcurrentHashMap.newKeySet();

    @Test
    void first(EmbeddedPetrel petrel) {
        seen.add(petrel);
        assertThat(petrel.namesrvAddr()).startsWith("127.0.0.1:");
    }

    @Test
    void second(EmbeddedPetrel petrel) {
        seen.add(petrel);
    }

    @PetrelTest(brokerProperties = "enablePropertyFilter")
    static class Malformed {
        @Test
        void neverRuns(EmbeddedPetrel petrel) {
            throw new AssertionError("a malformed property must fail the class before its tests");
        }
    }
}
