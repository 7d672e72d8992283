package dev.petrel.client.consumer.allocate;

import dev.petrel.protocol.body.MessageQueue;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * {@code MACHINE_ROOM}: broker names of the form {@code room@name} place a broker in a room; only queues of brokers in
 * the configured rooms are consumed. With p such queues and n clients, client i takes the block
 * {@code [i*(p/n), i*(p/n) + p/n)} and, when {@code p % n > i}, also queue {@code i + (p/n)*n}. Queues of brokers
 * outside the rooms (or without a room) are left to other groups.
 */
public final class AllocateByMachineRoom implements AllocateStrategy {

    private final Set<String> rooms;

    public AllocateByMachineRoom(Set<String> rooms) {
        this.rooms = Set.copyOf(rooms);
    }

    @Override
    public String name() {
        return "MACHINE_ROOM";
    }

    public Set<String> rooms() {
        return rooms;
    }

    @Override
    public List<MessageQueue> allocate(String group, String clientId, List<MessageQueue> allQueues,
                                       List<String> allClientIds) {
        int index = allClientIds.indexOf(clientId);
        if (index < 0) {
            return List.of();
        }
        List<MessageQueue> kept = new ArrayList<>();
        for (MessageQueue mq : allQueues) {
            String[] parts = mq.brokerName().split("@");
            if (parts.length == 2 && rooms.contains(parts[0])) {
                kept.add(mq);
            }
        }
        int n = allClientIds.size();
        int mod = kept.size() / n;
        int rem = kept.size() % n;
        List<MessageQueue> result = new ArrayList<>(kept.subList(index * mod, index * mod + mod));
        if (rem > index) {
            result.add(kept.get(index + mod * n));
        }
        return List.copyOf(result);
    }

    @Override
    public String toString() {
        return name() + rooms;
    }
}
