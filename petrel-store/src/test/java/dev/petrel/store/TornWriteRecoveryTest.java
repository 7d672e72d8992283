package dev.petrel.store;

import dev.petrel.common.time.ManualClock;
import dev.petrel.message.DecodedMessage;
import dev.petrel.store.file.StoreFileFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/** Corrupt or truncated tails (a torn write): recovery keeps every record before the damage and nothing after. */
class TornWriteRecoveryTest {

    @TempDir
    Path dir;
    final ManualClock clock = new ManualClock(1_700_000_000_000L);

    List<PutResult> writeAndCrash(int n) throws Exception {
        Map<String, String> cfg = StoreFixture.smallConfig(dir);
        LocalMessageStore store = StoreFixture.store(cfg, clock);
        store.start();
        List<PutResult> rs = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            rs.add(store.putMessage(StoreFixture.message("T", i % 2, "k" + i, 300, "tag")).get(10, TimeUnit.SECONDS));
        }
        dev.petrel.testkit.Await.until(java.time.Duration.ofSeconds(10), "dispatch",
            () -> store.dispatchedOffset() == store.commitLogMaxOffset());
        store.halt(); // like kill -9: the mapped bytes stay, the abort file stays
        assertThat(Files.exists(dir.resolve("abort"))).isTrue();
        return rs;
    }

    LocalMessageStore reopen() {
        LocalMessageStore s = StoreFixture.store(StoreFixture.smallConfig(dir), clock, StoreFileFactory.mapped());
        s.start();
        return s;
    }

    void damage(long physicalOffset, int xor) throws Exception {
        long file = physicalOffset - physicalOffset % (64 * 1024);
        try (RandomAccessFile f = new RandomAccessFile(dir.resolve("commitlog").resolve(String.format("%020d", file)).toFile(), "rw")) {
            long p = physicalOffset - file;
            f.seek(p);
            int b = f.read();
            f.seek(p);
            f.write(b ^ xor);
        }
    }

    void assertExactlyFirst(LocalMessageStore s, List<PutResult> rs, int kept) {
        long q0 = (kept + 1) / 2;
        long q1 = kept / 2;
        assertThat(s.maxOffsetInQueue("T", 0)).isEqualTo(q0);
        assertThat(s.maxOffsetInQueue("T", 1)).isEqualTo(q1);
        assertThat(s.commitLogMaxOffset()).isEqualTo(kept == 0 ? 0 : rs.get(kept - 1).physicalOffset() + rs.get(kept - 1).recordSize());
        for (int i = 0; i < kept; i++) {
            GetResult g = s.getMessage("T", i % 2, i / 2, 1, 1 << 20, MessageFilter.ALL);
            DecodedMessage m = StoreFixture.decode(g.records().get(0));
            assertThat(m.keys()).isEqualTo("k" + i);
            assertThat(m.body()).isEqualTo(StoreFixture.bodyOf("k" + i, 300));
            g.release();
        }
        for (int i = kept; i < rs.size(); i++) {
            assertThat(s.queryOffsetsByKey("T", "k" + i, 10, 0, Long.MAX_VALUE)).isEmpty();
        }
    }

    @ParameterizedTest
    @ValueSource(ints = {8, 30, 100, 250})
    void flippedByteInTheTailIsCutOff(int byteInRecord) throws Exception {
        List<PutResult> rs = writeAndCrash(40);
        PutResult victim = rs.get(37);
        damage(victim.physicalOffset() + Math.min(byteInRecord, victim.recordSize() - 1), 0x5A);
        try (LocalMessageStore s = reopen()) {
            assertExactlyFirst(s, rs, 37);
            // the store keeps working after the cut: new records take the freed offsets
            PutResult again = s.putMessage(StoreFixture.message("T", 1, "new", 10, null)).get(10, TimeUnit.SECONDS);
            assertThat(again.physicalOffset()).isEqualTo(victim.physicalOffset());
            assertThat(again.queueOffset()).isEqualTo(18);
        }
    }

    @Test
    void truncatedLastRecordIsCutOff() throws Exception {
        List<PutResult> rs = writeAndCrash(20);
        PutResult last = rs.get(19);
        // zero the second half of the last record: what a torn page write leaves behind
        long file = 0;
        try (RandomAccessFile f = new RandomAccessFile(dir.resolve("commitlog").resolve(String.format("%020d", file)).toFile(), "rw")) {
            f.seek(last.physicalOffset() + last.recordSize() / 2);
            f.write(new byte[last.recordSize() / 2 + 1]);
        }
        try (LocalMessageStore s = reopen()) {
            assertExactlyFirst(s, rs, 19);
        }
    }

    @Test
    void damageInAnEarlierFileDropsEverythingAfterIt() throws Exception {
        List<PutResult> rs = writeAndCrash(500);
        assertThat(rs.get(499).physicalOffset()).isGreaterThan(2 * 64 * 1024);
        int victim = 0;
        while (rs.get(victim).physicalOffset() < 64 * 1024 + 1000) {
            victim++;
        }
        damage(rs.get(victim).physicalOffset() + 150, 0x01); // inside the body: caught by the CRC
        try (LocalMessageStore s = reopen()) {
            assertExactlyFirst(s, rs, victim);
            assertThat(Files.exists(dir.resolve("commitlog").resolve(String.format("%020d", 2 * 64 * 1024)))).isFalse();
        }
    }

    @Test
    void cleanRestartKeepsEverything() throws Exception {
        LocalMessageStore store = StoreFixture.store(StoreFixture.smallConfig(dir), clock);
        store.start();
        List<PutResult> rs = new ArrayList<>();
        for (int i = 0; i < 300; i++) {
            rs.add(store.putMessage(StoreFixture.message("T", i % 2, "k" + i, 300, "tag")).get(10, TimeUnit.SECONDS));
        }
        store.shutdown();
        assertThat(Files.exists(dir.resolve("abort"))).isFalse();
        try (LocalMessageStore s = reopen()) {
            assertExactlyFirst(s, rs, 300);
        }
    }
}
