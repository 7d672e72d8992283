package dev.petrel.client.internal;

import dev.petrel.common.concurrent.LoopThread;
import dev.petrel.common.time.Clock;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The rebalance thread of a client instance: runs {@code task} every interval and again after any
 * {@link #requestNow()} (a broker reported a membership change, a consumer started). A request that arrives while a
 * pass runs is kept in a flag, not only in the thread's park permit, because the pass itself waits on network calls
 * that would swallow the permit.
 */
final class RebalanceLoop extends LoopThread {

    private static final Logger LOG = LoggerFactory.getLogger(RebalanceLoop.class);

    private final long intervalNanos;
    private final Runnable task;
    private final Clock clock;
    private final AtomicBoolean requested = new AtomicBoolean();

    RebalanceLoop(String name, long intervalMillis, Clock clock, Runnable task) {
        super(name);
        this.intervalNanos = TimeUnit.MILLISECONDS.toNanos(intervalMillis);
        this.clock = clock;
        this.task = task;
    }

    void requestNow() {
        requested.set(true);
        wake();
    }

    @Override
    public void run() {
        while (isRunning()) {
            long deadline = clock.nanos() + intervalNanos;
            while (isRunning() && !requested.get()) {
                long left = deadline - clock.nanos();
                if (left <= 0) {
                    break;
                }
                park(left);
            }
            if (!isRunning()) {
                break;
            }
            requested.set(false);
            try {
                task.run();
            } catch (RuntimeException e) {
                LOG.error("{} failed; it runs again in {} ms", name(), TimeUnit.NANOSECONDS.toMillis(intervalNanos), e);
            }
        }
    }

    void stop() throws InterruptedException {
        stopThread();
    }
}
