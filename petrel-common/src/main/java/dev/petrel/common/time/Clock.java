package dev.petrel.common.time;

/**
 * The source of time for every Petrel component. Components receive a clock in their constructor and never
 * call {@link System#currentTimeMillis()} or {@link System#nanoTime()} directly, so tests can step time.
 */
public interface Clock {

    /** Wall-clock time in milliseconds since the epoch (stored in records, compared with producer timestamps). */
    long millis();

    /** Monotonic time in nanoseconds, for measuring intervals and deadlines; unrelated to wall-clock time. */
    long nanos();

    /**
     * Registers an action run whenever this clock is moved forward by hand (only {@link ManualClock} does that).
     * Loops that wait for a due time register their wake-up here, so a test that advances the clock by an hour sees
     * the work of that hour done at once instead of after a real-time poll interval. The real clock never calls it.
     */
    default void onAdvance(Runnable action) {
    }

    /** The real system clock. */
    static Clock system() {
        return SystemClock.INSTANCE;
    }
}
