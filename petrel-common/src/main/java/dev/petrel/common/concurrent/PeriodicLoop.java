package dev.petrel.common.concurrent;

import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A {@link LoopThread} that runs {@link #tick()} every interval (sooner when woken). A tick that throws is logged
 * with the loop's name and the loop carries on: one failed flush or clean must not silently end the thread that
 * would retry it.
 */
public abstract class PeriodicLoop extends LoopThread {

    private static final Logger LOG = LoggerFactory.getLogger(PeriodicLoop.class);

    private final long intervalNanos;
    private String lastError;

    protected PeriodicLoop(String name, long intervalMillis) {
        super(name);
        if (intervalMillis <= 0) {
            throw new IllegalArgumentException(name + ": interval must be positive, got " + intervalMillis + " ms");
        }
        this.intervalNanos = TimeUnit.MILLISECONDS.toNanos(intervalMillis);
    }

    /** One round of work, on the loop's thread. */
    protected abstract void tick();

    @Override
    public final void run() {
        while (isRunning()) {
            park(intervalNanos);
            if (!isRunning()) {
                break;
            }
            try {
                tick();
                lastError = null;
            } catch (RuntimeException e) {
                String text = String.valueOf(e);
                if (!text.equals(lastError)) { // log each distinct failure once per streak
                    LOG.error("{} failed; retrying every {} ms", name(), TimeUnit.NANOSECONDS.toMillis(intervalNanos), e);
                    lastError = text;
                }
            }
        }
    }
}
