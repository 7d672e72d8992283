package dev.petrel.remoting;

import java.util.concurrent.TimeUnit;

/**
 * Lets at most {@code perSecond} messages of one kind through per second, so a flood of bad connections cannot
 * flood the log; suppressed messages are counted and the count is reported with the next message let through.
 * Thread-safe; time is passed in ({@code Clock.nanos()}).
 */
final class LogBudget {

    private static final long WINDOW_NANOS = TimeUnit.SECONDS.toNanos(1);

    private final int perSecond;
    private long windowStart;
    private int used;
    private long suppressed;
    private boolean started;

    LogBudget(int perSecond) {
        this.perSecond = perSecond;
    }

    /**
     * Returns null when the message must be suppressed; otherwise a suffix for it: empty, or a note of how many
     * messages were suppressed since the last one let through.
     */
    synchronized String tryAcquire(long nowNanos) {
        if (!started || nowNanos - windowStart >= WINDOW_NANOS) {
            started = true;
            windowStart = nowNanos;
            used = 0;
        }
        if (used >= perSecond) {
            suppressed++;
            return null;
        }
        used++;
        if (suppressed == 0) {
            return "";
        }
        String note = " (" + suppressed + " similar messages suppressed before this one)";
        suppressed = 0;
        return note;
    }
}
