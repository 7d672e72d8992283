package dev.petrel.broker;

import dev.petrel.broker.schedule.ScheduleService;
import dev.petrel.broker.transaction.Transactions;
import dev.petrel.store.MessageStore;
import dev.petrel.store.StoreRole;
import dev.petrel.store.timer.TimerService;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What runs only while this broker's store is writable (a master, or a Raft leader ready to serve), and stops when it
 * is not (a slave, a follower, a demoted leader): the delay-level schedule, timer delivery, transaction check-backs,
 * and the decisions to delete expired CommitLog files. Two writers would deliver a delayed message twice, check a
 * half message from two brokers, or delete files on a replica that its primary still keeps.
 *
 * <p>Where a new master or leader learns the progress from (docs/architecture.md, "What runs only on a writable
 * broker"): the schedule from its local {@code delayOffset.json} (a classic slave receives the master's copy; a Raft
 * follower has its own, as of when it last led), checking every entry already due at its start against the index,
 * which holds the deliveries the previous writer made through the replicated CommitLog; the timer from its own
 * checkpoint plus a scan of the CommitLog since then for deliveries (whoever made them); transaction check-backs from
 * the op records in the replicated CommitLog. So a message due during a fail-over is delivered once, as soon as the
 * new writer runs: late by at most the fail-over time.
 *
 * <p>Deletion: on a replica the store keeps every file (a retention floor of 0); the writable broker decides alone.
 *
 * <p>Threading: {@link #follow()} from the broker's start and from the replication's role-change thread;
 * serialised here.
 */
final class WritableRoleServices {

    private static final Logger LOG = LoggerFactory.getLogger(WritableRoleServices.class);

    private final MessageStore store;
    private final ScheduleService schedule;
    private final TimerService timer;
    private final Transactions transactions;
    private boolean running;
    private boolean closed;

    WritableRoleServices(MessageStore store, ScheduleService schedule, TimerService timer, Transactions transactions) {
        this.store = store;
        this.schedule = schedule;
        this.timer = timer;
        this.transactions = transactions;
        // Files at or above the floor are kept: 0 keeps all of them while the role is not writable.
        store.addRetentionFloor(() -> store.role().writable() ? Long.MAX_VALUE : 0L);
    }

    /** Starts or stops the services so they run exactly when the store's role is writable now. */
    synchronized void follow() {
        if (closed) {
            return;
        }
        StoreRole role = store.role();
        if (role.writable() && !running) {
            timer.start();
            schedule.start();
            transactions.start();
            running = true;
            LOG.info("{}: delay levels, timer delivery, transaction check-backs and file deletion started", role);
        } else if (!role.writable() && running) {
            stopServices();
            LOG.info("{}: delay levels, timer delivery, transaction check-backs and file deletion stopped", role);
        }
    }

    /** Whether the services run. */
    synchronized boolean running() {
        return running;
    }

    /** Broker shutdown: stops what runs and the transaction thread for good. */
    synchronized void close() throws InterruptedException {
        closed = true;
        if (running) {
            stopServices();
        }
        transactions.stop();
    }

    private void stopServices() {
        running = false;
        try {
            schedule.stop();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        transactions.pause();
        timer.shutdown();
    }
}
