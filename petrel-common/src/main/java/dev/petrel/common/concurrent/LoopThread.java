package dev.petrel.common.concurrent;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.concurrent.locks.LockSupport;

/**
 * The lifecycle shared by Petrel's long-lived loops: one named daemon thread, woken by {@link #wake()}, stopped by
 * {@link #stopThread()}. Subclasses implement {@link #run()} with {@link #isRunning()} as the loop condition and
 * park with {@link #park(long)} so a wake-up or a stop ends the wait at once.
 *
 * <p>A stop waits for the thread to end, at most {@value #JOIN_MILLIS} ms: a loop whose thread has not ended
 * {@value #REPORT_AFTER_MILLIS} ms after it was asked is reported with the stack it is in (a loop that does not stop
 * promptly is a bug, and the stack is the evidence), and one still alive at the limit is left behind, logged.
 */
public abstract class LoopThread implements Runnable {

    private static final Logger LOG = LoggerFactory.getLogger(LoopThread.class);
    static final long JOIN_MILLIS = 30_000;
    static final long REPORT_AFTER_MILLIS = 5_000;

    private final String name;
    private volatile boolean running = true;
    private volatile Thread thread;

    protected LoopThread(String name) {
        this.name = name;
    }

    /** Starts the thread (once). */
    public final synchronized Thread start() {
        if (thread != null) {
            throw new IllegalStateException(name + " already started");
        }
        Thread t = new Thread(this, name);
        t.setDaemon(true);
        thread = t;
        t.start();
        return t;
    }

    /** Ends the current wait of the loop, if any, so it runs now. */
    public void wake() {
        Thread t = thread;
        if (t != null) {
            LockSupport.unpark(t);
        }
    }

    public final String name() {
        return name;
    }

    protected final boolean isRunning() {
        return running;
    }

    /**
     * Waits up to {@code nanos}, less when woken or stopped; not at all once stopped. The check matters: a stop that
     * comes while the iteration itself blocks (a {@code Future.get}, a lock) has its wake-up taken by that wait, and
     * the loop would then sleep out its whole period (a registration loop: up to 30 s) before seeing the stop.
     */
    protected final void park(long nanos) {
        if (running) { // a stop after this read unparks after it, so the park below returns at once
            LockSupport.parkNanos(this, nanos);
        }
    }

    /** Stops the loop and waits (up to 30 s) for its thread to end; safe to call when never started. */
    protected final void stopThread() throws InterruptedException {
        stop(false);
    }

    /**
     * As {@link #stopThread()}, but interrupts the thread instead of only waking it, so a wait inside an iteration (a
     * network call's {@code Future.get}) ends at once. Only for loops that never touch a file channel, which an
     * interrupt would close.
     */
    protected final void stopThreadInterrupting() throws InterruptedException {
        stop(true);
    }

    private void stop(boolean interrupt) throws InterruptedException {
        running = false;
        Thread t = thread;
        if (t == null || t == Thread.currentThread()) {
            return;
        }
        if (interrupt) {
            t.interrupt();
        } else {
            LockSupport.unpark(t);
        }
        t.join(REPORT_AFTER_MILLIS);
        if (!t.isAlive()) {
            return;
        }
        LOG.warn("{} has not stopped {} ms after it was asked to; waiting up to {} ms more; it is at:{}", name,
            REPORT_AFTER_MILLIS, JOIN_MILLIS - REPORT_AFTER_MILLIS, stackOf(t));
        t.join(JOIN_MILLIS - REPORT_AFTER_MILLIS);
        if (t.isAlive()) {
            LOG.error("{} did not stop within {} ms; going on without it; it is at:{}", name, JOIN_MILLIS, stackOf(t));
        }
    }

    private static String stackOf(Thread t) {
        StringBuilder sb = new StringBuilder();
        for (StackTraceElement e : t.getStackTrace()) {
            sb.append(System.lineSeparator()).append("    at ").append(e);
        }
        return sb.toString();
    }
}
