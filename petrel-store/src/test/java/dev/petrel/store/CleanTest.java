package dev.petrel.store;

import dev.petrel.common.time.ManualClock;
import dev.petrel.store.cleanup.CleanPolicy;
import dev.petrel.store.cleanup.DiskUsage;
import dev.petrel.store.file.StoreFileFactory;
import dev.petrel.testkit.Await;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

class CleanTest {

    @TempDir
    Path dir;
    final ManualClock clock = new ManualClock(System.currentTimeMillis());
    volatile double used = 0.5;
    volatile long usable = Long.MAX_VALUE;
    LocalMessageStore store;

    final DiskUsage disk = new DiskUsage() {
        @Override
        public double usedRatio(Path path) {
            return used;
        }

        @Override
        public long usableBytes(Path path) {
            return usable;
        }
    };

    LocalMessageStore open(Map<String, String> extra) {
        Map<String, String> cfg = StoreFixture.smallConfig(dir);
        cfg.put("deleteWhen", Integer.toString(hourAt(clock.millis() + TimeUnit.HOURS.toMillis(73))));
        cfg.putAll(extra);
        store = new LocalMessageStore(StoreConfig.Settings.of(StoreFixture.config(cfg)), clock, StoreFileFactory.mapped(), disk);
        store.start();
        return store;
    }

    static int hourAt(long millis) {
        return Instant.ofEpochMilli(millis).atZone(ZoneId.systemDefault()).getHour();
    }

    @AfterEach
    void close() {
        if (store != null) {
            store.shutdown();
        }
    }

    void fill(int n) throws Exception {
        for (int i = 0; i < n; i++) {
            assertThat(store.putMessage(StoreFixture.message("C", i % 2, "k" + i, 1000, null)).get(10, TimeUnit.SECONDS).status())
                .isEqualTo(PutStatus.PUT_OK);
        }
        Await.until(Duration.ofSeconds(10), "dispatch", () -> store.dispatchedOffset() == store.commitLogMaxOffset());
    }

    long files(String sub) throws Exception {
        try (Stream<Path> s = Files.walk(dir.resolve(sub))) {
            return s.filter(Files::isRegularFile).count();
        }
    }

    @Test
    void expiredFilesGoAtDeleteTimeWithTheirQueueAndIndexFiles() throws Exception {
        open(Map.of());
        fill(400);
        long clFiles = files("commitlog");
        long cqFiles = files("consumequeue");
        long indexFiles = files("index");
        assertThat(clFiles).isGreaterThan(5);

        assertThat(store.cleanLoop().runOnce()).as("nothing is old yet").isZero();
        clock.advance(73, TimeUnit.HOURS);
        int deleted = store.cleanLoop().runOnce();
        assertThat(deleted).isEqualTo(Math.min(10, (int) clFiles - 1));
        long min = store.commitLogMinOffset();
        assertThat(min).isEqualTo(deleted * 64L * 1024);
        assertThat(files("commitlog")).isEqualTo(clFiles - deleted);
        assertThat(files("consumequeue")).isLessThan(cqFiles);
        assertThat(files("index")).isLessThan(indexFiles);

        long qMin = store.minOffsetInQueue("C", 0);
        assertThat(qMin).isPositive();
        GetResult first = store.getMessage("C", 0, qMin, 1, 1 << 20, MessageFilter.ALL);
        assertThat(first.status()).isEqualTo(GetStatus.FOUND);
        assertThat(first.records().get(0).physicalOffset()).isGreaterThanOrEqualTo(min);
        first.release();
        GetResult tooSmall = store.getMessage("C", 0, 0, 1, 1 << 20, MessageFilter.ALL);
        assertThat(tooSmall.status()).isEqualTo(GetStatus.OFFSET_TOO_SMALL);
        assertThat(tooSmall.nextBeginOffset()).isEqualTo(qMin);
        assertThat(store.earliestMessageTime()).isPositive();
    }

    @Test
    void nothingIsDeletedOutsideDeleteTimeWhileTheDiskIsFine() throws Exception {
        open(Map.of("deleteWhen", Integer.toString((hourAt(clock.millis() + TimeUnit.HOURS.toMillis(73)) + 12) % 24)));
        fill(200);
        clock.advance(73, TimeUnit.HOURS);
        assertThat(store.cleanLoop().runOnce()).isZero();
        used = 0.80; // above diskMaxUsedSpaceRatio 75: expired files go at any hour
        assertThat(store.cleanLoop().runOnce()).isPositive();
    }

    @Test
    void fullDiskRefusesAppendsAndCleansForcibly() throws Exception {
        open(Map.of());
        fill(200);
        long before = store.commitLogMinOffset();
        used = 0.95;
        int deleted = store.cleanLoop().runOnce();
        assertThat(deleted).as("forced cleaning ignores age").isPositive();
        assertThat(store.commitLogMinOffset()).isGreaterThan(before);
        PutResult refused = store.putMessage(StoreFixture.message("C", 0, "x", 10, null)).get(10, TimeUnit.SECONDS);
        assertThat(refused.status()).isEqualTo(PutStatus.SERVICE_NOT_AVAILABLE);
        assertThat(refused.reason()).contains("diskSpaceWarningLevelRatio");
        assertThat(store.stats().diskFull()).isTrue();
        used = 0.5;
        store.cleanLoop().runOnce();
        assertThat(store.putMessage(StoreFixture.message("C", 0, "y", 10, null)).get(10, TimeUnit.SECONDS).status())
            .isEqualTo(PutStatus.PUT_OK);
    }

    @Test
    void noRoomForANewFileIsRefusedNotCrashed() throws Exception {
        open(Map.of());
        fill(10);
        usable = 1000;
        PutResult last = null;
        for (int i = 0; i < 200 && (last == null || last.isOk()); i++) {
            last = store.putMessage(StoreFixture.message("C", 0, "z" + i, 1000, null)).get(10, TimeUnit.SECONDS);
        }
        assertThat(last.status()).isEqualTo(PutStatus.SERVICE_NOT_AVAILABLE);
        assertThat(last.reason()).contains("free");
        usable = Long.MAX_VALUE;
        assertThat(store.putMessage(StoreFixture.message("C", 0, "ok", 1000, null)).get(10, TimeUnit.SECONDS).status())
            .isEqualTo(PutStatus.PUT_OK);
    }

    @Test
    void policy() {
        CleanPolicy p = new CleanPolicy("04;16", 75, 85, 90, true);
        assertThat(p.decide(4, 0.1, false).deleteExpired()).isTrue();
        assertThat(p.decide(5, 0.1, false).deleteExpired()).isFalse();
        assertThat(p.decide(5, 0.1, true).deleteExpired()).isTrue();
        assertThat(p.decide(5, 0.80, false)).extracting(CleanPolicy.Decision::deleteExpired, CleanPolicy.Decision::ignoreAge)
            .containsExactly(true, false);
        assertThat(p.decide(5, 0.86, false).ignoreAge()).isTrue();
        assertThat(p.decide(5, 0.91, false).diskFull()).isTrue();
        assertThat(new CleanPolicy("04", 75, 85, 90, false).decide(5, 0.91, false).ignoreAge()).isFalse();
    }
}
