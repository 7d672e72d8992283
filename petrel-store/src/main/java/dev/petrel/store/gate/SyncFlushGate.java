package dev.petrel.store.gate;

import dev.petrel.store.PutStatus;
import dev.petrel.store.commitlog.CommitLog;
import dev.petrel.store.flush.GroupCommitLoop;

import java.util.function.LongConsumer;

/**
 * SYNC_FLUSH: bytes are confirmed once forced to disk by the group-commit loop, which this gate owns. A put not
 * forced within {@code syncFlushTimeout} is answered FLUSH_DISK_TIMEOUT (stored, visible once forced).
 */
public final class SyncFlushGate implements CommitGate {

    private final CommitLog commitLog;
    private final long timeoutMillis;
    private final LongConsumer durableUpToTimestamp;
    private final Outcome timeout;
    private volatile GroupCommitLoop loop;

    /** @param durableUpToTimestamp told the store time of the last record forced (the checkpoint's physic time) */
    public SyncFlushGate(CommitLog commitLog, long timeoutMillis, LongConsumer durableUpToTimestamp) {
        this.commitLog = commitLog;
        this.timeoutMillis = timeoutMillis;
        this.durableUpToTimestamp = durableUpToTimestamp;
        this.timeout = new Outcome(PutStatus.FLUSH_DISK_TIMEOUT,
            "stored, but not forced to disk within syncFlushTimeout " + timeoutMillis + " ms");
    }

    @Override
    public Outcome admit() {
        return null;
    }

    @Override
    public void appended(long endOffset) {
        GroupCommitLoop l = loop;
        if (l != null) {
            l.wake();
        }
    }

    @Override
    public long confirmedOffset() {
        return commitLog.log().flushedWhere();
    }

    @Override
    public long timeoutMillis() {
        return timeoutMillis;
    }

    @Override
    public Outcome timedOut(long endOffset) {
        return timeout;
    }

    @Override
    public void start(Runnable confirmedMoved) {
        GroupCommitLoop l = new GroupCommitLoop(commitLog, durableUpToTimestamp, confirmedMoved);
        loop = l;
        l.start();
    }

    @Override
    public void truncated(long offset) {
        // the flushed offset lives in the log, which the truncation already lowered
    }

    @Override
    public void stop(boolean finish) throws InterruptedException {
        GroupCommitLoop l = loop;
        if (l != null) {
            l.stop(finish);
        }
    }
}
