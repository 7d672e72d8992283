package dev.petrel.store.timer;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.lifecycle.AfterTry;
import net.jqwik.api.lifecycle.BeforeTry;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Random timer histories: messages due from milliseconds to three days ahead, time moving in steps of every size, and
 * restarts (graceful, or crash-like: nothing flushed, no final checkpoint) at random points. Whatever happens, every
 * message is delivered exactly once, never before its time, and deliveries come in order of due time.
 */
class TimerExactlyOncePropertyTest {

    private Path dir;

    /** One thing that happens. */
    interface Action {
    }

    record Put(long aheadMillis) implements Action {
    }

    record Jump(long millis) implements Action {
    }

    record Restart(boolean crash) implements Action {
    }

    @BeforeTry
    void makeDir() throws IOException {
        dir = Files.createTempDirectory("petrel-timer-prop");
    }

    @AfterTry
    void removeDir() throws IOException {
        try (Stream<Path> files = Files.walk(dir)) {
            files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        }
    }

    @Property(tries = 25)
    void everyMessageIsDeliveredOnceAtOrAfterItsTimeInOrder(@ForAll("histories") List<Action> history) {
        Map<String, Long> due = new HashMap<>();
        try (TimerTestBed bed = new TimerTestBed(dir, TimerTestBed.START, Map.of("timerRollWindowSlot", "32",
            "timerFlushIntervalMs", "1000"))) {
            int n = 0;
            for (Action a : history) {
                if (a instanceof Put p) {
                    String key = "k" + n++;
                    long at = bed.clock.millis() + p.aheadMillis();
                    due.put(key, at);
                    bed.put(key, at);
                    bed.settle();
                } else if (a instanceof Jump j) {
                    bed.jump(j.millis());
                } else if (a instanceof Restart r) {
                    bed.restart(r.crash());
                }
            }
            long last = due.values().stream().mapToLong(Long::longValue).max().orElse(bed.clock.millis());
            while (bed.clock.millis() <= last) {
                bed.jump(TimeUnit.HOURS.toMillis(1));
            }
            bed.jump(2_000);

            List<TimerTestBed.Delivery> delivered = bed.deliveries();
            Map<String, Long> counts = delivered.stream()
                .collect(Collectors.groupingBy(TimerTestBed.Delivery::key, Collectors.counting()));
            assertThat(counts.keySet()).as("delivered keys").isEqualTo(due.keySet());
            assertThat(counts.values()).as("deliveries per key").allMatch(c -> c == 1);
            for (TimerTestBed.Delivery d : delivered) {
                assertThat(d.dueMs()).isEqualTo(due.get(d.key()));
                assertThat(d.deliveredAt()).as("delivery of %s", d.key()).isGreaterThanOrEqualTo(d.dueMs());
            }
            for (int i = 1; i < delivered.size(); i++) {
                assertThat(delivered.get(i).dueMs()).as("due order at delivery %d", i)
                    .isGreaterThanOrEqualTo(delivered.get(i - 1).dueMs());
            }
            assertThat(bed.stats.snapshot().backlog()).isZero();
        }
    }

    @Provide
    Arbitrary<List<Action>> histories() {
        Arbitrary<Action> put = Arbitraries.frequencyOf(
            Tuple(8, Arbitraries.longs().between(0, 5_000)),
            Tuple(4, Arbitraries.longs().between(5_000, 600_000)),
            Tuple(2, Arbitraries.longs().between(600_000, TimeUnit.HOURS.toMillis(6))),
            Tuple(1, Arbitraries.longs().between(TimeUnit.HOURS.toMillis(6), TimeUnit.DAYS.toMillis(3))))
            .map(Put::new);
        Arbitrary<Action> jump = Arbitraries.frequencyOf(
            Tuple(6, Arbitraries.longs().between(1, 1_500)),
            Tuple(3, Arbitraries.longs().between(1_500, 120_000)),
            Tuple(1, Arbitraries.longs().between(120_000, TimeUnit.HOURS.toMillis(6))))
            .map(Jump::new);
        Arbitrary<Action> restart = Arbitraries.of(true, false).map(Restart::new);
        return Arbitraries.frequencyOf(Tuple(10, put), Tuple(8, jump), Tuple(1, restart)).list().ofMinSize(5).ofMaxSize(60);
    }

    private static <T> net.jqwik.api.Tuple.Tuple2<Integer, Arbitrary<? extends T>> Tuple(int weight,
                                                                                       Arbitrary<? extends T> a) {
        return net.jqwik.api.Tuple.of(weight, a);
    }
}
