package dev.petrel.broker.longpoll;

import dev.petrel.common.concurrent.LoopThread;
import dev.petrel.common.time.Clock;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.PriorityQueue;

/**
 * The one timer of long polling ({@code petrel-broker-pull-timeout}): keeps held pulls ordered by deadline and
 * sleeps until the earliest, so idle held pulls cost no CPU at all (Apache instead sweeps every held pull every
 * 5 s). Pulls woken by a message stay in the order as claimed shells until their deadline passes, then are dropped.
 *
 * <p>Threads: pull threads {@link #add}; the loop thread owns expiry. The deadline queue is guarded by its own
 * monitor, held only to add or to take the due entries.
 */
public final class PullTimeoutLoop<P> extends LoopThread {

    private final Clock clock;
    private final PullHoldTable<P> table;
    private final PriorityQueue<HeldPull<P>> byDeadline = new PriorityQueue<>(
        Comparator.comparingLong(HeldPull::deadlineNanos));

    public PullTimeoutLoop(Clock clock, PullHoldTable<P> table) {
        super("petrel-broker-pull-timeout");
        this.clock = clock;
        this.table = table;
        table.setTimeouts(this);
    }

    void add(HeldPull<P> pull) {
        boolean earliest;
        synchronized (byDeadline) {
            byDeadline.add(pull);
            earliest = byDeadline.peek() == pull;
        }
        if (earliest) {
            wake();
        }
    }

    /**
     * Expires every pull whose deadline has passed and returns the nanoseconds until the next deadline
     * ({@link Long#MAX_VALUE} when none). The loop calls it; tests with a manual clock call it directly.
     */
    public long expireDue() {
        long now = clock.nanos();
        List<HeldPull<P>> due = new ArrayList<>();
        long next;
        synchronized (byDeadline) {
            HeldPull<P> head;
            while ((head = byDeadline.peek()) != null && head.deadlineNanos() - now <= 0) {
                due.add(byDeadline.poll());
            }
            next = head == null ? Long.MAX_VALUE : head.deadlineNanos() - now;
        }
        for (HeldPull<P> pull : due) {
            table.expire(pull);
        }
        return next;
    }

    /** Entries in the deadline order, claimed shells included. */
    public int tracked() {
        synchronized (byDeadline) {
            return byDeadline.size();
        }
    }

    @Override
    public void run() {
        while (isRunning()) {
            long next = expireDue();
            // A deadline is at most the pull's suspend timeout away; cap the sleep anyway so a stuck clock cannot
            // hold an expiry back for long.
            park(Math.min(next, 60_000_000_000L));
        }
    }

    public void stop() throws InterruptedException {
        stopThread();
    }
}
