package dev.petrel.store.timer;

import dev.petrel.common.concurrent.LoopThread;
import dev.petrel.common.time.Clock;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.concurrent.TimeUnit;

/**
 * The thread {@code petrel-timer}: steps the {@link TimerEngine} and sleeps until its next due time. It is woken when
 * the dispatcher writes a timer-queue entry and when a {@code ManualClock} is advanced, so a test that moves the clock
 * sees due messages delivered at once. It is the single writer of everything under {@code timer/}.
 */
final class TimerLoop extends LoopThread {

    private static final Logger LOG = LoggerFactory.getLogger(TimerLoop.class);
    /** Longest sleep: bounds the delay of a checkpoint and of noticing a wall-clock jump. */
    private static final long MAX_PARK_MILLIS = 200;

    private final TimerEngine engine;
    private final Clock clock;
    private String lastError;

    TimerLoop(TimerEngine engine, Clock clock) {
        super("petrel-timer");
        this.engine = engine;
        this.clock = clock;
    }

    @Override
    public void run() {
        while (isRunning()) {
            try {
                if (!engine.step()) {
                    long wait = engine.nextWakeMillis() - clock.millis();
                    if (wait > 0) {
                        park(TimeUnit.MILLISECONDS.toNanos(Math.min(wait, MAX_PARK_MILLIS)));
                    }
                }
                lastError = null;
            } catch (RuntimeException e) {
                String text = String.valueOf(e);
                if (!text.equals(lastError)) {
                    LOG.error("timer step failed; retrying every 100 ms", e);
                    lastError = text;
                }
                park(TimeUnit.MILLISECONDS.toNanos(100));
            }
        }
    }

    void stop() throws InterruptedException {
        stopThread();
    }
}
