package dev.petrel.broker.lock;

import dev.petrel.common.time.ManualClock;
import dev.petrel.protocol.body.MessageQueue;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The lock table's rules (flows.md §10), stepped with a manual clock. */
class QueueLockTableTest {

    static final MessageQueue Q0 = new MessageQueue("T", "broker-a", 0);
    static final MessageQueue Q1 = new MessageQueue("T", "broker-a", 1);
    static final MessageQueue Q2 = new MessageQueue("T", "broker-a", 2);

    final ManualClock clock = new ManualClock(1_700_000_000_000L);
    final QueueLockTable locks = new QueueLockTable(clock, 60_000);

    @Test
    void aFreeQueueGoesToTheFirstClientAndNotToASecondOne() {
        assertThat(locks.lock("g", "c1", List.of(Q0, Q1))).containsExactly(Q0, Q1);
        assertThat(locks.lock("g", "c2", List.of(Q1, Q2))).containsExactly(Q2);
        assertThat(locks.holder("g", Q1)).isEqualTo("c1");
        assertThat(locks.holder("g", Q2)).isEqualTo("c2");
    }

    @Test
    void locksArePerGroup() {
        locks.lock("g1", "c1", List.of(Q0));
        assertThat(locks.lock("g2", "c2", List.of(Q0))).containsExactly(Q0);
    }

    @Test
    void theHolderRefreshesItsLockAndKeepsItPastTheOriginalExpiry() {
        locks.lock("g", "c1", List.of(Q0));
        clock.advance(50, TimeUnit.SECONDS);
        assertThat(locks.lock("g", "c1", List.of(Q0))).containsExactly(Q0);
        clock.advance(50, TimeUnit.SECONDS); // 100 s after the first lock, 50 s after the refresh
        assertThat(locks.lock("g", "c2", List.of(Q0))).isEmpty();
        assertThat(locks.holder("g", Q0)).isEqualTo("c1");
    }

    @Test
    void aLockNotRefreshedForMoreThanItsLiveTimeGoesToAnotherClient() {
        locks.lock("g", "c1", List.of(Q0));
        clock.advance(60_000, TimeUnit.MILLISECONDS);
        assertThat(locks.lock("g", "c2", List.of(Q0))).as("exactly 60 s is not yet expired").isEmpty();
        clock.advance(1, TimeUnit.MILLISECONDS);
        assertThat(locks.holder("g", Q0)).isNull();
        assertThat(locks.lock("g", "c2", List.of(Q0))).containsExactly(Q0);
        assertThat(locks.lock("g", "c1", List.of(Q0))).as("the old holder lost it").isEmpty();
    }

    @Test
    void onlyTheHolderUnlocks() {
        locks.lock("g", "c1", List.of(Q0, Q1));
        locks.unlock("g", "c2", List.of(Q0));
        assertThat(locks.holder("g", Q0)).isEqualTo("c1");
        locks.unlock("g", "c1", List.of(Q0));
        assertThat(locks.holder("g", Q0)).isNull();
        assertThat(locks.lock("g", "c2", List.of(Q0, Q1))).containsExactly(Q0);
    }

    @Test
    void aGroupHoldsLocksUntilAllAreReleasedOrExpired() {
        assertThat(locks.holdsUnexpiredLock("g")).isFalse();
        locks.lock("g", "c1", List.of(Q0));
        clock.advance(30, TimeUnit.SECONDS);
        locks.lock("g", "c1", List.of(Q1));
        assertThat(locks.holdsUnexpiredLock("g")).isTrue();
        clock.advance(31, TimeUnit.SECONDS); // Q0 expired, Q1 not
        assertThat(locks.holdsUnexpiredLock("g")).isTrue();
        assertThat(locks.snapshot()).containsOnlyKeys("g");
        assertThat(locks.snapshot().get("g")).containsOnlyKeys(Q1);
        clock.advance(30, TimeUnit.SECONDS);
        assertThat(locks.holdsUnexpiredLock("g")).isFalse();
        assertThat(locks.snapshot()).isEmpty();
        locks.lock("g", "c1", List.of(Q2));
        locks.unlock("g", "c1", List.of(Q0, Q1, Q2));
        assertThat(locks.holdsUnexpiredLock("g")).isFalse();
    }

    @Test
    void aWallClockMovedBackKeepsTheLock() {
        locks.lock("g", "c1", List.of(Q0));
        clock.setMillis(clock.millis() - 3_600_000);
        assertThat(locks.lock("g", "c2", List.of(Q0))).isEmpty();
    }

    @Test
    void theLiveTimeMustBePositive() {
        assertThatThrownBy(() -> new QueueLockTable(clock, 0)).isInstanceOf(IllegalArgumentException.class);
    }
}
