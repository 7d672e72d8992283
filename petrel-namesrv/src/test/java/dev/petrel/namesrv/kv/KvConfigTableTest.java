package dev.petrel.namesrv.kv;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class KvConfigTableTest {

    @TempDir
    Path dir;

    /** What Apache's KVConfigManager writes (fastjson, compact, HashMap order). */
    private static final String APACHE_FILE =
        "{\"configTable\":{\"ORDER_TOPIC_CONFIG\":{\"TopicOrder\":\"broker-a:4;broker-b:4\"},\"ns\":{\"k\":\"v\"}}}";

    @Test
    void readsTheFileApacheWrites() throws IOException {
        Path file = dir.resolve("kvConfig.json");
        Files.writeString(file, APACHE_FILE);

        KvConfigTable table = KvConfigTable.load(new KvConfigFile(file));

        assertThat(table.get("ORDER_TOPIC_CONFIG", "TopicOrder")).isEqualTo("broker-a:4;broker-b:4");
        assertThat(table.namespace("ns")).containsExactly(Map.entry("k", "v"));
        assertThat(table.namespace("none")).isNull();
    }

    @Test
    void writesTheSameShapeSortedAndIndented() throws IOException {
        Path file = dir.resolve("sub/dir/kvConfig.json");
        KvConfigTable table = KvConfigTable.load(new KvConfigFile(file));

        table.put("ns", "k2", "v2");
        table.put("ns", "k1", "v1");
        table.put("ORDER_TOPIC_CONFIG", "T", "broker-a:8");

        assertThat(Files.readString(file)).isEqualTo("{\n"
            + "  \"configTable\" : {\n"
            + "    \"ORDER_TOPIC_CONFIG\" : {\n"
            + "      \"T\" : \"broker-a:8\"\n"
            + "    },\n"
            + "    \"ns\" : {\n"
            + "      \"k1\" : \"v1\",\n"
            + "      \"k2\" : \"v2\"\n"
            + "    }\n"
            + "  }\n"
            + "}");
        assertThat(Files.exists(dir.resolve("sub/dir/kvConfig.json.tmp"))).isFalse();
        assertThat(KvConfigTable.load(new KvConfigFile(file)).all()).isEqualTo(table.all());
    }

    @Test
    void deleteKeepsTheNamespaceAndReportsWhetherAnythingWentAway() throws IOException {
        Path file = dir.resolve("kvConfig.json");
        KvConfigTable table = KvConfigTable.load(new KvConfigFile(file));
        table.put("ns", "k", "v");

        assertThat(table.delete("ns", "k")).isTrue();
        assertThat(table.delete("ns", "k")).isFalse();
        assertThat(table.delete("other", "k")).isFalse();
        assertThat(table.namespace("ns")).isEmpty();
        assertThat(Files.readString(file)).contains("\"ns\" : { }");
    }

    @Test
    void aFailedSaveChangesNothingInMemory() throws IOException {
        Path file = dir.resolve("kvConfig.json");
        KvConfigTable table = KvConfigTable.load(new KvConfigFile(file));
        table.put("ns", "k", "v1");
        Files.createDirectory(dir.resolve("kvConfig.json.tmp")); // the save's temp file cannot be created

        assertThatThrownBy(() -> table.put("ns", "k", "v2")).isInstanceOf(IOException.class);
        assertThat(table.get("ns", "k")).isEqualTo("v1");
        assertThat(KvConfigTable.load(new KvConfigFile(file)).get("ns", "k")).isEqualTo("v1");
    }

    @Test
    void anUnreadableFileStopsTheLoadInsteadOfBeingOverwrittenLater() throws IOException {
        Path file = dir.resolve("kvConfig.json");
        Files.writeString(file, "{\"configTable\":[1,2", StandardCharsets.UTF_8);

        assertThatThrownBy(() -> KvConfigTable.load(new KvConfigFile(file)))
            .isInstanceOf(IllegalStateException.class)
            .hasMessageContaining(file.toString())
            .hasMessageContaining("kvConfigPath");
        assertThat(Files.readString(file)).isEqualTo("{\"configTable\":[1,2");
    }

    @Test
    void aMissingOrEmptyFileIsAnEmptyTable() throws IOException {
        assertThat(KvConfigTable.load(new KvConfigFile(dir.resolve("absent.json"))).all()).isEmpty();
        Path empty = dir.resolve("empty.json");
        Files.writeString(empty, "");
        assertThat(KvConfigTable.load(new KvConfigFile(empty)).all()).isEmpty();
    }
}
