package dev.petrel.client.consumer.allocate;

import dev.petrel.protocol.body.MessageQueue;
import java.util.List;
import java.util.Set;

/** The six allocation strategies of RocketMQ, by their role. */
public final class AllocateStrategies {

    private static final AllocateStrategy AVERAGELY = new AllocateAveragely();
    private static final AllocateStrategy AVERAGELY_BY_CIRCLE = new AllocateAveragelyByCircle();

    private AllocateStrategies() {
    }

    /** Contiguous blocks; the default. */
    public static AllocateStrategy averagely() {
        return AVERAGELY;
    }

    /** Round robin over the sorted queues. */
    public static AllocateStrategy averagelyByCircle() {
        return AVERAGELY_BY_CIRCLE;
    }

    /** A consistent-hash ring with 10 virtual nodes per client. */
    public static AllocateStrategy consistentHash() {
        return new AllocateConsistentHash();
    }

    public static AllocateStrategy consistentHash(int virtualNodes) {
        return new AllocateConsistentHash(virtualNodes);
    }

    /** Exactly these queues, whatever the group looks like. */
    public static AllocateStrategy byConfig(List<MessageQueue> queues) {
        return new AllocateByConfig(queues);
    }

    /** Only brokers named {@code room@name} whose room is one of {@code rooms}. */
    public static AllocateStrategy byMachineRoom(Set<String> rooms) {
        return new AllocateByMachineRoom(rooms);
    }

    /** Prefer clients in the broker's room, with {@code inner} inside each room. */
    public static AllocateStrategy machineRoomNearby(AllocateStrategy inner, MachineRoomResolver resolver) {
        return new AllocateMachineRoomNearby(inner, resolver);
    }
}
