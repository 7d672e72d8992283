package dev.petrel.store.flush;

import dev.petrel.common.concurrent.LoopThread;
import dev.petrel.store.commitlog.CommitLog;

import java.util.concurrent.TimeUnit;
import java.util.function.LongConsumer;

/**
 * SYNC_FLUSH group commit: the thread {@code petrel-store-group-commit}, the CommitLog's only flusher in that mode.
 * Whenever bytes are committed but not forced, it forces everything committed at once (one fsync covers every put
 * appended meanwhile: the more concurrent appenders, the more records per fsync) and tells the gate's listener.
 * Appenders only {@link #wake} it; nothing is queued per put (the puts wait in the store's pending acks for the
 * flushed offset to pass them).
 *
 * <p>Threading: appenders call {@link #wake}; the loop thread forces. The handshake on {@code parked} (volatile on
 * both sides) means a wake is never lost; the bounded park covers anything else.
 */
public final class GroupCommitLoop extends LoopThread {

    private static final long IDLE_PARK_NANOS = TimeUnit.MILLISECONDS.toNanos(10);

    private final CommitLog commitLog;
    private final LongConsumer durableUpToTimestamp;
    private final Runnable afterFlush;
    private volatile boolean parked;

    /**
     * @param durableUpToTimestamp told the store time of the last record forced (the checkpoint's physic time)
     * @param afterFlush           run on the loop thread after each force that moved the flushed offset
     */
    public GroupCommitLoop(CommitLog commitLog, LongConsumer durableUpToTimestamp, Runnable afterFlush) {
        super("petrel-store-group-commit");
        this.commitLog = commitLog;
        this.durableUpToTimestamp = durableUpToTimestamp;
        this.afterFlush = afterFlush;
    }

    /** Called after an append: cheap when the loop is busy forcing. */
    @Override
    public void wake() {
        if (parked) {
            super.wake();
        }
    }

    private boolean dirty() {
        return commitLog.log().flushedWhere() < commitLog.log().committedOffset();
    }

    @Override
    public void run() {
        while (isRunning()) {
            if (dirty()) {
                flushOnce();
                continue;
            }
            parked = true;
            if (!dirty() && isRunning()) {
                park(IDLE_PARK_NANOS);
            }
            parked = false;
        }
    }

    /** One force of everything committed; also used at shutdown. */
    public void flushOnce() {
        long ts = commitLog.lastStoreTimestamp();
        if (commitLog.flush(0)) {
            durableUpToTimestamp.accept(ts);
            afterFlush.run();
        }
    }

    /** Stops the thread; {@code finish} false skips the final flush (a simulated crash). */
    public void stop(boolean finish) throws InterruptedException {
        stopThread();
        if (finish) {
            flushOnce();
        }
    }
}
