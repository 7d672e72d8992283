package dev.petrel.client.consumer.allocate;

import dev.petrel.protocol.body.MessageQueue;
import java.util.List;

/**
 * RocketMQ's default strategy ({@code AVG}): contiguous blocks. With m queues and n clients the first {@code m % n}
 * clients get {@code m/n + 1} queues, the others {@code m/n}; with fewer queues than clients the first m clients get
 * one each. Example m=8, n=3: c0 → q0..q2, c1 → q3..q5, c2 → q6..q7.
 */
public final class AllocateAveragely implements AllocateStrategy {

    @Override
    public String name() {
        return "AVG";
    }

    @Override
    public List<MessageQueue> allocate(String group, String clientId, List<MessageQueue> allQueues,
                                       List<String> allClientIds) {
        int index = allClientIds.indexOf(clientId);
        if (index < 0 || allQueues.isEmpty()) {
            return List.of();
        }
        int m = allQueues.size();
        int n = allClientIds.size();
        int mod = m % n;
        int size = m <= n ? 1 : (mod > 0 && index < mod ? m / n + 1 : m / n);
        int start = mod > 0 && index < mod ? index * size : index * size + mod;
        int count = Math.min(size, m - start);
        return count <= 0 ? List.of() : List.copyOf(allQueues.subList(start, start + count));
    }

    @Override
    public String toString() {
        return name();
    }
}
