package dev.petrel.testkit;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class ChildJvmTest {

    @Test
    void aChildGetsTheLeanFlagsOnlyWhereItsOwnArgumentsSetNone() {
        assertThat(ChildJvm.leanDefaults(List.of("-Xmx128m")))
            .containsExactly("-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC");
        assertThat(ChildJvm.leanDefaults(List.of("-XX:+UseG1GC", "-XX:TieredStopAtLevel=4"))).isEmpty();
        assertThat(ChildJvm.leanDefaults(List.of("-XX:-TieredCompilation"))).containsExactly("-XX:+UseSerialGC");
    }
}
