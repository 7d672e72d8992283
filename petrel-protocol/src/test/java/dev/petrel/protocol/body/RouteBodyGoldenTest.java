package dev.petrel.protocol.body;

import static dev.petrel.protocol.body.BodyGolden.assertGolden;
import static dev.petrel.protocol.body.BodyGolden.assertReads;

import dev.petrel.protocol.body.route.BrokerData;
import dev.petrel.protocol.body.route.BrokerMemberGroup;
import dev.petrel.protocol.body.route.ClusterInfo;
import dev.petrel.protocol.body.route.GetBrokerMemberGroupResponseBody;
import dev.petrel.protocol.body.route.QueueData;
import dev.petrel.protocol.body.route.TopicRouteData;
import dev.petrel.protocol.body.topic.TopicQueueMappingInfo;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** Routes (json-bodies.md §3): golden JSON, and Apache's unquoted-key forms read back. */
class RouteBodyGoldenTest {

    private static final QueueData QUEUES_A = new QueueData("broker-a", 6, 4, 0, 4);

    @Test
    void topicRouteDataMatchesTheNameServersStandardEncoding() {
        // json-bodies.md §3.1 full example (version >= 401 encoding): byte for byte.
        TopicRouteData route = new TopicRouteData(
            List.of(new BrokerData(Map.of(0L, "127.0.0.1:10911"), "broker-a", "DefaultCluster", false, null)),
            Map.of(), null, List.of(QUEUES_A), null);
        assertGolden(TopicRouteData.CODEC, route,
            "{\"brokerDatas\":[{\"brokerAddrs\":{\"0\":\"127.0.0.1:10911\"},\"brokerName\":\"broker-a\",\"cluster\":\"DefaultCluster\","
                + "\"enableActingMaster\":false}],\"filterServerTable\":{},\"queueDatas\":[{\"brokerName\":\"broker-a\",\"perm\":6,"
                + "\"readQueueNums\":4,\"topicSysFlag\":0,\"writeQueueNums\":4}]}");
    }

    @Test
    void topicRouteDataReadsTheDefaultEncodingWithUnquotedKeys() {
        TopicRouteData route = new TopicRouteData(
            List.of(new BrokerData(Map.of(0L, "127.0.0.1:10911", 1L, "127.0.0.1:10921"), "broker-a", "DefaultCluster", false,
                null)),
            Map.of(), null, List.of(QUEUES_A), null);
        assertReads(TopicRouteData.CODEC,
            "{\"brokerDatas\":[{\"brokerAddrs\":{0:\"127.0.0.1:10911\",1:\"127.0.0.1:10921\"},\"brokerName\":\"broker-a\","
                + "\"cluster\":\"DefaultCluster\",\"enableActingMaster\":false}],\"filterServerTable\":{},\"queueDatas\":"
                + "[{\"brokerName\":\"broker-a\",\"perm\":6,\"readQueueNums\":4,\"topicSysFlag\":0,\"writeQueueNums\":4}]}",
            route);
    }

    @Test
    void topicRouteDataWithEverything() {
        TopicRouteData route = new TopicRouteData(
            List.of(new BrokerData(Map.of(1L, "10.0.0.2:10911", 0L, "10.0.0.1:10911"), "broker-b", "c1", true, "zone-1")),
            Map.of("10.0.0.1:10911", List.of("10.0.0.1:40000")), "broker-b:8", List.of(new QueueData("broker-b", 7, 8, 1, 8)),
            Map.of("broker-b", new TopicQueueMappingInfo("broker-b", Map.of(0, 3), false, 2, "__global__", "T", 8)));
        assertGolden(TopicRouteData.CODEC, route,
            "{\"brokerDatas\":[{\"brokerAddrs\":{\"0\":\"10.0.0.1:10911\",\"1\":\"10.0.0.2:10911\"},\"brokerName\":\"broker-b\","
                + "\"cluster\":\"c1\",\"enableActingMaster\":true,\"zoneName\":\"zone-1\"}],"
                + "\"filterServerTable\":{\"10.0.0.1:10911\":[\"10.0.0.1:40000\"]},\"orderTopicConf\":\"broker-b:8\","
                + "\"queueDatas\":[{\"brokerName\":\"broker-b\",\"perm\":7,\"readQueueNums\":8,\"topicSysFlag\":1,\"writeQueueNums\":8}],"
                + "\"topicQueueMappingByBroker\":{\"broker-b\":{\"bname\":\"broker-b\",\"currIdMap\":{\"0\":3},\"dirty\":false,"
                + "\"epoch\":2,\"scope\":\"__global__\",\"topic\":\"T\",\"totalQueues\":8}}}");
    }

    @Test
    void clusterInfo() {
        ClusterInfo info = new ClusterInfo(
            Map.of("broker-a", new BrokerData(Map.of(0L, "127.0.0.1:10911", 1L, "127.0.0.1:10921"), "broker-a", "DefaultCluster",
                false, null)),
            Map.of("DefaultCluster", Set.of("broker-a")));
        assertGolden(ClusterInfo.CODEC, info,
            "{\"brokerAddrTable\":{\"broker-a\":{\"brokerAddrs\":{\"0\":\"127.0.0.1:10911\",\"1\":\"127.0.0.1:10921\"},"
                + "\"brokerName\":\"broker-a\",\"cluster\":\"DefaultCluster\",\"enableActingMaster\":false}},"
                + "\"clusterAddrTable\":{\"DefaultCluster\":[\"broker-a\"]}}");
        // json-bodies.md §3.2, the 5.3.1 NameServer's default encoding.
        assertReads(ClusterInfo.CODEC,
            "{\"brokerAddrTable\":{\"broker-a\":{\"brokerAddrs\":{0:\"127.0.0.1:10911\",1:\"127.0.0.1:10921\"},\"brokerName\":"
                + "\"broker-a\",\"cluster\":\"DefaultCluster\",\"enableActingMaster\":false}},\"clusterAddrTable\":{\"DefaultCluster\":"
                + "[\"broker-a\"]}}", info);
    }

    @Test
    void brokerMemberGroup() {
        GetBrokerMemberGroupResponseBody body = new GetBrokerMemberGroupResponseBody(
            new BrokerMemberGroup(Map.of(0L, "127.0.0.1:10911"), "broker-a", "DefaultCluster"));
        assertGolden(GetBrokerMemberGroupResponseBody.CODEC, body,
            "{\"brokerMemberGroup\":{\"brokerAddrs\":{\"0\":\"127.0.0.1:10911\"},\"brokerName\":\"broker-a\",\"cluster\":\"DefaultCluster\"}}");
        assertReads(GetBrokerMemberGroupResponseBody.CODEC,
            "{\"brokerMemberGroup\":{\"brokerAddrs\":{0:\"127.0.0.1:10911\"},\"brokerName\":\"broker-a\",\"cluster\":\"DefaultCluster\"}}",
            body);
    }
}
