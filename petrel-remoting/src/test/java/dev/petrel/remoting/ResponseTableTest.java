package dev.petrel.remoting;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.petrel.common.time.ManualClock;
import dev.petrel.protocol.frame.RemotingCommand;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** The response table stepped with a manual clock: each call completes exactly once, by whoever gets there first. */
class ResponseTableTest {

    private final ManualClock clock = new ManualClock(0);
    private final ResponseTable table = new ResponseTable();

    private static RemotingCommand responseTo(int opaque) {
        return RemotingCommand.newRequest(0).flag(RemotingCommand.FLAG_RESPONSE).opaque(opaque).build();
    }

    @Test
    void aResponseCompletesItsCallOnce() {
        ResponseTable.PendingCall call = table.register(1, 34, clock.nanos(), 100, 100);

        assertThat(table.complete(responseTo(1))).isTrue();
        assertThat(table.complete(responseTo(1))).as("duplicate response").isFalse();
        assertThat(call.future()).isCompletedWithValue(responseTo(1));
        assertThat(table.size()).isZero();
    }

    @Test
    void expiryFailsOnlyCallsWhoseDeadlinePassed() {
        ResponseTable.PendingCall shortCall = table.register(1, 11, clock.nanos(), 100, 100);
        ResponseTable.PendingCall longCall = table.register(2, 11, clock.nanos(), 1000, 1000);

        clock.advance(99, TimeUnit.MILLISECONDS);
        assertThat(table.expire(clock.nanos(), c -> new RemotingTimeoutException("late " + c.opaque()))).isZero();
        clock.advance(1, TimeUnit.MILLISECONDS);
        assertThat(table.expire(clock.nanos(), c -> new RemotingTimeoutException("late " + c.opaque()))).isEqualTo(1);

        assertThat(shortCall.future()).isCompletedExceptionally();
        assertThat(longCall.future()).isNotDone();
        assertThat(table.complete(responseTo(1))).as("a response after the timeout is unmatched").isFalse();
        assertThat(table.complete(responseTo(2))).isTrue();
    }

    @Test
    void closingFailsEverythingStillWaiting() {
        ResponseTable.PendingCall a = table.register(1, 11, clock.nanos(), 100, 100);
        ResponseTable.PendingCall b = table.register(2, 11, clock.nanos(), 100, 100);
        table.complete(responseTo(1));

        assertThat(table.failAll(c -> new RemotingSendException("closed", null))).isEqualTo(1);
        assertThat(a.future()).isCompleted();
        assertThat(b.future()).isCompletedExceptionally();
        assertThat(table.fail(2, new RuntimeException())).as("already failed").isFalse();
    }

    @Test
    void anOpaqueCannotWaitTwice() {
        table.register(7, 11, clock.nanos(), 100, 100);

        assertThatThrownBy(() -> table.register(7, 11, clock.nanos(), 100, 100))
            .isInstanceOf(IllegalStateException.class).hasMessageContaining("opaque 7");
    }

    @Test
    void statedTimeoutIsKeptForMessagesWhileTheDeadlineUsesWhatIsLeft() {
        ResponseTable.PendingCall call = table.register(1, 11, clock.nanos(), 40, 100);

        assertThat(call.timeoutMillis()).isEqualTo(100);
        assertThat(call.deadlineNanos()).isEqualTo(TimeUnit.MILLISECONDS.toNanos(40));
    }
}
