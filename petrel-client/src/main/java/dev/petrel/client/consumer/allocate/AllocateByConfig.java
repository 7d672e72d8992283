package dev.petrel.client.consumer.allocate;

import dev.petrel.protocol.body.MessageQueue;
import java.util.List;

/**
 * {@code CONFIG}: this client consumes exactly the configured queues, whatever the other members do (RocketMQ does
 * not check the group's membership either). Giving every member a disjoint list is the operator's job.
 */
public final class AllocateByConfig implements AllocateStrategy {

    private final List<MessageQueue> queues;

    public AllocateByConfig(List<MessageQueue> queues) {
        this.queues = List.copyOf(queues);
    }

    @Override
    public String name() {
        return "CONFIG";
    }

    public List<MessageQueue> queues() {
        return queues;
    }

    @Override
    public List<MessageQueue> allocate(String group, String clientId, List<MessageQueue> allQueues,
                                       List<String> allClientIds) {
        return queues;
    }

    @Override
    public String toString() {
        return name() + queues;
    }
}
