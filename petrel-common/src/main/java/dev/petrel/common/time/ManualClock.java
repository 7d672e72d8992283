package dev.petrel.common.time;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A clock that moves only when told to. Used by unit tests and by the embedded mode, where an application's tests
 * advance time instead of waiting for it. Thread-safe: any thread may read or advance it.
 */
public final class ManualClock implements Clock {

    private final AtomicLong millis;
    private final AtomicLong nanos = new AtomicLong();
    private final List<Runnable> advanceActions = new CopyOnWriteArrayList<>();

    public ManualClock(long startMillis) {
        this.millis = new AtomicLong(startMillis);
    }

    @Override
    public long millis() {
        return millis.get();
    }

    @Override
    public long nanos() {
        return nanos.get();
    }

    /** Moves both the wall clock and the monotonic clock forward. */
    public void advance(long amount, TimeUnit unit) {
        if (amount < 0) {
            throw new IllegalArgumentException("time only moves forward, got " + amount + " " + unit);
        }
        millis.addAndGet(unit.toMillis(amount));
        nanos.addAndGet(unit.toNanos(amount));
        advanceActions.forEach(Runnable::run);
    }

    @Override
    public void onAdvance(Runnable action) {
        advanceActions.add(action);
    }

    /** Sets the wall clock (it may move backwards, as a real wall clock can); the monotonic clock is unchanged. */
    public void setMillis(long newMillis) {
        millis.set(newMillis);
        advanceActions.forEach(Runnable::run);
    }

    @Override
    public String toString() {
        return "ManualClock[" + millis.get() + "ms]";
    }
}
