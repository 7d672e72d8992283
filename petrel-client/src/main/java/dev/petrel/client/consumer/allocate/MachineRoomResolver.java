package dev.petrel.client.consumer.allocate;

import dev.petrel.protocol.body.MessageQueue;

/**
 * Tells {@link AllocateMachineRoomNearby} where brokers and clients run. Both answers must be non-empty; the strategy
 * rejects an empty room with an {@link IllegalArgumentException}, as RocketMQ does.
 */
public interface MachineRoomResolver {

    /** The room of the broker hosting {@code queue}. */
    String brokerRoom(MessageQueue queue);

    /** The room of the client {@code clientId} ({@code ip@instance}). */
    String clientRoom(String clientId);
}
