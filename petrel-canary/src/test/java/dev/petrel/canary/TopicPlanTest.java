package dev.petrel.canary;

import static org.assertj.core.api.Assertions.assertThat;

import dev.petrel.protocol.body.MessageQueue;
import dev.petrel.protocol.body.route.BrokerData;
import dev.petrel.protocol.body.route.ClusterInfo;
import dev.petrel.protocol.body.route.QueueData;
import dev.petrel.protocol.body.route.TopicRouteData;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** Which masters lack the topic and which queues the canary uses. */
class TopicPlanTest {

    private static BrokerData broker(String name, String cluster, Map<Long, String> addrs) {
        return new BrokerData(addrs, name, cluster, false, null);
    }

    private static final ClusterInfo CLUSTERS = new ClusterInfo(Map.of(
        "a", broker("a", "c1", Map.of(0L, "10.0.0.1:10911", 1L, "10.0.0.2:10911")),
        "b", broker("b", "c1", Map.of(1L, "10.0.0.3:10911")), // slave only: its master is down
        "c", broker("c", "c2", Map.of(0L, "10.0.0.4:10911"))),
        Map.of("c1", Set.of("a", "b"), "c2", Set.of("c")));

    @Test
    void mastersOfOneClusterOrOfAll() {
        assertThat(TopicPlan.masters(CLUSTERS, "")).containsExactly(Map.entry("a", "10.0.0.1:10911"),
            Map.entry("c", "10.0.0.4:10911"));
        assertThat(TopicPlan.masters(CLUSTERS, "c2")).containsOnlyKeys("c");
        assertThat(TopicPlan.masters(CLUSTERS, "nope")).isEmpty();
    }

    @Test
    void theMastersTheRouteDoesNotListLackTheTopic() {
        TopicRouteData route = new TopicRouteData(List.of(), Map.of(), null, List.of(new QueueData("a", 6, 2, 0, 2)),
            null);
        assertThat(TopicPlan.lacking(TopicPlan.masters(CLUSTERS, ""), route)).containsOnlyKeys("c");
        assertThat(TopicPlan.lacking(TopicPlan.masters(CLUSTERS, ""), null)).containsOnlyKeys("a", "c");
    }

    @Test
    void readableAndWritableQueuesOfTheWatchedBrokers() {
        TopicRouteData route = new TopicRouteData(List.of(), Map.of(), null, List.of(
            new QueueData("c", 6, 3, 0, 2), new QueueData("a", 6, 1, 0, 1), new QueueData("b", 6, 4, 0, 4),
            new QueueData("d", 4, 4, 0, 4)), null);
        assertThat(TopicPlan.queues("T", route, Set.of("a", "c", "d"))).containsExactly(new MessageQueue("T", "a", 0),
            new MessageQueue("T", "c", 0), new MessageQueue("T", "c", 1));
        assertThat(TopicPlan.queues("T", null, Set.of("a"))).isEmpty();
    }
}
