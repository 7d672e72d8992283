package dev.petrel.broker.metadata;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class ConfigFileTest {

    @TempDir
    Path dir;

    private static String parse(byte[] b) {
        String s = new String(b, StandardCharsets.UTF_8);
        if (!s.startsWith("{")) {
            throw new IllegalArgumentException("not json: " + s);
        }
        return s;
    }

    @Test
    void firstStartHasNothingToLoad() {
        assertThat(new ConfigFile(dir.resolve("config/x.json")).load(ConfigFileTest::parse)).isNull();
    }

    @Test
    void writeKeepsThePreviousVersionAsBackupAndLeavesNoTemporaryFile() throws Exception {
        ConfigFile f = new ConfigFile(dir.resolve("config/x.json"));
        f.write("{1}".getBytes(StandardCharsets.UTF_8));
        f.write("{2}".getBytes(StandardCharsets.UTF_8));
        assertThat(Files.readString(dir.resolve("config/x.json"))).isEqualTo("{2}");
        assertThat(Files.readString(dir.resolve("config/x.json.bak"))).isEqualTo("{1}");
        assertThat(Files.list(dir.resolve("config")).map(p -> p.getFileName().toString()))
            .containsExactlyInAnyOrder("x.json", "x.json.bak");
        assertThat(f.load(ConfigFileTest::parse)).isEqualTo("{2}");
    }

    @Test
    void aTornOrEmptyMainFileFallsBackToTheBackup() throws Exception {
        ConfigFile f = new ConfigFile(dir.resolve("x.json"));
        f.write("{1}".getBytes(StandardCharsets.UTF_8));
        f.write("{2}".getBytes(StandardCharsets.UTF_8));
        Files.writeString(dir.resolve("x.json"), "garbage");
        assertThat(f.load(ConfigFileTest::parse)).isEqualTo("{1}");
        Files.writeString(dir.resolve("x.json"), "");
        assertThat(f.load(ConfigFileTest::parse)).isEqualTo("{1}");
    }

    @Test
    void unreadableFileWithoutUsableBackupStopsTheStartWithAClearMessage() throws Exception {
        Files.writeString(dir.resolve("x.json"), "garbage");
        ConfigFile f = new ConfigFile(dir.resolve("x.json"));
        assertThatThrownBy(() -> f.load(ConfigFileTest::parse)).isInstanceOf(IllegalStateException.class)
            .hasMessageContaining("x.json").hasMessageContaining("repair or remove");
        Files.writeString(dir.resolve("x.json.bak"), "also garbage");
        assertThatThrownBy(() -> f.load(ConfigFileTest::parse)).hasMessageContaining("nor its backup");
    }

    @Test
    void aLeftOverTemporaryFileFromACrashIsIgnoredAndReplaced() throws Exception {
        ConfigFile f = new ConfigFile(dir.resolve("x.json"));
        f.write("{1}".getBytes(StandardCharsets.UTF_8));
        Files.writeString(dir.resolve("x.json.tmp"), "{half");
        assertThat(f.load(ConfigFileTest::parse)).isEqualTo("{1}");
        f.write("{3}".getBytes(StandardCharsets.UTF_8));
        assertThat(Files.exists(dir.resolve("x.json.tmp"))).isFalse();
        assertThat(f.load(ConfigFileTest::parse)).isEqualTo("{3}");
    }
}
