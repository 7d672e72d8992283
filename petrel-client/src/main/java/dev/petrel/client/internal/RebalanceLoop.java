package dev.petrel.client.internal;

import dev.petrel.common.concurrent.PeriodicLoop;

/**
 * The rebalance thread of a client instance: runs {@code task} every interval and whenever {@link #wake()} is called
 * (a broker reported a membership change, a consumer started).
 */
final class RebalanceLoop extends PeriodicLoop {

    private final Runnable task;

    RebalanceLoop(String name, long intervalMillis, Runnable task) {
        super(name, intervalMillis);
        this.task = task;
    }

    @Override
    protected void tick() {
        task.run();
    }

    void stop() throws InterruptedException {
        stopThread();
    }
}
