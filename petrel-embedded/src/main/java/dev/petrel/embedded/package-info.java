/**
 * Petrel inside an application's test JVM: {@link dev.petrel.embedded.EmbeddedPetrel} (a NameServer and a broker on
 * free loopback ports with a temporary store), its {@link dev.petrel.embedded.AdvanceableClock} (scheduled work runs
 * as soon as a test advances it), and the JUnit 5 {@link dev.petrel.embedded.PetrelTest} /
 * {@link dev.petrel.embedded.PetrelExtension}. A test-scope dependency only: nothing in Petrel depends on it
 * (enforced by petrel-arch-tests). Guide: docs/embedded.md.
 */
package dev.petrel.embedded;
