package dev.petrel.namesrv;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ConfigStoreFileTest {

    @TempDir
    Path dir;

    @Test
    void replacesChangedKeysInPlaceKeepsEverythingElseAndAppendsNewKeys() throws IOException {
        Path file = dir.resolve("namesrv.conf");
        Files.writeString(file, "# my name server\nlistenPort=9876\n  orderMessageEnable : false\n"
            + "kvConfigPath=/a/very/long/\\\n    path.json\n! end\n");
        Map<String, String> changes = new LinkedHashMap<>();
        changes.put("orderMessageEnable", "true");
        changes.put("kvConfigPath", "/short.json");
        changes.put("enableTopicList", "false");

        new ConfigStoreFile(file).update(changes);

        assertThat(Files.readString(file)).isEqualTo("# my name server\nlistenPort=9876\norderMessageEnable=true\n"
            + "kvConfigPath=/short.json\n! end\nenableTopicList=false\n");
    }

    @Test
    void createsTheFileAndItsDirectory() throws IOException {
        Path file = dir.resolve("namesrv/namesrv.properties");
        new ConfigStoreFile(file).update(Map.of("waitSecondsForService", "3"));
        assertThat(Files.readString(file)).isEqualTo("waitSecondsForService=3\n");
    }

    @Test
    void findsKeysTheWayPropertiesDoes() {
        assertThat(ConfigStoreFile.keyOf("a=b")).isEqualTo("a");
        assertThat(ConfigStoreFile.keyOf("  a : b")).isEqualTo("a");
        assertThat(ConfigStoreFile.keyOf("a b")).isEqualTo("a");
        assertThat(ConfigStoreFile.keyOf("a\\=x=b")).isEqualTo("a=x");
        assertThat(ConfigStoreFile.keyOf("# a=b")).isNull();
        assertThat(ConfigStoreFile.keyOf("   ")).isNull();
    }
}
