package dev.petrel.store.flush;

import dev.petrel.common.concurrent.PeriodicLoop;
import dev.petrel.common.time.Clock;
import dev.petrel.store.checkpoint.Checkpoint;
import dev.petrel.store.commitlog.CommitLog;

/**
 * ASYNC_FLUSH: the thread {@code petrel-store-flush}, the CommitLog's only flusher in that mode. Every
 * {@code flushIntervalCommitLog} ms it forces the CommitLog if at least {@code flushCommitLogLeastPages} pages are
 * dirty, and everything once {@code flushCommitLogThoroughInterval} has passed since the last full flush.
 * {@link #flushOnce(long)} is the whole decision, driven by the injected clock so tests step it.
 */
public final class FlushLoop extends PeriodicLoop {

    private final CommitLog commitLog;
    private final Checkpoint checkpoint;
    private final Clock clock;
    private final int leastPages;
    private final int thoroughIntervalMillis;
    private long lastThoroughFlush;

    public FlushLoop(CommitLog commitLog, Checkpoint checkpoint, Clock clock, int intervalMillis, int leastPages,
                     int thoroughIntervalMillis) {
        super("petrel-store-flush", intervalMillis);
        this.commitLog = commitLog;
        this.checkpoint = checkpoint;
        this.clock = clock;
        this.leastPages = leastPages;
        this.thoroughIntervalMillis = thoroughIntervalMillis;
        this.lastThoroughFlush = clock.millis();
    }

    @Override
    protected void tick() {
        flushOnce(clock.millis());
    }

    /** One round at time {@code now}; returns whether anything was forced. */
    public boolean flushOnce(long now) {
        int pages = leastPages;
        if (now - lastThoroughFlush >= thoroughIntervalMillis) {
            pages = 0;
            lastThoroughFlush = now;
        }
        long ts = commitLog.lastStoreTimestamp();
        boolean moved = commitLog.flush(pages);
        if (moved && commitLog.log().flushedWhere() >= commitLog.log().committedOffset()) {
            checkpoint.setPhysicMsgTimestamp(ts);
        }
        return moved;
    }

    public void stop() throws InterruptedException {
        stop(true);
    }

    /** Stops the thread; {@code finish} false skips the final flush/commit (a simulated crash). */
    public void stop(boolean finish) throws InterruptedException {
        stopThread();
        if (finish) {
            long ts = commitLog.lastStoreTimestamp();
            commitLog.flush(0);
            checkpoint.setPhysicMsgTimestamp(ts);
        }
    }
}
