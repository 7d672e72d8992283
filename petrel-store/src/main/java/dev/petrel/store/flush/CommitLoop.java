package dev.petrel.store.flush;

import dev.petrel.common.concurrent.PeriodicLoop;
import dev.petrel.store.commitlog.CommitLog;
import dev.petrel.store.commitlog.TransientStorePool;

import java.nio.ByteBuffer;

/**
 * With the transient store pool: the thread {@code petrel-store-commit} copies appended bytes from the off-heap
 * write buffers into the files every {@code commitIntervalCommitLog} ms (or when woken), returns full buffers to
 * the pool, and then lets readers, the dispatcher and the flusher see the bytes. It is the only thread that
 * advances a write-buffered segment's committed position.
 */
public final class CommitLoop extends PeriodicLoop {

    private final CommitLog commitLog;
    private final TransientStorePool pool;
    private final Runnable afterCommit;

    public CommitLoop(CommitLog commitLog, TransientStorePool pool, Runnable afterCommit, int intervalMillis) {
        super("petrel-store-commit", intervalMillis);
        this.commitLog = commitLog;
        this.pool = pool;
        this.afterCommit = afterCommit;
    }

    @Override
    protected void tick() {
        commitOnce();
    }

    public void commitOnce() {
        long before = commitLog.log().committedOffset();
        for (ByteBuffer b : commitLog.log().commit()) {
            pool.giveBack(b);
        }
        if (commitLog.log().committedOffset() != before) {
            afterCommit.run();
        }
    }

    public void stop() throws InterruptedException {
        stop(true);
    }

    /** Stops the thread; {@code finish} false skips the final flush/commit (a simulated crash). */
    public void stop(boolean finish) throws InterruptedException {
        stopThread();
        if (finish) {
            commitOnce();
        }
    }
}
