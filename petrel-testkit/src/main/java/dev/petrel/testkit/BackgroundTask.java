package dev.petrel.testkit;

import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

/**
 * A piece of a test that runs on its own thread and whose failure reaches the test thread. An assertion that fails
 * on a bare {@link Thread} only prints a stack trace, and the test goes on to pass; here the failure is kept and
 * rethrown by {@link #join} and {@link #rethrowIfFailed}, so the test fails with it.
 */
public final class BackgroundTask implements AutoCloseable {

    /** The task's body; anything it throws fails the test that joins it. */
    @FunctionalInterface
    public interface Body {
        void run() throws Exception;
    }

    private final Thread thread;
    private final AtomicReference<Throwable> failure = new AtomicReference<>();

    private BackgroundTask(String name, Body body) {
        this.thread = new Thread(() -> {
            try {
                body.run();
            } catch (Throwable t) {
                failure.set(t);
            }
        }, name);
        this.thread.setDaemon(true);
    }

    /** Starts {@code body} on a new daemon thread named {@code name}. */
    public static BackgroundTask start(String name, Body body) {
        BackgroundTask task = new BackgroundTask(name, body);
        task.thread.start();
        return task;
    }

    /** True once the body has returned or thrown. */
    public boolean isDone() {
        return !thread.isAlive();
    }

    /** Throws the body's failure, if it failed; for use inside a wait on something else. */
    public void rethrowIfFailed() {
        Throwable t = failure.get();
        if (t != null) {
            throw new AssertionError(thread.getName() + " failed: " + t, t);
        }
    }

    /** Waits for the body to finish; fails if it is still running after {@code timeout} or if it failed. */
    public void join(Duration timeout) throws InterruptedException {
        thread.join(TimeUnit.NANOSECONDS.toMillis(timeout.toNanos()) + 1);
        rethrowIfFailed();
        if (thread.isAlive()) {
            throw new AssertionError(thread.getName() + " still running after " + timeout.toMillis() + " ms");
        }
    }

    /** Interrupts a body still running (a test that failed elsewhere) and gives it a moment to end. */
    @Override
    public void close() {
        if (thread.isAlive()) {
            thread.interrupt();
            try {
                thread.join(TimeUnit.SECONDS.toMillis(10));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }
}
