package dev.petrel.store.timer;

import dev.petrel.message.PropertyNames;
import dev.petrel.store.PutResult;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/** The timer engine on a real store, stepped under a manual clock. */
class TimerEngineTest {

    private static final long T0 = TimerTestBed.START;

    @TempDir
    Path dir;

    @Test
    void deliversAtTheRequestedMillisecondNotBefore() {
        try (TimerTestBed bed = new TimerTestBed(dir, T0, Map.of())) {
            bed.put("a", T0 + 2_500);
            bed.put("b", T0 + 1_200);
            bed.put("c", T0 + 3_000);
            bed.advance(1_199);
            assertThat(bed.deliveries()).isEmpty();
            bed.advance(1);
            assertThat(bed.deliveries()).extracting(TimerTestBed.Delivery::key).containsExactly("b");
            bed.advance(1_299);
            assertThat(bed.deliveries()).hasSize(1);
            bed.advance(501);
            List<TimerTestBed.Delivery> d = bed.deliveries();
            assertThat(d).extracting(TimerTestBed.Delivery::key).containsExactly("b", "a", "c");
            for (TimerTestBed.Delivery x : d) {
                assertThat(x.deliveredAt()).isEqualTo(x.dueMs());
            }
            assertThat(bed.stats.snapshot().delivered()).isEqualTo(3);
            assertThat(bed.stats.snapshot().lateness().max()).isZero();
        }
    }

    @Test
    void deliveredMessageIsTheOriginalInItsRealTopicWithTimerProperties() {
        try (TimerTestBed bed = new TimerTestBed(dir, T0, Map.of())) {
            PutResult stored = bed.put("k1", T0 + 5_000, Map.of("TAGS", "tagA", "userProp", "v"));
            bed.advance(5_000);
            TimerTestBed.Delivery d = bed.deliveries().get(0);
            assertThat(new String(d.body(), StandardCharsets.UTF_8)).isEqualTo("body-k1");
            assertThat(d.properties()).containsEntry("TAGS", "tagA").containsEntry("userProp", "v")
                .containsEntry(PropertyNames.UNIQ_CLIENT_MESSAGE_ID_KEYIDX, "Uk1")
                .containsEntry(PropertyNames.TIMER_OUT_MS, Long.toString(T0 + 4_000))
                .containsEntry(PropertyNames.TIMER_ENQUEUE_MS, Long.toString(T0))
                .containsEntry(PropertyNames.TIMER_DEQUEUE_MS, Long.toString(T0 + 5_000))
                .containsEntry(PropertyNames.WAIT_STORE_MSG_OK, "false")
                .doesNotContainKeys(PropertyNames.REAL_TOPIC, PropertyNames.REAL_QUEUE_ID);
            assertThat(d.preparedTransactionOffset()).isEqualTo(stored.physicalOffset());
        }
    }

    @Test
    void messagesDueBeyondTheRollWindowAreRelinkedNotRewritten() {
        // a window of 8 slots of 1 s: a message 1 day ahead is parked and re-linked about 10,800 times
        try (TimerTestBed bed = new TimerTestBed(dir, T0, Map.of("timerRollWindowSlot", "8"))) {
            long day = TimeUnit.DAYS.toMillis(1);
            bed.put("far", T0 + day + 123);
            bed.put("near", T0 + 3_000);
            long commitLogBefore = bed.store.commitLogMaxOffset();
            bed.advance(3_000);
            for (int minute = 0; minute < 24 * 60 - 1; minute++) {
                bed.jump(60_000);
            }
            bed.advance(T0 + day + 122 - bed.clock.millis());
            assertThat(bed.deliveries()).extracting(TimerTestBed.Delivery::key).containsExactly("near");
            // nothing but the one delivery was written to the CommitLog while the far message rolled
            assertThat(bed.store.commitLogMaxOffset() - commitLogBefore).isLessThan(1_000);
            assertThat(bed.stats.snapshot().rolled()).isGreaterThan(10_000);
            bed.advance(1);
            assertThat(bed.deliveries()).extracting(TimerTestBed.Delivery::key).containsExactly("near", "far");
            assertThat(bed.deliveries().get(1).deliveredAt()).isEqualTo(T0 + day + 123);
        }
    }

