package dev.petrel.testkit;

import java.time.Duration;
import java.util.concurrent.Callable;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;
import java.util.function.Predicate;

/**
 * Polls a condition until it holds or a deadline passes. Tests synchronise with this, never with fixed sleeps: it
 * returns as soon as the condition is true, and on timeout fails with a message that says what was awaited and the
 * last value seen.
 */
public final class Await {

    private static final long POLL_NANOS = Duration.ofMillis(5).toNanos();
    /**
     * The shortest deadline any wait gets. A deadline here bounds "never", not "slow": a wait returns as soon as its
     * condition holds, so a longer deadline costs a passing test nothing, while a short one fails good runs on a busy
     * 2-core machine (a 10 s wait for four orderly retries did). Timing properties belong in manual-clock tests and
     * benchmarks.
     */
    static final Duration MIN_TIMEOUT = Duration.ofSeconds(60);

    private Await() {
    }

    /**
     * Waits until {@code condition} is true. A condition that throws a RuntimeException (a call to a server that timed
     * out on a busy machine, say) counts as not yet true; the last such error is the cause of the timeout's failure.
     */
    public static void until(Duration requested, String what, BooleanSupplier condition) {
        Duration timeout = atLeastMinimum(requested);
        long deadline = System.nanoTime() + timeout.toNanos();
        RuntimeException lastError = null;
        while (true) {
            try {
                if (condition.getAsBoolean()) {
                    return;
                }
                lastError = null;
            } catch (RuntimeException e) {
                lastError = e;
            }
            if (System.nanoTime() - deadline > 0) {
                AssertionError error = new AssertionError("timed out after " + timeout.toMillis() + " ms waiting for "
                    + what + (lastError == null ? "" : "; last error: " + lastError));
                if (lastError != null) {
                    error.initCause(lastError);
                }
                throw error;
            }
            LockSupport.parkNanos(POLL_NANOS);
        }
    }

    /** Waits until {@code supplier} returns a value accepted by {@code accept}, and returns that value. */
    public static <T> T value(Duration requested, String what, Callable<T> supplier, Predicate<? super T> accept) {
        Duration timeout = atLeastMinimum(requested);
        long deadline = System.nanoTime() + timeout.toNanos();
        T last = null;
        Exception lastError = null;
        while (true) {
            try {
                last = supplier.call();
                lastError = null;
                if (accept.test(last)) {
                    return last;
                }
            } catch (Exception e) {
                lastError = e;
            }
            if (System.nanoTime() - deadline > 0) {
                AssertionError error = new AssertionError("timed out after " + timeout.toMillis() + " ms waiting for "
                    + what + "; last value: " + last + (lastError == null ? "" : "; last error: " + lastError));
                if (lastError != null) {
                    error.initCause(lastError);
                }
                throw error;
            }
            LockSupport.parkNanos(POLL_NANOS);
        }
    }

    private static Duration atLeastMinimum(Duration requested) {
        return requested.compareTo(MIN_TIMEOUT) < 0 ? MIN_TIMEOUT : requested;
    }
}
