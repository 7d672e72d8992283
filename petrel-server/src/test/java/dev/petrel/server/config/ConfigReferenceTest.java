package dev.petrel.server.config;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** docs/configuration.md is generated from the code; this fails when someone forgot to regenerate it. */
class ConfigReferenceTest {

    private static final Path DOC = Path.of("..", "docs", "configuration.md");

    @Test
    void theCommittedReferenceIsTheGeneratedOne() throws IOException {
        String generated = ConfigReference.render();
        if (Boolean.getBoolean("petrel.regenerateDocs")) {
            Files.writeString(DOC, generated, StandardCharsets.UTF_8);
        }
        String committed = Files.exists(DOC) ? Files.readString(DOC, StandardCharsets.UTF_8) : "";
        assertThat(committed)
            .as("docs/configuration.md is out of date. Regenerate it with:%n  mvn -B -q -pl petrel-server -am test "
                + "-Dtest=ConfigReferenceTest -Dsurefire.failIfNoSpecifiedTests=false -Dpetrel.regenerateDocs=true%n")
            .isEqualTo(generated);
    }

    @Test
    void everyPropertyHasADocAndEverySectionATable() {
        for (ConfigReference.Section section : ConfigReference.SECTIONS) {
            assertThat(section.definition().keys()).isNotEmpty();
            section.definition().keys().forEach(key -> assertThat(key.doc()).as(key.name()).isNotBlank());
        }
        assertThat(ConfigReference.render()).contains("| `listenPort` | Integer | `9876` |")
            .contains("| `brokerChannelExpiredTimeMillis` | Long | `120000` |");
    }
}
