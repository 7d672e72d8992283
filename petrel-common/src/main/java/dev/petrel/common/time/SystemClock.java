package dev.petrel.common.time;

/** The real clock: {@link System#currentTimeMillis()} and {@link System#nanoTime()}. */
public final class SystemClock implements Clock {

    static final SystemClock INSTANCE = new SystemClock();

    private SystemClock() {
    }

    @Override
    public long millis() {
        return System.currentTimeMillis();
    }

    @Override
    public long nanos() {
        return System.nanoTime();
    }

    @Override
    public String toString() {
        return "SystemClock";
    }
}
