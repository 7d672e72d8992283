package dev.petrel.client.internal.consumer;

import dev.petrel.protocol.body.MessageQueue;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A consumer's in-memory consumed offsets, one per queue: the next offset to consume. Thread-safe: consume threads
 * advance it, the persist task and pulls read it, the rebalance thread removes entries.
 */
public final class OffsetTable {

    private final Map<MessageQueue, Long> offsets = new ConcurrentHashMap<>();

    /**
     * @param increaseOnly never move backwards (concurrent consumption finishing out of order); false to overwrite
     *                     (seek, reset, the initial offset)
     */
    public void update(MessageQueue mq, long offset, boolean increaseOnly) {
        if (offset < 0) {
            return;
        }
        if (increaseOnly) {
            offsets.merge(mq, offset, Math::max);
        } else {
            offsets.put(mq, offset);
        }
    }

    /** The offset, or -1 when none is known. */
    public long read(MessageQueue mq) {
        Long v = offsets.get(mq);
        return v == null ? -1 : v;
    }

    public boolean contains(MessageQueue mq) {
        return offsets.containsKey(mq);
    }

    public void remove(MessageQueue mq) {
        offsets.remove(mq);
    }

    /** Every offset of the given queues (all when {@code queues} is null), sorted by queue. */
    public Map<MessageQueue, Long> snapshot(Set<MessageQueue> queues) {
        Map<MessageQueue, Long> out = new TreeMap<>();
        offsets.forEach((mq, off) -> {
            if (queues == null || queues.contains(mq)) {
                out.put(mq, off);
            }
        });
        return out;
    }
}
