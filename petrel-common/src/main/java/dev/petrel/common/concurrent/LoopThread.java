package dev.petrel.common.concurrent;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/**
 * The lifecycle shared by Petrel's long-lived loops: one named daemon thread, woken by {@link #wake()}, stopped by
 * {@link #stopThread()}. Subclasses implement {@link #run()} with {@link #isRunning()} as the loop condition and
 * park with {@link #park(long)} so a wake-up or a stop ends the wait at once.
 */
public abstract class LoopThread implements Runnable {

    private static final long JOIN_MILLIS = TimeUnit.SECONDS.toMillis(30);

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

    /** Waits up to {@code nanos}, less when woken or stopped. */
    protected final void park(long nanos) {
        LockSupport.parkNanos(this, nanos);
    }

    /** Stops the loop and waits (up to 30 s) for its thread to end; safe to call when never started. */
    protected final void stopThread() throws InterruptedException {
        running = false;
        Thread t = thread;
        if (t != null && t != Thread.currentThread()) {
            LockSupport.unpark(t);
            t.join(JOIN_MILLIS);
        }
    }
}
