package dev.petrel.store;

import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/** docs/storage.md carries the configuration table generated from {@link StoreConfig#DEF}; this keeps them equal. */
class StoreConfigDocTest {

    @Test
    void docsShowTheCurrentConfigTable() throws Exception {
        Path doc = Path.of("..", "docs", "storage.md");
        String table = StoreConfig.DEF.toMarkdownTable();
        String text = Files.readString(doc);
        if (!text.contains(table)) {
            Files.writeString(Path.of("target", "storage-config-table.md"), table);
        }
        assertThat(text).as("docs/storage.md must contain the table in target/storage-config-table.md").contains(table);
    }

    @Test
    void defaultsAreRocketMqs() {
        StoreConfig.Settings s = StoreConfig.Settings.of(StoreConfig.DEF.defaults());
        assertThat(s.commitLogFileSize()).isEqualTo(1024 * 1024 * 1024);
        assertThat(s.consumeQueueFileSize()).isEqualTo(6_000_000);
        assertThat(s.flushDiskType()).isEqualTo(StoreConfig.FlushDiskType.ASYNC_FLUSH);
        assertThat(s.maxMessageSize()).isEqualTo(4 * 1024 * 1024);
        assertThat(s.fileReservedTimeHours()).isEqualTo(72);
        assertThat(s.deleteWhen()).isEqualTo("04");
        assertThat(s.maxHashSlotNum()).isEqualTo(5_000_000);
        assertThat(s.maxIndexNum()).isEqualTo(20_000_000);
        assertThat(s.delayLevels().maxLevel()).isEqualTo(18);
        assertThat(s.delayLevels().delayMillis(18)).isEqualTo(7_200_000);
        assertThat(s.delayLevels().delayMillis(99)).isEqualTo(7_200_000);
        assertThat(s.commitLogDir()).isEqualTo(s.rootDir().resolve("commitlog"));
    }
}
