package dev.petrel.client.consumer.allocate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.petrel.protocol.body.MessageQueue;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * Pins each strategy's output. The consistent-hash, machine-room and nearby expectations were produced by Apache
 * RocketMQ 5.3.1's own strategy classes (run in jshell over the compat-tests class path) on the same inputs.
 */
class AllocateStrategyTest {

    private static final List<String> THREE = List.of("192.168.0.1@a", "192.168.0.2@b", "192.168.0.3@c");

    static List<MessageQueue> queues(String topic, int perBroker, String... brokers) {
        List<MessageQueue> out = new ArrayList<>();
        for (String b : brokers) {
            for (int i = 0; i < perBroker; i++) {
                out.add(new MessageQueue(topic, b, i));
            }
        }
        return out;
    }

    static MessageQueue mq(String broker, int id) {
        return new MessageQueue("TopicTest", broker, id);
    }

    @Test
    void averagelyGivesContiguousBlocks() {
        List<MessageQueue> eight = queues("T", 8, "b");
        AllocateStrategy avg = AllocateStrategies.averagely();
        assertThat(avg.allocate("g", "c0", eight, List.of("c0", "c1", "c2"))).containsExactlyElementsOf(eight.subList(0, 3));
        assertThat(avg.allocate("g", "c1", eight, List.of("c0", "c1", "c2"))).containsExactlyElementsOf(eight.subList(3, 6));
        assertThat(avg.allocate("g", "c2", eight, List.of("c0", "c1", "c2"))).containsExactlyElementsOf(eight.subList(6, 8));
        List<MessageQueue> two = queues("T", 2, "b");
        assertThat(avg.allocate("g", "c0", two, List.of("c0", "c1", "c2"))).containsExactly(two.get(0));
        assertThat(avg.allocate("g", "c1", two, List.of("c0", "c1", "c2"))).containsExactly(two.get(1));
        assertThat(avg.allocate("g", "c2", two, List.of("c0", "c1", "c2"))).isEmpty();
        assertThat(avg.allocate("g", "stranger", eight, List.of("c0", "c1"))).isEmpty();
        assertThat(avg.name()).isEqualTo("AVG");
    }

    @Test
    void averagelyWhenAConsumerJoinsAndLeaves() {
        List<MessageQueue> eight = queues("T", 8, "b");
        AllocateStrategy avg = AllocateStrategies.averagely();
        assertThat(avg.allocate("g", "c0", eight, List.of("c0", "c1"))).containsExactlyElementsOf(eight.subList(0, 4));
        assertThat(avg.allocate("g", "c1", eight, List.of("c0", "c1"))).containsExactlyElementsOf(eight.subList(4, 8));
        // c2 joins: c0 keeps q0..q2, c1 moves to q3..q5, c2 takes q6, q7
        assertThat(avg.allocate("g", "c0", eight, List.of("c0", "c1", "c2"))).containsExactlyElementsOf(eight.subList(0, 3));
        assertThat(avg.allocate("g", "c1", eight, List.of("c0", "c1", "c2"))).containsExactlyElementsOf(eight.subList(3, 6));
        assertThat(avg.allocate("g", "c2", eight, List.of("c0", "c1", "c2"))).containsExactlyElementsOf(eight.subList(6, 8));
        // c0 leaves: c1 and c2 split everything
        assertThat(avg.allocate("g", "c1", eight, List.of("c1", "c2"))).containsExactlyElementsOf(eight.subList(0, 4));
        assertThat(avg.allocate("g", "c2", eight, List.of("c1", "c2"))).containsExactlyElementsOf(eight.subList(4, 8));
    }

    @Test
    void byCircleDealsRoundRobin() {
        List<MessageQueue> eight = queues("T", 8, "b");
        AllocateStrategy circle = AllocateStrategies.averagelyByCircle();
        List<String> cids = List.of("c0", "c1", "c2");
        assertThat(circle.allocate("g", "c0", eight, cids)).containsExactly(eight.get(0), eight.get(3), eight.get(6));
        assertThat(circle.allocate("g", "c1", eight, cids)).containsExactly(eight.get(1), eight.get(4), eight.get(7));
        assertThat(circle.allocate("g", "c2", eight, cids)).containsExactly(eight.get(2), eight.get(5));
        // c1 leaves
        assertThat(circle.allocate("g", "c2", eight, List.of("c0", "c2")))
            .containsExactly(eight.get(1), eight.get(3), eight.get(5), eight.get(7));
        assertThat(circle.name()).isEqualTo("AVG_BY_CIRCLE");
    }

    @Test
    void consistentHashMatchesApache() {
        List<MessageQueue> mqs = queues("TopicTest", 4, "broker-a", "broker-b");
        AllocateStrategy ch = AllocateStrategies.consistentHash();
        assertThat(ch.allocate("g", THREE.get(0), mqs, THREE)).containsExactly(mq("broker-b", 0));
        assertThat(ch.allocate("g", THREE.get(1), mqs, THREE))
            .containsExactly(mq("broker-a", 1), mq("broker-a", 3), mq("broker-b", 2), mq("broker-b", 3));
        assertThat(ch.allocate("g", THREE.get(2), mqs, THREE))
            .containsExactly(mq("broker-a", 0), mq("broker-a", 2), mq("broker-b", 1));
        assertThat(ch.name()).isEqualTo("CONSISTENT_HASH");
    }

