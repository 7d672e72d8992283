package dev.petrel.client.consumer.allocate;

import dev.petrel.protocol.body.MessageQueue;
import java.util.List;

/**
 * Decides which queues of a topic one member of a clustering consumer group consumes (flows.md §6). Every member runs
 * the same strategy on the same inputs, so together they split the queues without talking to each other.
 *
 * <p>The rebalancer passes {@code allQueues} sorted (topic, broker name, queue id) and {@code allClientIds} sorted as
 * strings; a strategy returns its share in queue order and never modifies the inputs. A client id that is not in
 * {@code allClientIds} gets nothing. Implementations are immutable and thread-safe.
 *
 * <p>Ready-made strategies: {@link AllocateStrategies}.
 */
public interface AllocateStrategy {

    /** RocketMQ's name of the strategy ({@code AVG}, {@code AVG_BY_CIRCLE}, {@code CONSISTENT_HASH}, ...). */
    String name();

    /**
     * The queues {@code clientId} should consume.
     *
     * @param group        the consumer group (for strategies that vary by group; the built-in ones ignore it)
     * @param clientId     the client asking
     * @param allQueues    every readable queue of the topic, sorted
     * @param allClientIds every live client of the group, sorted
     */
    List<MessageQueue> allocate(String group, String clientId, List<MessageQueue> allQueues, List<String> allClientIds);
}
