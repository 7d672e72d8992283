package dev.petrel.server.bench;

import java.time.Duration;

/**
 * The timeline of a run: warm-up, then the measured phase, with a progress report every interval (intervals restart
 * when measuring starts, so measured intervals are whole). Pure: the run's thread passes the time and does what the
 * returned {@link Step} says; only that thread uses an instance.
 */
final class RunSchedule {

    /** What the run does now. */
    enum Step {
        /** Nothing is due: wait {@link #waitNanos} and ask again. */
        WAIT,
        /** Print the interval that ends now. */
        REPORT,
        /** The warm-up is over: report its last interval and start the measured totals from zero. */
        START_MEASURING,
        /** The measured phase is over. */
        END
    }

    private final long warmupEnd;
    private final long measureNanos;
    private final long intervalNanos;
    private long nextReport;
    private long end;
    private long measureStart;
    private boolean measuring;

    RunSchedule(long startNanos, Duration warmup, Duration duration, Duration interval) {
        this.warmupEnd = startNanos + warmup.toNanos();
        this.measureNanos = duration.toNanos();
        this.intervalNanos = interval.toNanos();
        this.nextReport = startNanos + intervalNanos;
        this.end = warmupEnd + measureNanos;
    }

    Step next(long now) {
        if (!measuring && now >= warmupEnd) {
            measuring = true;
            measureStart = now;
            end = now + measureNanos; // measure the full duration even if this step came late
            nextReport = now + intervalNanos;
            return Step.START_MEASURING;
        }
        if (now >= end) {
            return Step.END;
        }
        if (now >= nextReport) {
            nextReport += intervalNanos;
            return Step.REPORT;
        }
        return Step.WAIT;
    }

    /** How long nothing is due (after {@link Step#WAIT}). */
    long waitNanos(long now) {
        return Math.max(0, Math.min(measuring ? end : warmupEnd, nextReport) - now);
    }

    boolean measuring() {
        return measuring;
    }

    /** When the measured phase started (valid once {@link #measuring()}). */
    long measureStart() {
        return measureStart;
    }

    long intervalNanos() {
        return intervalNanos;
    }
}
