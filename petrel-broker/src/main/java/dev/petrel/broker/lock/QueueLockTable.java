package dev.petrel.broker.lock;

import dev.petrel.common.time.Clock;
import dev.petrel.protocol.body.MessageQueue;

import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * Which client of a consumer group holds which queue (flows.md §10): an orderly consumer locks a queue before it pulls
 * it, so during a rebalance two members never consume one queue at once. A lock is held by one client id per
 * (group, queue); it is taken when free, refreshed by its holder, and taken over by another client once it has not
 * been refreshed for {@code maxLiveMillis} (Apache's {@code rocketmq.broker.rebalance.lockMaxLiveTime}, 60 s). Locks
 * belong to client ids, not connections: a client that reconnects keeps its locks, one that dies loses them by
 * expiry.
 *
 * <p>Threads: lock and unlock requests arrive on the admin threads and the send path asks
 * {@link #holdsUnexpiredLock}; every read and write goes through this object's monitor (short map operations only), so
 * a batch is locked atomically and two clients never both win one queue. Time comes from the injected clock.
 */
public final class QueueLockTable {

    /** One queue's lock: its holder and when the holder last locked it (clock millis). */
    private record Entry(String clientId, long lastLockMillis) {
    }

    private final Clock clock;
    private final long maxLiveMillis;
    /** group → queue → lock. Entries stay after expiry (a later lock reuses them) until their holder unlocks. */
    private final Map<String, Map<MessageQueue, Entry>> groups = new HashMap<>();

    /** @param maxLiveMillis how long a lock lives without being refreshed */
    public QueueLockTable(Clock clock, long maxLiveMillis) {
        if (maxLiveMillis <= 0) {
            throw new IllegalArgumentException("lock live time must be positive, got " + maxLiveMillis + " ms");
        }
        this.clock = clock;
        this.maxLiveMillis = maxLiveMillis;
    }

    /**
     * Locks (or refreshes) every queue of {@code queues} that is free, expired or already held by {@code clientId}.
     *
     * @return the queues {@code clientId} holds now, out of those asked for
     */
    public synchronized Set<MessageQueue> lock(String group, String clientId, Collection<MessageQueue> queues) {
        long now = clock.millis();
        Map<MessageQueue, Entry> locks = groups.computeIfAbsent(group, g -> new HashMap<>());
        Set<MessageQueue> won = new LinkedHashSet<>();
        for (MessageQueue mq : queues) {
            Entry e = locks.get(mq);
            if (e == null || e.clientId().equals(clientId) || expired(e, now)) {
                locks.put(mq, new Entry(clientId, now));
                won.add(mq);
            }
        }
        return won;
    }

    /** Releases the queues of {@code queues} that {@code clientId} holds; locks of other clients stay. */
    public synchronized void unlock(String group, String clientId, Collection<MessageQueue> queues) {
        Map<MessageQueue, Entry> locks = groups.get(group);
        if (locks == null) {
            return;
        }
        for (MessageQueue mq : queues) {
            Entry e = locks.get(mq);
            if (e != null && e.clientId().equals(clientId)) {
                locks.remove(mq);
            }
        }
        if (locks.isEmpty()) {
            groups.remove(group);
        }
    }

    /**
     * Whether any member of {@code group} holds a lock that has not expired: the group consumes orderly, so a message it
     * re-sends to its retry topic goes to the dead-letter topic instead (Apache's {@code isLockAllExpired}).
     */
    public synchronized boolean holdsUnexpiredLock(String group) {
        Map<MessageQueue, Entry> locks = groups.get(group);
        if (locks == null) {
            return false;
        }
        long now = clock.millis();
        for (Entry e : locks.values()) {
            if (!expired(e, now)) {
                return true;
            }
        }
        return false;
    }

    /** The current holder of a queue's unexpired lock, or null. */
    public synchronized String holder(String group, MessageQueue mq) {
        Map<MessageQueue, Entry> locks = groups.get(group);
        Entry e = locks == null ? null : locks.get(mq);
        return e == null || expired(e, clock.millis()) ? null : e.clientId();
    }

    /** Unexpired locks per group, for diagnostics: group → queue → client id. */
    public synchronized Map<String, Map<MessageQueue, String>> snapshot() {
        long now = clock.millis();
        Map<String, Map<MessageQueue, String>> out = new TreeMap<>();
        groups.forEach((group, locks) -> locks.forEach((mq, e) -> {
            if (!expired(e, now)) {
                out.computeIfAbsent(group, g -> new TreeMap<>()).put(mq, e.clientId());
            }
        }));
        return out;
    }

    private boolean expired(Entry e, long now) {
        // A wall clock moved back makes now < lastLock: the lock then counts as fresh, as in Apache.
        return now - e.lastLockMillis() > maxLiveMillis;
    }
}
