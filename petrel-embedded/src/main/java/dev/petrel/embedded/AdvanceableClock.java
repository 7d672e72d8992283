package dev.petrel.embedded;

import dev.petrel.common.time.Clock;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The embedded broker's schedule clock: a base clock (real time) plus a shift that only grows. It runs on its own,
 * so an application's test that never advances it sees delays take their real time; {@link #advance(Duration)}
 * jumps it forward and runs the wake-ups that the broker's waiting loops registered with {@link #onAdvance}, so the
 * work that became due runs at once.
 *
 * <p>Why not a {@code ManualClock}: a clock that stands still would freeze store timestamps and never deliver a
 * delayed message unless every test advanced it, which surprises a test that simply sends and waits.
 *
 * <p>Thread-safe: any thread may read it; {@link #advance} may be called from any thread and runs the wake-ups on
 * the calling thread (each one only signals its loop).
 */
public final class AdvanceableClock implements Clock {

    private final Clock base;
    private final AtomicLong shiftNanos = new AtomicLong();
    private final List<Runnable> advanceActions = new CopyOnWriteArrayList<>();

    /** @param base the clock this one follows between advances (the system clock outside unit tests) */
    public AdvanceableClock(Clock base) {
        this.base = base;
    }

    @Override
    public long millis() {
        return base.millis() + shiftNanos.get() / 1_000_000L;
    }

    @Override
    public long nanos() {
        return base.nanos() + shiftNanos.get();
    }

    /** How far this clock is ahead of its base. */
    public Duration shift() {
        return Duration.ofNanos(shiftNanos.get());
    }

    /**
     * Moves the clock forward by {@code amount} (whole milliseconds are what store timestamps see) and wakes every
     * registered loop.
     *
     * @throws IllegalArgumentException if {@code amount} is negative: scheduled time never runs backwards
     */
    public void advance(Duration amount) {
        if (amount.isNegative()) {
            throw new IllegalArgumentException("the schedule clock only moves forward, got " + amount);
        }
        shiftNanos.addAndGet(amount.toNanos());
        advanceActions.forEach(Runnable::run);
    }

    @Override
    public void onAdvance(Runnable action) {
        advanceActions.add(action);
    }

    @Override
    public String toString() {
        return "AdvanceableClock[base " + base + " + " + shift() + "]";
    }
}
