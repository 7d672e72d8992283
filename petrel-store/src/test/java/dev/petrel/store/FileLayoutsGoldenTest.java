package dev.petrel.store;

import dev.petrel.common.time.ManualClock;
import dev.petrel.message.Hex;
import dev.petrel.store.checkpoint.CheckpointLayout;
import dev.petrel.store.consumequeue.ConsumeQueueLayout;
import dev.petrel.store.index.IndexFileLayout;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/** Golden bytes of every file format besides the record (which petrel-message tests). */
class FileLayoutsGoldenTest {

    @TempDir
    Path dir;

    @Test
    void consumeQueueEntry() {
        ByteBuffer b = ByteBuffer.allocate(40);
        ConsumeQueueLayout.encode(b, 0, 0x1234, 125, 2598919L);
        ConsumeQueueLayout.encodeBlank(b, 20);
        assertThat(Hex.encode(b.array())).isEqualTo(
            "0000000000001234" + "0000007D" + "000000000027A807"
                + "0000000000000000" + "7FFFFFFF" + "0000000000000000");
        assertThat(ConsumeQueueLayout.tagCode(ByteBuffer.wrap(new byte[] {-1, -1, -1, -1, -1, -1, -1, -1, 0, 0, 0, 0,
            -1, -1, -1, -1, -1, -1, -1, -1}), 0)).isEqualTo(-1L);
    }

    @Test
    void indexHeaderSlotAndEntry() {
        assertThat(IndexFileLayout.fileSize(5_000_000, 20_000_000)).isEqualTo(420_000_040);
        ByteBuffer b = ByteBuffer.allocate(IndexFileLayout.fileSize(4, 3));
        IndexFileLayout.encodeHeader(b, new IndexFileLayout.Header(0x10, 0x20, 0x30, 0x40, 2, 3));
        b.putInt(IndexFileLayout.slotPosition(1), 2);
        IndexFileLayout.encodeEntry(b, IndexFileLayout.entryPosition(4, 2), 0x0ABCDEF0, 0x99, 7, 1);
        assertThat(Hex.encode(Arrays.copyOf(b.array(), 40))).isEqualTo(
            "0000000000000010" + "0000000000000020" + "0000000000000030" + "0000000000000040" + "00000002" + "00000003");
        assertThat(Hex.encode(Arrays.copyOfRange(b.array(), 40, 56))).isEqualTo("00000000" + "00000002" + "00000000" + "00000000");
        assertThat(IndexFileLayout.entryPosition(4, 2)).isEqualTo(40 + 16 + 40);
        assertThat(Hex.encode(Arrays.copyOfRange(b.array(), 96, 116))).isEqualTo(
            "0ABCDEF0" + "0000000000000099" + "00000007" + "00000001");
        assertThat(IndexFileLayout.keyHash("TopicTest#key")).isEqualTo(Math.abs("TopicTest#key".hashCode()));
        assertThat(IndexFileLayout.keyHash("polygenelubricants")).isZero();
    }

    @Test
    void checkpointPage() {
        ByteBuffer b = ByteBuffer.allocate(CheckpointLayout.FILE_SIZE);
        CheckpointLayout.encode(b, new CheckpointLayout.CheckpointValues(1, 2, 3, 4, 5));
        assertThat(Hex.encode(Arrays.copyOf(b.array(), 48))).isEqualTo(
            "0000000000000001" + "0000000000000002" + "0000000000000003" + "0000000000000004" + "0000000000000005"
                + "0000000000000000");
        assertThat(new CheckpointLayout.CheckpointValues(10_000, 20_000, 1, 0, 0).minTimestamp()).isEqualTo(7000);
        assertThat(new CheckpointLayout.CheckpointValues(10_000, 20_000, 1, 0, 0).minTimestampIndex()).isEqualTo(1);
    }

    /** What a store writes to disk: file names, sizes and the index/CQ/checkpoint bytes of one message. */
    @Test
    void filesOnDisk() throws Exception {
        ManualClock clock = new ManualClock(1_700_000_000_000L);
        Map<String, String> cfg = StoreFixture.smallConfig(dir);
        LocalMessageStore store = StoreFixture.store(cfg, clock);
        store.start();
        PutResult r = store.putMessage(StoreFixture.message("TopicTest", 2, "k", 5, "TagA")).get(10, TimeUnit.SECONDS);
        clock.advance(3, TimeUnit.SECONDS);
        store.shutdown();

        assertThat(Files.size(dir.resolve("commitlog/00000000000000000000"))).isEqualTo(64 * 1024);
        byte[] cq = Files.readAllBytes(dir.resolve("consumequeue/TopicTest/2/00000000000000000000"));
        assertThat(cq).hasSize(1000);
        assertThat(Hex.encode(Arrays.copyOf(cq, 40))).isEqualTo(
            "0000000000000000" + String.format("%08X", r.recordSize()) + "000000000027A807" + "0".repeat(40));
        List<Path> index;
        try (Stream<Path> s = Files.list(dir.resolve("index"))) {
            index = s.toList();
        }
        assertThat(index).hasSize(1);
        assertThat(index.get(0).getFileName().toString()).matches("\\d{17}");
        byte[] idx = Files.readAllBytes(index.get(0));
        assertThat(idx).hasSize(IndexFileLayout.fileSize(64, 400));
        ByteBuffer ib = ByteBuffer.wrap(idx);
        IndexFileLayout.Header h = IndexFileLayout.decodeHeader(ib);
        assertThat(h).isEqualTo(new IndexFileLayout.Header(r.storeTimestamp(), r.storeTimestamp(), 0, 0, 2, 3));
        int slotUniq = IndexFileLayout.keyHash("TopicTest#Uk") % 64;
        int slotKey = IndexFileLayout.keyHash("TopicTest#k") % 64;
        assertThat(ib.getInt(IndexFileLayout.slotPosition(slotUniq))).isEqualTo(1);
        assertThat(ib.getInt(IndexFileLayout.slotPosition(slotKey))).isEqualTo(2);
        int e2 = IndexFileLayout.entryPosition(64, 2);
        assertThat(Hex.encode(Arrays.copyOfRange(idx, e2, e2 + 20))).isEqualTo(
            String.format("%08X", IndexFileLayout.keyHash("TopicTest#k")) + "0000000000000000" + "00000000" + "00000000");
        byte[] cp = Files.readAllBytes(dir.resolve("checkpoint"));
        assertThat(cp).hasSize(4096);
        ByteBuffer cpb = ByteBuffer.wrap(cp);
        assertThat(cpb.getLong(CheckpointLayout.PHYSIC_MSG_TIMESTAMP)).isEqualTo(r.storeTimestamp());
        assertThat(cpb.getLong(CheckpointLayout.LOGICS_MSG_TIMESTAMP)).isEqualTo(r.storeTimestamp());
        assertThat(cpb.getLong(CheckpointLayout.INDEX_MSG_TIMESTAMP)).isEqualTo(r.storeTimestamp());
        assertThat(Files.exists(dir.resolve("abort"))).isFalse();
        assertThat(Files.exists(dir.resolve("lock"))).isTrue();
    }
}
