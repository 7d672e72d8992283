package dev.petrel.embedded;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Run only through {@link ExtensionLifecycleTest}'s engine test kit: the build excludes the tag {@value #TAG} (see
 * this module's pom), whatever {@code -Dtest} pattern selects. Records the instances it was given.
 */
@PetrelTest
@Tag(ExtensionLifecycleCase.TAG)
class ExtensionLifecycleCase {

    static final String TAG = "engine-test-kit-case";

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
    @Tag(ExtensionLifecycleCase.TAG)
    static class Malformed {
        @Test
        void neverRuns(EmbeddedPetrel petrel) {
            throw new AssertionError("a malformed property must fail the class before its tests");
        }
    }

    /** The extension without the annotation: defaults, and constructor injection. */
    @ExtendWith(PetrelExtension.class)
    @Tag(ExtensionLifecycleCase.TAG)
    static class Plain {
        private final EmbeddedPetrel petrel;

        Plain(EmbeddedPetrel petrel) {
            this.petrel = petrel;
        }

        @Test
        void constructorAndMethodSeeOneInstance(EmbeddedPetrel same) {
            assertThat(same).isSameAs(petrel);
            seen.add(petrel);
        }
    }
}