    @Test
    void consistentHashWhenAConsumerJoinsMovesOnlyItsShare() {
        List<MessageQueue> mqs = queues("TopicTest", 4, "broker-a", "broker-b");
        List<String> four = List.of("192.168.0.1@a", "192.168.0.2@b", "192.168.0.3@c", "192.168.0.4@d");
        AllocateStrategy ch = AllocateStrategies.consistentHash();
        assertThat(ch.allocate("g", four.get(0), mqs, four)).containsExactly(mq("broker-b", 0));
        assertThat(ch.allocate("g", four.get(1), mqs, four)).containsExactly(mq("broker-a", 3), mq("broker-b", 2));
        assertThat(ch.allocate("g", four.get(2), mqs, four))
            .containsExactly(mq("broker-a", 0), mq("broker-a", 2), mq("broker-b", 1));
        assertThat(ch.allocate("g", four.get(3), mqs, four)).containsExactly(mq("broker-a", 1), mq("broker-b", 3));
    }

    @Test
    void consistentHashWithThreeVirtualNodesMatchesApache() {
        List<MessageQueue> mqs = queues("TopicTest", 4, "broker-a", "broker-b");
        AllocateStrategy ch = AllocateStrategies.consistentHash(3);
        assertThat(ch.allocate("g", THREE.get(0), mqs, THREE)).containsExactly(mq("broker-a", 0), mq("broker-b", 0));
        assertThat(ch.allocate("g", THREE.get(1), mqs, THREE)).containsExactly(mq("broker-a", 2), mq("broker-b", 1));
        assertThat(ch.allocate("g", THREE.get(2), mqs, THREE))
            .containsExactly(mq("broker-a", 1), mq("broker-a", 3), mq("broker-b", 2), mq("broker-b", 3));
        assertThatThrownBy(() -> AllocateStrategies.consistentHash(0)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void byConfigReturnsTheConfiguredQueues() {
        List<MessageQueue> mine = List.of(mq("broker-a", 1), mq("broker-b", 0));
        AllocateStrategy config = AllocateStrategies.byConfig(mine);
        assertThat(config.allocate("g", "anyone", queues("TopicTest", 4, "broker-a"), List.of("x"))).isEqualTo(mine);
        assertThat(config.name()).isEqualTo("CONFIG");
    }

    private static List<MessageQueue> roomQueues() {
        return queues("T", 3, "hz@broker-a", "sh@broker-b", "bj@broker-c");
    }

    @Test
    void byMachineRoomMatchesApache() {
        AllocateStrategy mr = AllocateStrategies.byMachineRoom(Set.of("hz", "sh"));
        List<String> cids = List.of("c1", "c2", "c3", "c4");
        List<MessageQueue> all = roomQueues();
        assertThat(mr.allocate("g", "c1", all, cids)).containsExactly(all.get(0), all.get(4));
        assertThat(mr.allocate("g", "c2", all, cids)).containsExactly(all.get(1), all.get(5));
        assertThat(mr.allocate("g", "c3", all, cids)).containsExactly(all.get(2));
        assertThat(mr.allocate("g", "c4", all, cids)).containsExactly(all.get(3));
        assertThat(mr.name()).isEqualTo("MACHINE_ROOM");
    }

    private static final MachineRoomResolver ROOM_BEFORE_AT = new MachineRoomResolver() {
        @Override
        public String brokerRoom(MessageQueue queue) {
            return queue.brokerName().split("@")[0];
        }

        @Override
        public String clientRoom(String clientId) {
            return clientId.split("@")[0];
        }
    };

    @Test
    void machineRoomNearbyMatchesApache() {
        AllocateStrategy near = AllocateStrategies.machineRoomNearby(AllocateStrategies.averagely(), ROOM_BEFORE_AT);
        List<String> cids = List.of("hz@1", "hz@2", "sh@1");
        List<MessageQueue> all = roomQueues();
        MessageQueue bj0 = all.get(6);
        MessageQueue bj1 = all.get(7);
        MessageQueue bj2 = all.get(8);
        assertThat(near.allocate("g", "hz@1", all, cids)).containsExactly(all.get(0), all.get(1), bj0);
        assertThat(near.allocate("g", "hz@2", all, cids)).containsExactly(all.get(2), bj1);
        assertThat(near.allocate("g", "sh@1", all, cids)).containsExactly(all.get(3), all.get(4), all.get(5), bj2);
        assertThat(near.name()).isEqualTo("MACHINE_ROOM_NEARBY-AVG");
    }

    @Test
    void machineRoomNearbyRejectsAMissingRoom() {
        AllocateStrategy near = AllocateStrategies.machineRoomNearby(AllocateStrategies.averagely(), new MachineRoomResolver() {
            @Override
            public String brokerRoom(MessageQueue queue) {
                return "";
            }

            @Override
            public String clientRoom(String clientId) {
                return "hz";
            }
        });
        assertThatThrownBy(() -> near.allocate("g", "hz@1", roomQueues(), List.of("hz@1")))
            .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("no room for queue");
    }
}
