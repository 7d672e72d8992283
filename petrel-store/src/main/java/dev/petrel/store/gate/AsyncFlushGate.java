package dev.petrel.store.gate;

import dev.petrel.store.commitlog.CommitLog;

/**
 * ASYNC_FLUSH: bytes are confirmed once readable in the page cache (the committed offset: at once without the
 * transient store pool, after the commit loop copied them with it). Nothing waits for the disk; the flush loop
 * forces in the background and is not part of the gate.
 */
public final class AsyncFlushGate implements CommitGate {

    private final CommitLog commitLog;
    private final Runnable wakeCommitter;
    private volatile Runnable confirmedMoved = () -> { };

    /**
     * @param wakeCommitter null without write buffers (an append itself moves the committed offset); with the
     *                      transient store pool it wakes the commit loop, which moves it and wakes the dispatcher
     */
    public AsyncFlushGate(CommitLog commitLog, Runnable wakeCommitter) {
        this.commitLog = commitLog;
        this.wakeCommitter = wakeCommitter;
    }

    @Override
    public Outcome admit() {
        return null;
    }

    @Override
    public void appended(long endOffset) {
        if (wakeCommitter == null) {
            confirmedMoved.run();
        } else {
            wakeCommitter.run();
        }
    }

    @Override
    public long confirmedOffset() {
        return commitLog.log().committedOffset();
    }

    @Override
    public long timeoutMillis() {
        return Long.MAX_VALUE;
    }

    @Override
    public Outcome timedOut(long endOffset) {
        throw new IllegalStateException("an ASYNC_FLUSH put never times out");
    }

    @Override
    public void start(Runnable confirmedMoved) {
        this.confirmedMoved = confirmedMoved;
    }

    @Override
    public void truncated(long offset) {
        // the committed offset lives in the log, which the truncation already lowered
    }

    @Override
    public void stop(boolean finish) {
        // no thread of its own
    }
}
