package dev.petrel.broker.longpoll;

import dev.petrel.common.time.ManualClock;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/** The hold table and its timeout order, stepped by hand: dispatches wake, deadlines expire, each pull answered once. */
class PullHoldTableTest {

    record Answer(String payload, boolean timedOut) {
    }

    final ManualClock clock = new ManualClock(0);
    final List<Answer> answers = new ArrayList<>();
    long maxOffset = 5;
    final PullHoldTable<String> table = new PullHoldTable<>((t, q) -> maxOffset,
        (pull, payload, timedOut) -> answers.add(new Answer(payload, timedOut)));
    final PullTimeoutLoop<String> timeouts = new PullTimeoutLoop<>(clock, table);

    private HeldPull<String> held(String payload, int queue, long offset, long timeoutMillis, HeldPull.WakeFilter f) {
        return new HeldPull<>("T", queue, offset, clock.nanos() + TimeUnit.MILLISECONDS.toNanos(timeoutMillis), f, payload);
    }

    @Test
    void aMatchingDispatchWakesOnlyThePullsOfThatQueueAtOrBeforeItsOffset() {
        table.hold(held("q0", 0, 5, 15_000, HeldPull.WakeFilter.ANY));
        table.hold(held("q1", 1, 5, 15_000, HeldPull.WakeFilter.ANY));
        table.hold(held("later", 0, 7, 15_000, HeldPull.WakeFilter.ANY));
        assertThat(table.size()).isEqualTo(3);
        table.onDispatched("T", 0, 5, 0, 0, Map.of());
        assertThat(answers).containsExactly(new Answer("q0", false));
        table.onDispatched("Other", 0, 9, 0, 0, Map.of());
        assertThat(answers).hasSize(1);
        assertThat(table.size()).isEqualTo(2);
    }

    @Test
    void aNonMatchingMessageKeepsThePullHeld() {
        table.hold(held("tagB", 0, 5, 15_000, (tag, props) -> tag == "B".hashCode()));
        table.onDispatched("T", 0, 5, "A".hashCode(), 0, Map.of());
        assertThat(answers).isEmpty();
        table.onDispatched("T", 0, 6, "B".hashCode(), 0, Map.of());
        assertThat(answers).containsExactly(new Answer("tagB", false));
    }

    @Test
    void deadlinesExpireInOrderAndNothingIsAnsweredTwice() {
        table.hold(held("short", 0, 5, 1_000, HeldPull.WakeFilter.ANY));
        table.hold(held("long", 0, 5, 15_000, HeldPull.WakeFilter.ANY));
        assertThat(timeouts.expireDue()).isEqualTo(TimeUnit.MILLISECONDS.toNanos(1_000));
        clock.advance(1_000, TimeUnit.MILLISECONDS);
        assertThat(timeouts.expireDue()).isEqualTo(TimeUnit.MILLISECONDS.toNanos(14_000));
        assertThat(answers).containsExactly(new Answer("short", true));
        table.onDispatched("T", 0, 5, 0, 0, Map.of());
        assertThat(answers).containsExactly(new Answer("short", true), new Answer("long", false));
        assertThat(timeouts.tracked()).as("woken shell waits for its deadline").isEqualTo(1);
        clock.advance(14, TimeUnit.SECONDS);
        assertThat(timeouts.expireDue()).isEqualTo(Long.MAX_VALUE);
        assertThat(answers).hasSize(2);
        assertThat(timeouts.tracked()).isZero();
        assertThat(table.wokenCount()).isEqualTo(1);
        assertThat(table.expiredCount()).isEqualTo(1);
    }

    @Test
    void pullsOfAClosedConnectionAreDroppedUnanswered() {
        table.hold(held("mine", 0, 5, 15_000, HeldPull.WakeFilter.ANY));
        table.hold(held("other", 0, 5, 15_000, HeldPull.WakeFilter.ANY));
        assertThat(table.dropWhere("mine"::equals)).isEqualTo(1);
        assertThat(table.size()).isEqualTo(1);
        table.onDispatched("T", 0, 5, 0, 0, Map.of());
        assertThat(answers).containsExactly(new Answer("other", false));
        clock.advance(15, TimeUnit.SECONDS);
        timeouts.expireDue();
        assertThat(answers).hasSize(1);
    }

    @Test
    void aMessageThatArrivedWhileThePullWasBeingHeldWakesItAtOnce() {
        maxOffset = 6;
        table.hold(held("raced", 0, 5, 15_000, HeldPull.WakeFilter.ANY));
        assertThat(answers).containsExactly(new Answer("raced", false));
        assertThat(table.size()).isZero();
    }
}
