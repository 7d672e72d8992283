package dev.petrel.client.internal.consumer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.petrel.client.ClientException;
import dev.petrel.protocol.body.MessageQueue;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LocalOffsetStoreTest {

    private static final MessageQueue Q0 = new MessageQueue("TopicTest", "broker-a", 0);
    private static final MessageQueue Q1 = new MessageQueue("TopicTest", "broker-a", 1);

    @Test
    void writesAndReadsBackItsFile(@TempDir Path dir) throws Exception {
        LocalOffsetStore store = new LocalOffsetStore(dir, "10.0.0.1@app", "bg");
        store.update(Q0, 42, false);
        store.update(Q1, 7, false);
        store.update(Q1, 5, true);
        store.persistAll(Set.of(Q0, Q1));
        assertThat(store.file()).isEqualTo(dir.resolve("10.0.0.1@app").resolve("bg").resolve("offsets.json"));
        assertThat(Files.readString(store.file())).contains("\"offsetTable\"").contains("42");

        LocalOffsetStore again = new LocalOffsetStore(dir, "10.0.0.1@app", "bg");
        again.load();
        assertThat(again.readStore(Q0)).isEqualTo(42);
        assertThat(again.readStore(Q1)).isEqualTo(7);
        assertThat(again.readStore(new MessageQueue("TopicTest", "broker-a", 2))).isEqualTo(-1);
        store.update(Q0, 43, false);
        store.persistAll(Set.of(Q0));
        assertThat(Files.exists(store.file().resolveSibling("offsets.json.bak"))).isTrue();
    }

    @Test
    void readsRocketMqsOwnFileWithObjectKeys(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("ip@x").resolve("g").resolve("offsets.json");
        Files.createDirectories(file.getParent());
        // what the 5.3.1 client writes (fastjson: MessageQueue map keys as JSON objects)
        Files.writeString(file, "{\"offsetTable\":{{\"brokerName\":\"broker-a\",\"queueId\":0,\"topic\":\"TopicTest\"}:42,"
            + "{\"brokerName\":\"broker-a\",\"queueId\":1,\"topic\":\"TopicTest\"}:7}}", StandardCharsets.UTF_8);
        LocalOffsetStore store = new LocalOffsetStore(dir, "ip@x", "g");
        store.load();
        assertThat(store.readStore(Q0)).isEqualTo(42);
        assertThat(store.readStore(Q1)).isEqualTo(7);
    }

    @Test
    void aDamagedFileSaysWhatToDo(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("ip@x").resolve("g").resolve("offsets.json");
        Files.createDirectories(file.getParent());
        Files.writeString(file, "{not json", StandardCharsets.UTF_8);
        assertThatThrownBy(() -> new LocalOffsetStore(dir, "ip@x", "g").load()).isInstanceOf(ClientException.class)
            .hasMessageContaining("is damaged").hasMessageContaining("delete it");
    }
}
