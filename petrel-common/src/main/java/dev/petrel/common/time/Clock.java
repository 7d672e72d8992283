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

    /** The real system clock. */
    static Clock system() {
        return SystemClock.INSTANCE;
    }
}
