package dev.petrel.store.timer;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The history the exactly-once property test shrank to: two graceful restarts while a slot is half delivered (so no
 * checkpoint at shutdown), with a checkpoint written between them. That checkpoint used to move the recovery scan past
 * a delivery the engine was still suppressing, so the second restart delivered it again.
 */
class TimerRepeatedRestartTest {

    @TempDir
    Path dir;

    @Test
    void aCheckpointBetweenRestartsKeepsSuppressedDeliveriesFindable() {
        long[][] history = {{'P', 1001}, {'P', 0}, {'J', 118}, {'J', 20}, {'P', 21_599_999}, {'P', 723_283},
            {'J', 119_999}, {'P', 5577}, {'P', 243}, {'J', 190}, {'P', 21_600_000}, {'P', 5208}, {'R', 0}, {'J', 1511},
            {'P', 5001}, {'P', 600_001}, {'P', 30_787}, {'P', 84}, {'J', 16}, {'P', 4}, {'P', 4999}, {'P', 76},
            {'P', 8}, {'P', 600_001}, {'R', 0}};
        Map<String, Long> due = new HashMap<>();
        try (TimerTestBed bed = new TimerTestBed(dir, TimerTestBed.START, Map.of("timerRollWindowSlot", "32",
            "timerFlushIntervalMs", "1000"))) {
            for (long[] step : history) {
                switch ((char) step[0]) {
                    case 'P' -> {
                        String key = "k" + due.size();
                        long at = bed.clock.millis() + step[1];
                        due.put(key, at);
                        bed.put(key, at);
                        bed.settle();
                    }
                    case 'J' -> bed.jump(step[1]);
                    default -> bed.restart(false);
                }
            }
            long last = due.values().stream().mapToLong(Long::longValue).max().orElseThrow();
            while (bed.clock.millis() <= last) {
                bed.jump(3_600_000L);
            }
            Map<String, Long> counts = bed.deliveries().stream()
                .collect(Collectors.groupingBy(TimerTestBed.Delivery::key, Collectors.counting()));
            assertThat(counts.keySet()).isEqualTo(due.keySet());
            assertThat(counts).allSatisfy((key, n) -> assertThat(n).as("deliveries of %s", key).isEqualTo(1L));
        }
    }
}
