package dev.petrel.client.internal.consumer;

import dev.petrel.client.ReceivedMessage;
import dev.petrel.protocol.body.client.ProcessQueueInfo;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.locks.ReentrantLock;

/**
 * The messages of one assigned queue that were pulled but not yet consumed, by offset, with the counts flow control
 * needs. The consumed offset of the queue is the smallest offset still cached (messages are consumed out of order by
 * concurrent listeners, so progress may only move to the oldest unfinished one), or one past the highest offset ever
 * cached when nothing is left.
 *
 * <p>Writers: the pull callback threads add ({@link #put}), consume threads remove, the rebalance thread drops. All
 * state is guarded by one lock held only for map operations; {@link #isDropped()} is a volatile read.
 *
 * <p>Orderly listeners take messages into a "consuming" set ({@link #take}) and then either {@link #commit} them or
 * put them back ({@link #putBack}); taken messages still count as cached until committed.
 */
public final class ProcessQueue {

    private final ReentrantLock lock = new ReentrantLock();
    private final TreeMap<Long, ReceivedMessage> cached = new TreeMap<>();
    private final TreeMap<Long, ReceivedMessage> consuming = new TreeMap<>();
    private int count;
    private long bytes;
    private long maxOffsetEver = -1;
    private volatile boolean dropped;
    private volatile long lastPullMillis;
    private volatile long lastConsumeMillis;
    /** Orderly: a consume thread is working on this queue. Guarded by {@link #orderlyLock()}. */
    private final ReentrantLock orderlyLock = new ReentrantLock();

    /**
     * Adds pulled messages (offsets already cached are ignored).
     *
     * @return how many were new
     */
    public int put(List<ReceivedMessage> messages) {
        lock.lock();
        try {
            int added = 0;
            for (ReceivedMessage m : messages) {
                if (!consuming.containsKey(m.queueOffset()) && cached.putIfAbsent(m.queueOffset(), m) == null) {
                    added++;
                    bytes += m.body().length;
                    maxOffsetEver = Math.max(maxOffsetEver, m.queueOffset());
                }
            }
            count += added;
            return added;
        } finally {
            lock.unlock();
        }
    }

    /**
     * Removes consumed messages.
     *
     * @return the queue's consumed offset afterwards (smallest cached offset, or highest ever + 1 when empty); -1 when
     *     nothing was cached before the call
     */
    public long remove(List<ReceivedMessage> messages) {
        lock.lock();
        try {
            if (cached.isEmpty()) {
                return -1;
            }
            for (ReceivedMessage m : messages) {
                ReceivedMessage gone = cached.remove(m.queueOffset());
                if (gone != null) {
                    count--;
                    bytes -= gone.body().length;
                }
            }
            return cached.isEmpty() ? maxOffsetEver + 1 : cached.firstKey();
        } finally {
            lock.unlock();
        }
    }

    /** Orderly: moves up to {@code max} of the oldest cached messages into the consuming set. */
    public List<ReceivedMessage> take(int max) {
        lock.lock();
        try {
            List<ReceivedMessage> out = new ArrayList<>(Math.min(max, cached.size()));
            while (out.size() < max && !cached.isEmpty()) {
                Map.Entry<Long, ReceivedMessage> e = cached.pollFirstEntry();
                consuming.put(e.getKey(), e.getValue());
                out.add(e.getValue());
            }
            return out;
        } finally {
            lock.unlock();
        }
    }

    /**
     * Orderly: the consuming set was processed.
     *
     * @return the next offset to consume (last committed + 1), or -1 when nothing was being consumed
     */
    public long commit() {
        lock.lock();
        try {
            if (consuming.isEmpty()) {
                return -1;
            }
            long next = consuming.lastKey() + 1;
            for (ReceivedMessage m : consuming.values()) {
                bytes -= m.body().length;
            }
            count -= consuming.size();
            consuming.clear();
            return next;
        } finally {
            lock.unlock();
        }
    }

    /** Orderly: the listener asked to retry; the messages go back to be taken again, in order. */
    public void putBack(List<ReceivedMessage> messages) {
        lock.lock();
        try {
            for (ReceivedMessage m : messages) {
                if (consuming.remove(m.queueOffset()) != null) {
                    cached.put(m.queueOffset(), m);
                }
            }
        } finally {
            lock.unlock();
        }
    }

    /** Messages cached, consuming ones included. */
    public int cachedCount() {
        lock.lock();
        try {
            return count;
        } finally {
            lock.unlock();
        }
    }

    /** Body bytes cached, consuming ones included. */
    public long cachedBytes() {
        lock.lock();
        try {
            return bytes;
        } finally {
            lock.unlock();
        }
    }

    /** Highest minus lowest cached offset (0 when fewer than two are cached). */
    public long offsetSpan() {
        lock.lock();
        try {
            return cached.size() < 2 ? 0 : cached.lastKey() - cached.firstKey();
        } finally {
            lock.unlock();
        }
    }

    public boolean isEmpty() {
        lock.lock();
        try {
            return cached.isEmpty() && consuming.isEmpty();
        } finally {
            lock.unlock();
        }
    }

    /** Stops all work on the queue: pulls and consume results for it are discarded from now on. */
    public void drop() {
        dropped = true;
    }

    public boolean isDropped() {
        return dropped;
    }

    /** Serialises orderly consumption of this queue. */
    public ReentrantLock orderlyLock() {
        return orderlyLock;
    }

    public void pulledAt(long millis) {
        lastPullMillis = millis;
    }

    public void consumedAt(long millis) {
        lastConsumeMillis = millis;
    }

    /** The running-info view of this queue (json-bodies.md §12). */
    public ProcessQueueInfo info(long commitOffset) {
        lock.lock();
        try {
            long min = cached.isEmpty() ? 0 : cached.firstKey();
            long max = cached.isEmpty() ? 0 : cached.lastKey();
            return new ProcessQueueInfo(count, max, min, (int) (bytes / (1024 * 1024)), commitOffset, dropped,
                lastConsumeMillis, 0, lastPullMillis, false, 0, 0, 0, 0);
        } finally {
            lock.unlock();
        }
    }
}
