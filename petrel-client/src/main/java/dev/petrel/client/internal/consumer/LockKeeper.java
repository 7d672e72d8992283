package dev.petrel.client.internal.consumer;

import dev.petrel.client.internal.ClientThreadFactory;
import dev.petrel.protocol.body.MessageQueue;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The lock work of an orderly clustering push consumer, on its thread {@code petrel-push-<group>-lock}: renewing every
 * owned queue's lock every 20 s (first after 1 s), locking a queue again later when its lock lapsed, and releasing the
 * lock of a queue that moved to another member once its running listener call has finished (so the new owner never
 * consumes it while this member still does). For other consumers ({@link #disabled()}) every queue counts as locked
 * and nothing is sent.
 */
public final class LockKeeper {

    private static final Logger LOG = LoggerFactory.getLogger(LockKeeper.class);
    /** How long a release waits for a running listener call of the queue (Apache waits 500 ms to 1 s). */
    static final long IN_FLIGHT_WAIT_MILLIS = 1_000;

    private final OrderlyLocks locks;
    private final String group;
    private final long renewIntervalMillis;
    private final ScheduledExecutorService timer;

    private LockKeeper(OrderlyLocks locks, String group, long renewIntervalMillis) {
        this.locks = locks;
        this.group = group;
        this.renewIntervalMillis = renewIntervalMillis;
        this.timer = locks == null ? null : Executors.newSingleThreadScheduledExecutor(
            new ClientThreadFactory("petrel-push-" + group + "-lock", false));
    }

    /** Renews every {@code rocketmq.client.rebalance.lockInterval} ms (PushConsumerConfig, 20 s). */
    public static LockKeeper of(OrderlyLocks locks, String group, long renewIntervalMillis) {
        return new LockKeeper(locks, group, renewIntervalMillis);
    }

    /** For concurrent and broadcasting consumers: no broker locks. */
    public static LockKeeper disabled() {
        return new LockKeeper(null, null, 0);
    }

    public boolean enabled() {
        return locks != null;
    }

    /** Starts renewing the locks of the queues {@code owned} lists. */
    public void start(Supplier<Collection<MessageQueue>> owned) {
        if (locks != null) {
            timer.scheduleAtFixedRate(() -> {
                try {
                    locks.lockAll(owned.get());
                } catch (RuntimeException e) {
                    LOG.warn("group {}: lock renewal failed", group, e);
                }
            }, 1_000, renewIntervalMillis, TimeUnit.MILLISECONDS);
        }
    }

    /** Locks {@code mq} now, on the calling thread; always true when disabled. */
    public boolean lock(MessageQueue mq) {
        return locks == null || locks.lock(mq);
    }

    /** Whether {@code mq} may be pulled and consumed now; always true when disabled. */
    public boolean isValid(MessageQueue mq) {
        return locks == null || locks.isValid(mq);
    }

    /** Tries to lock {@code mq} after {@code delayMillis}, then runs {@code onLocked} or {@code onRefused}. */
    public void lockLater(MessageQueue mq, long delayMillis, Runnable onLocked, Runnable onRefused) {
        if (locks == null) {
            onLocked.run();
            return;
        }
        schedule(() -> (lock(mq) ? onLocked : onRefused).run(), delayMillis);
    }

    /**
     * {@code mq} was taken from this member: once no listener call runs on it (up to 1 s; retried every second while one
     * does), unlock it on the broker, unless {@code reassigned} says a later rebalance gave it back meanwhile.
     */
    public void releaseWhenIdle(MessageQueue mq, ProcessQueue pq, Predicate<MessageQueue> reassigned) {
        if (locks == null) {
            return;
        }
        schedule(() -> release(mq, pq, reassigned), 0);
    }

    private void release(MessageQueue mq, ProcessQueue pq, Predicate<MessageQueue> reassigned) {
        boolean idle;
        try {
            idle = pq.orderlyLock().tryLock(IN_FLIGHT_WAIT_MILLIS, TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return;
        }
        if (!idle) {
            LOG.info("group {}: {} is still being consumed; unlocking it once that call ends", group, mq);
            schedule(() -> release(mq, pq, reassigned), IN_FLIGHT_WAIT_MILLIS);
            return;
        }
        try {
            if (!reassigned.test(mq)) {
                locks.unlockAll(List.of(mq));
            }
        } finally {
            pq.orderlyLock().unlock();
        }
    }

    /**
     * Shutdown: waits (up to 1 s each) for running listener calls of {@code owned} to end, then unlocks them all on the
     * calling thread (one UNLOCK_BATCH_MQ per broker) and stops the lock thread.
     */
    public void releaseAll(Map<MessageQueue, ProcessQueue> owned) {
        if (locks == null) {
            return;
        }
        timer.shutdownNow();
        List<ProcessQueue> held = new ArrayList<>();
        try {
            for (ProcessQueue pq : owned.values()) {
                try {
                    if (pq.orderlyLock().tryLock(IN_FLIGHT_WAIT_MILLIS, TimeUnit.MILLISECONDS)) {
                        held.add(pq);
                    }
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    break;
                }
            }
            locks.unlockAll(owned.keySet());
        } finally {
            held.forEach(pq -> pq.orderlyLock().unlock());
        }
    }

    /** Stops the lock thread (locks then lapse on the broker). */
    public void close() {
        if (timer != null) {
            timer.shutdownNow();
        }
    }

    private void schedule(Runnable task, long delayMillis) {
        try {
            timer.schedule(task, delayMillis, TimeUnit.MILLISECONDS);
        } catch (RejectedExecutionException closing) {
            // shutting down
        }
    }
}
