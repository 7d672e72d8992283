package dev.petrel.store.flush;

import dev.petrel.common.concurrent.LoopThread;
import dev.petrel.store.checkpoint.Checkpoint;
import dev.petrel.store.commitlog.CommitLog;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.TimeUnit;

/**
 * SYNC_FLUSH group commit. Appenders {@link #submit} "tell me when the CommitLog is durable up to offset X"; the
 * loop's thread ({@code petrel-store-group-commit}) drains every pending request, forces the CommitLog once (which
 * covers all of them and anything appended meanwhile) and completes them. While it forces, new requests queue up
 * and are covered by the next force: the more concurrent appenders, the more records per fsync.
 *
 * <p>Threading: the loop thread is the CommitLog's only flusher in SYNC_FLUSH mode; {@link #submit} is thread-safe.
 * A request that waits longer than {@code syncFlushTimeout} is completed with {@code false} by its future's timeout
 * (the record stays stored; the caller answers FLUSH_DISK_TIMEOUT).
 */
public final class GroupCommitLoop extends LoopThread {

    private static final long IDLE_PARK_NANOS = TimeUnit.MILLISECONDS.toNanos(10);

    private record Request(long endOffset, CompletableFuture<Boolean> done) {
    }

    private final CommitLog commitLog;
    private final Checkpoint checkpoint;
    private final Runnable afterFlush;
    private final long timeoutMillis;
    private final ConcurrentLinkedQueue<Request> pending = new ConcurrentLinkedQueue<>();
    private volatile boolean parked;

    /** @param afterFlush run on the loop thread after each force (wakes the dispatcher) */
    public GroupCommitLoop(CommitLog commitLog, Checkpoint checkpoint, Runnable afterFlush, long timeoutMillis) {
        super("petrel-store-group-commit");
        this.commitLog = commitLog;
        this.checkpoint = checkpoint;
        this.afterFlush = afterFlush;
        this.timeoutMillis = timeoutMillis;
    }


    /** Completes with true once bytes up to {@code endOffset} are durable, false on timeout. */
    public CompletableFuture<Boolean> submit(long endOffset) {
        CompletableFuture<Boolean> f = new CompletableFuture<>();
        if (commitLog.log().flushedWhere() >= endOffset) {
            f.complete(true);
            return f;
        }
        pending.add(new Request(endOffset, f));
        if (parked) {
            wake();
        }
        return f.completeOnTimeout(false, timeoutMillis, TimeUnit.MILLISECONDS);
    }

    @Override
    public void run() {
        List<Request> batch = new ArrayList<>();
        while (isRunning()) {
            Request r;
            while ((r = pending.poll()) != null) {
                batch.add(r);
            }
            if (batch.isEmpty()) {
                parked = true;
                if (pending.isEmpty() && isRunning()) {
                    park(IDLE_PARK_NANOS);
                }
                parked = false;
                continue;
            }
            flushOnce();
            long flushed = commitLog.log().flushedWhere();
            for (Request req : batch) {
                if (req.endOffset() <= flushed) {
                    req.done().complete(true);
                } else {
                    pending.add(req); // appended to a file after the one just forced; the next round covers it
                }
            }
            batch.clear();
        }
    }

    /** One force of everything committed; also used at shutdown. */
    public void flushOnce() {
        long ts = commitLog.lastStoreTimestamp();
        if (commitLog.log().flush(0)) {
            checkpoint.setPhysicMsgTimestamp(ts);
            afterFlush.run();
        }
    }

    public void stop() throws InterruptedException {
        stop(true);
    }

    /** Stops the thread; {@code finish} false skips the final flush/commit (a simulated crash). */
    public void stop(boolean finish) throws InterruptedException {
        stopThread();
        if (finish) {
            flushOnce();
        }
        Request r;
        while ((r = pending.poll()) != null) {
            r.done().complete(commitLog.log().flushedWhere() >= r.endOffset());
        }
    }
}
