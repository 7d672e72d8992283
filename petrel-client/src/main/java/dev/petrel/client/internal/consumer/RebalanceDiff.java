package dev.petrel.client.internal.consumer;

import dev.petrel.protocol.body.MessageQueue;
import java.util.Collection;
import java.util.Set;
import java.util.TreeSet;

/**
 * What one rebalance pass changes for one topic: the queues to start pulling and the queues to stop pulling (their
 * offsets persisted first). Pure; the rebalancer applies it.
 *
 * @param added   newly allocated queues, sorted
 * @param removed queues owned before but no longer allocated, sorted
 */
public record RebalanceDiff(Set<MessageQueue> added, Set<MessageQueue> removed) {

    public RebalanceDiff {
        added = Set.copyOf(added);
        removed = Set.copyOf(removed);
    }

    /**
     * The diff from the queues of {@code topic} owned now to {@code allocated}. Owned queues of other topics are
     * never touched.
     */
    public static RebalanceDiff between(String topic, Collection<MessageQueue> owned, Collection<MessageQueue> allocated) {
        Set<MessageQueue> target = new TreeSet<>(allocated);
        Set<MessageQueue> removed = new TreeSet<>();
        for (MessageQueue mq : owned) {
            if (mq.topic().equals(topic) && !target.contains(mq)) {
                removed.add(mq);
            }
        }
        Set<MessageQueue> added = new TreeSet<>();
        for (MessageQueue mq : target) {
            if (!owned.contains(mq)) {
                added.add(mq);
            }
        }
        return new RebalanceDiff(added, removed);
    }

    public boolean isEmpty() {
        return added.isEmpty() && removed.isEmpty();
    }
}
