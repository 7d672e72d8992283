package dev.petrel.admin.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** docs/operations.md's "Admin CLI" section stays true: every command with every one of its flags, and the exit codes. */
class OperationsDocTest {

    @Test
    void everyCommandAndFlagIsDocumented() throws IOException {
        String doc = Files.readString(Path.of("").toAbsolutePath().getParent().resolve("docs/operations.md"));
        String section = doc.substring(doc.indexOf("## Admin CLI"), doc.indexOf("## Troubleshooting"));

        for (Command c : AdminCli.adminCommands()) {
            String row = section.lines().filter(l -> l.startsWith("| `" + c.name() + "` |")).findFirst().orElse(null);
            assertThat(row).as("a table row for " + c.name()).isNotNull();
            for (Flag f : c.flags()) {
                String written = "`" + (f.shortName() != null ? "-" + f.shortName() : "--" + f.longName())
                    + (f.takesValue() ? " " + f.valueName().replace("|", "\\|") : "") + "`" + (f.required() ? "!" : "");
                assertThat(row).as(c.name()).contains(written);
            }
        }
        assertThat(section).contains("| 0 | done", "| 1 | a server refused", "| 2 | the command line is wrong",
            "| 3 | cannot connect", "petrel send", "petrel consume");
    }
}