    @Test
    void cancelMarkerRemovesThePendingMessageOfTheSameTime() {
        try (TimerTestBed bed = new TimerTestBed(dir, T0, Map.of())) {
            bed.put("keep", T0 + 2_000);
            bed.put("drop", T0 + 2_000);
            bed.put("cancel", T0 + 2_000, Map.of(PropertyNames.TIMER_DEL_UNIQKEY, TimerTestBed.TOPIC + "+Udrop"));
            bed.advance(2_000);
            assertThat(bed.deliveries()).extracting(TimerTestBed.Delivery::key).containsExactly("keep");
            assertThat(bed.stats.snapshot().cancelled()).isEqualTo(1);
            assertThat(bed.stats.snapshot().backlog()).isZero();
        }
    }

    @Test
    void gracefulRestartKeepsPendingMessagesAndRepeatsNothing() {
        try (TimerTestBed bed = new TimerTestBed(dir, T0, Map.of())) {
            bed.put("early", T0 + 1_000);
            bed.put("late", T0 + 10_000);
            bed.advance(1_000);
            bed.restart(false);
            bed.advance(9_000);
            assertThat(bed.deliveries()).extracting(TimerTestBed.Delivery::key).containsExactly("early", "late");
        }
    }

    @Test
    void afterACrashDeliveriesMadeSinceTheCheckpointAreNotRepeated() {
        try (TimerTestBed bed = new TimerTestBed(dir, T0, Map.of("timerFlushIntervalMs", "3600000"))) {
            for (int i = 0; i < 20; i++) {
                bed.put("m" + i, T0 + 1_000 + i * 100L);
            }
            bed.advance(1_500); // delivers m0..m5 with no checkpoint since the start
            assertThat(bed.deliveries()).hasSize(6);
            bed.restart(true);
            assertThat(bed.engine.deliveredUpTo()).isEqualTo(T0);
            bed.advance(2_000);
            assertThat(bed.deliveries()).extracting(TimerTestBed.Delivery::key)
                .containsExactlyElementsOf(Stream.iterate(0, i -> i + 1).limit(20).map(i -> "m" + i).toList());
            assertThat(bed.stats.snapshot().duplicatesSuppressed()).isEqualTo(6);
        }
    }

    @Test
    void messagesStoredAfterTheLastCheckpointSurviveACrash() {
        try (TimerTestBed bed = new TimerTestBed(dir, T0, Map.of("timerFlushIntervalMs", "3600000"))) {
            bed.put("a", T0 + 60_000);
            bed.settle();
            bed.put("b", T0 + 30_000);
            bed.settle();
            bed.restart(true);
            bed.advance(60_000);
            assertThat(bed.deliveries()).extracting(TimerTestBed.Delivery::key).containsExactly("b", "a");
        }
    }

    @Test
    void timerLogFilesOfDeliveredSlotsAreDeleted() throws Exception {
        // 32 KiB log files hold 1024 entries; a window of 16 slots lets files go 16 s after their entries were written
        try (TimerTestBed bed = new TimerTestBed(dir, T0, Map.of("timerRollWindowSlot", "16",
            "timerFlushIntervalMs", "100"))) {
            for (int round = 0; round < 5; round++) {
                for (int i = 0; i < 1_000; i++) {
                    bed.put("r" + round + "-" + i, bed.clock.millis() + 2_000);
                }
                bed.advance(10_000);
            }
            bed.advance(30_000);
            assertThat(bed.deliveries()).hasSize(5_000);
            try (Stream<Path> files = Files.list(dir.resolve("timer").resolve("log"))) {
                assertThat(files.count()).isLessThanOrEqualTo(2);
            }
        }
    }

    @Test
    void pendingRecordsAreKeptFromCommitLogCleaning() {
        try (TimerTestBed bed = new TimerTestBed(dir, T0, Map.of())) {
            PutResult first = bed.put("x", T0 + 50_000);
            bed.put("y", T0 + 20_000);
            bed.settle();
            bed.engine.maybeCheckpoint(true);
            assertThat(bed.engine.retentionFloor()).isEqualTo(first.physicalOffset());
            bed.advance(50_000);
            bed.engine.maybeCheckpoint(true);
            assertThat(bed.engine.retentionFloor()).isEqualTo(Long.MAX_VALUE);
        }
    }
}
