package dev.petrel.client.consumer.allocate;

import static org.assertj.core.api.Assertions.assertThat;

import dev.petrel.client.internal.consumer.RebalanceDiff;
import dev.petrel.protocol.body.MessageQueue;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * Random join/leave sequences with every strategy: after each membership change every live member rebalances (applies
 * its {@link RebalanceDiff}), and then no queue is owned twice and none is orphaned.
 */
class AllocationPartitionProperties {

    enum Kind { AVG, CIRCLE, HASH, CONFIG, MACHINE_ROOM, NEARBY }

    private static final List<MessageQueue> QUEUES = queues();

    private static List<MessageQueue> queues() {
        List<MessageQueue> out = new ArrayList<>();
        for (String b : List.of("hz@broker-a", "hz@broker-b", "sh@broker-c")) {
            for (int i = 0; i < 5; i++) {
                out.add(new MessageQueue("T", b, i));
            }
        }
        out.sort(null);
        return out;
    }

    @Provide
    Arbitrary<List<Integer>> events() {
        // a positive number n: client "c<n>" joins (if absent) or leaves (if present)
        return Arbitraries.integers().between(0, 7).list().ofMinSize(1).ofMaxSize(30);
    }

    @Property(tries = 200)
    void noQueueOwnedTwiceNoneOrphaned(@ForAll Kind kind, @ForAll("events") List<Integer> events) {
        Map<String, Set<MessageQueue>> owned = new HashMap<>();
        for (int e : events) {
            String cid = (e % 2 == 0 ? "hz" : "sh") + "@c" + e;
            if (owned.remove(cid) == null) {
                owned.put(cid, new HashSet<>());
            }
            if (owned.isEmpty()) {
                continue;
            }
            List<String> cids = new ArrayList<>(new TreeSet<>(owned.keySet()));
            for (String member : cids) {
                List<MessageQueue> allocated = strategy(kind, member, cids).allocate("g", member, QUEUES, cids);
                RebalanceDiff diff = RebalanceDiff.between("T", owned.get(member), allocated);
                owned.get(member).removeAll(diff.removed());
                owned.get(member).addAll(diff.added());
                assertThat(owned.get(member)).containsExactlyInAnyOrderElementsOf(allocated);
            }
            List<MessageQueue> all = new ArrayList<>();
            owned.values().forEach(all::addAll);
            assertThat(all).as("%s with %s", kind, cids).doesNotHaveDuplicates();
            assertThat(new HashSet<>(all)).as("%s with %s", kind, cids).containsExactlyInAnyOrderElementsOf(QUEUES);
        }
    }

    private static AllocateStrategy strategy(Kind kind, String member, List<String> cids) {
        return switch (kind) {
            case AVG -> AllocateStrategies.averagely();
            case CIRCLE -> AllocateStrategies.averagelyByCircle();
            case HASH -> AllocateStrategies.consistentHash();
            // the operator's configuration: each member gets the circle share of the current membership
            case CONFIG -> AllocateStrategies.byConfig(AllocateStrategies.averagelyByCircle().allocate("g", member, QUEUES, cids));
            case MACHINE_ROOM -> AllocateStrategies.byMachineRoom(Set.of("hz", "sh"));
            case NEARBY -> AllocateStrategies.machineRoomNearby(AllocateStrategies.averagely(), new MachineRoomResolver() {
                @Override
                public String brokerRoom(MessageQueue queue) {
                    return queue.brokerName().split("@")[0];
                }

                @Override
                public String clientRoom(String clientId) {
                    return clientId.split("@")[0];
                }
            });
        };
    }
}
