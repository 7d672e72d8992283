package dev.petrel.store.flush;

import dev.petrel.common.concurrent.PeriodicLoop;
import dev.petrel.store.checkpoint.Checkpoint;
import dev.petrel.store.consumequeue.ConsumeQueue;
import dev.petrel.store.consumequeue.ConsumeQueueTable;
import dev.petrel.store.dispatch.DispatchLoop;
import dev.petrel.store.index.IndexService;

/**
 * The thread {@code petrel-store-logic-flush}: every {@code flushIntervalConsumeQueue} ms forces every ConsumeQueue
 * and the current IndexFile, then records in the checkpoint up to which store time they are durable and writes
 * the checkpoint. The timestamps are read <em>before</em> forcing, so the checkpoint never claims more than was
 * forced. It is the only thread that writes the checkpoint file while the store runs.
 */
public final class LogicFlushLoop extends PeriodicLoop {

    private final ConsumeQueueTable queues;
    private final IndexService index;
    private final DispatchLoop dispatch;
    private final Checkpoint checkpoint;

    public LogicFlushLoop(ConsumeQueueTable queues, IndexService index, DispatchLoop dispatch, Checkpoint checkpoint,
                          int intervalMillis) {
        super("petrel-store-logic-flush", intervalMillis);
        this.queues = queues;
        this.index = index;
        this.dispatch = dispatch;
        this.checkpoint = checkpoint;
    }

    @Override
    protected void tick() {
        flushOnce();
    }

    public void flushOnce() {
        long logics = dispatch.lastDispatchedTimestamp();
        long indexed = index == null ? 0 : index.lastIndexedTimestamp();
        for (ConsumeQueue cq : queues.all()) {
            cq.flush(0);
        }
        if (index != null) {
            index.flush();
        }
        if (logics > 0) {
            checkpoint.setLogicsMsgTimestamp(logics);
        }
        if (indexed > 0) {
            checkpoint.setIndexMsgTimestamp(indexed);
        }
        checkpoint.persist();
    }

    public void stop() throws InterruptedException {
        stopThread();
    }
}
