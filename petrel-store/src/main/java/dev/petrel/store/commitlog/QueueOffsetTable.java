package dev.petrel.store.commitlog;

import java.util.HashMap;
import java.util.Map;

/**
 * The next queue offset of every (topic, queueId). Accessed only under the CommitLog's put lock (and by recovery
 * before the store starts), so it needs no synchronisation of its own; one {@code long[]} per topic avoids building a
 * "topic-queueId" key per message.
 */
public final class QueueOffsetTable {

    private final Map<String, long[]> next = new HashMap<>();

    public long get(String topic, int queueId) {
        long[] q = next.get(topic);
        return q == null || queueId >= q.length ? 0 : q[queueId];
    }

    public void set(String topic, int queueId, long offset) {
        long[] q = next.get(topic);
        if (q == null || queueId >= q.length) {
            long[] grown = new long[Math.max(queueId + 1, q == null ? 8 : q.length * 2)];
            if (q != null) {
                System.arraycopy(q, 0, grown, 0, q.length);
            }
            q = grown;
            next.put(topic, q);
        }
        q[queueId] = offset;
    }

    public void remove(String topic) {
        next.remove(topic);
    }

    public void clear() {
        next.clear();
    }
}
