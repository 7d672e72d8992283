package dev.petrel.client.consumer.allocate;

import dev.petrel.protocol.body.MessageQueue;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code AVG_BY_CIRCLE}: round robin; client i takes every queue whose index j has {@code j % n == i}. Example m=8,
 * n=3: c0 → q0, q3, q6; c1 → q1, q4, q7; c2 → q2, q5.
 */
public final class AllocateAveragelyByCircle implements AllocateStrategy {

    @Override
    public String name() {
        return "AVG_BY_CIRCLE";
    }

    @Override
    public List<MessageQueue> allocate(String group, String clientId, List<MessageQueue> allQueues,
                                       List<String> allClientIds) {
        int index = allClientIds.indexOf(clientId);
        if (index < 0) {
            return List.of();
        }
        List<MessageQueue> result = new ArrayList<>();
        for (int j = index; j < allQueues.size(); j += allClientIds.size()) {
            result.add(allQueues.get(j));
        }
        return List.copyOf(result);
    }

    @Override
    public String toString() {
        return name();
    }
}
