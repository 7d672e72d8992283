package dev.petrel.broker.ha;

import dev.petrel.store.gate.CommitGate;

/**
 * ASYNC_MASTER's commit gate: the local gate unchanged (a put never waits for a slave), plus a wake-up of the HA
 * writers whenever bytes are appended, so slaves get new records at once instead of at their writer's next poll.
 */
final class AsyncMasterGate implements CommitGate {

    private final CommitGate local;
    private final Runnable wakeWriters;

    AsyncMasterGate(CommitGate local, Runnable wakeWriters) {
        this.local = local;
        this.wakeWriters = wakeWriters;
    }

    @Override
    public Outcome admit() {
        return local.admit();
    }

    @Override
    public void appended(long endOffset) {
        local.appended(endOffset);
        wakeWriters.run();
    }

    @Override
    public long confirmedOffset() {
        return local.confirmedOffset();
    }

    @Override
    public long timeoutMillis() {
        return local.timeoutMillis();
    }

    @Override
    public Outcome timedOut(long endOffset) {
        return local.timedOut(endOffset);
    }

    @Override
    public void start(Runnable confirmedMoved) {
        local.start(confirmedMoved);
    }

    @Override
    public void truncated(long offset) {
        local.truncated(offset);
    }

    @Override
    public void stop(boolean finish) throws InterruptedException {
        local.stop(finish);
    }
}
