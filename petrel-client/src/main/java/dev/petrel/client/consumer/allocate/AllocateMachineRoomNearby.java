package dev.petrel.client.consumer.allocate;

import dev.petrel.protocol.body.MessageQueue;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * {@code MACHINE_ROOM_NEARBY-<inner>}: prefer consumers in the broker's own room. Queues of a room that has live
 * clients are split among that room's clients with the inner strategy; queues of a room without any client are split
 * among all clients, so nothing is orphaned when a room's consumers are down.
 */
public final class AllocateMachineRoomNearby implements AllocateStrategy {

    private final AllocateStrategy inner;
    private final MachineRoomResolver resolver;

    public AllocateMachineRoomNearby(AllocateStrategy inner, MachineRoomResolver resolver) {
        this.inner = Objects.requireNonNull(inner, "inner strategy");
        this.resolver = Objects.requireNonNull(resolver, "machine room resolver");
    }

    @Override
    public String name() {
        return "MACHINE_ROOM_NEARBY-" + inner.name();
    }

    @Override
    public List<MessageQueue> allocate(String group, String clientId, List<MessageQueue> allQueues,
                                       List<String> allClientIds) {
        if (!allClientIds.contains(clientId)) {
            return List.of();
        }
        Map<String, List<MessageQueue>> queuesByRoom = new TreeMap<>();
        for (MessageQueue mq : allQueues) {
            queuesByRoom.computeIfAbsent(room(resolver.brokerRoom(mq), "queue " + mq), r -> new ArrayList<>()).add(mq);
        }
        Map<String, List<String>> clientsByRoom = new TreeMap<>();
        for (String cid : allClientIds) {
            clientsByRoom.computeIfAbsent(room(resolver.clientRoom(cid), "client " + cid), r -> new ArrayList<>()).add(cid);
        }
        List<MessageQueue> result = new ArrayList<>();
        String myRoom = room(resolver.clientRoom(clientId), "client " + clientId);
        List<MessageQueue> local = queuesByRoom.remove(myRoom);
        if (local != null && !local.isEmpty()) {
            result.addAll(inner.allocate(group, clientId, local, clientsByRoom.get(myRoom)));
        }
        for (Map.Entry<String, List<MessageQueue>> e : queuesByRoom.entrySet()) {
            if (!clientsByRoom.containsKey(e.getKey())) {
                result.addAll(inner.allocate(group, clientId, e.getValue(), allClientIds));
            }
        }
        return List.copyOf(result);
    }

    private static String room(String room, String of) {
        if (room == null || room.isEmpty()) {
            throw new IllegalArgumentException("the machine room resolver gave no room for " + of
                + "; it must name a room for every broker and client");
        }
        return room;
    }

    @Override
    public String toString() {
        return name();
    }
}
