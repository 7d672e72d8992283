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

    private Await() {
    }

    /**
     * Waits until {@code condition} is true. A condition that throws a RuntimeException (a call to a server that timed
     * out on a busy machine, say) counts as not yet true; the last such error is the cause of the timeout's failure.
     */
    public static void until(Duration timeout, String what, BooleanSupplier condition) {
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
    public static <T> T value(Duration timeout, String what, Callable<T> supplier, Predicate<? super T> accept) {
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
}
