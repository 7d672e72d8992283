package dev.petrel.compat.protocol;

import static dev.petrel.compat.protocol.ApacheBodies.assertSame;
import static dev.petrel.compat.protocol.ApacheBodies.canonical;
import static org.assertj.core.api.Assertions.assertThat;

import com.alibaba.fastjson.JSON;
import com.alibaba.fastjson.serializer.SerializerFeature;
import dev.petrel.protocol.body.DataVersion;
import dev.petrel.protocol.body.KVTable;
import dev.petrel.protocol.body.register.RegisterBrokerBody;
import dev.petrel.protocol.body.register.RegisterBrokerBodyCodec;
import dev.petrel.protocol.body.route.BrokerData;
import dev.petrel.protocol.body.route.BrokerMemberGroup;
import dev.petrel.protocol.body.route.ClusterInfo;
import dev.petrel.protocol.body.route.GetBrokerMemberGroupResponseBody;
import dev.petrel.protocol.body.route.QueueData;
import dev.petrel.protocol.body.route.TopicRouteData;
import dev.petrel.protocol.body.topic.CreateTopicListRequestBody;
import dev.petrel.protocol.body.topic.TopicConfig;
import dev.petrel.protocol.body.topic.TopicConfigAndMappingSerializeWrapper;
import dev.petrel.protocol.body.topic.TopicConfigAndQueueMapping;
import dev.petrel.protocol.body.topic.TopicFilterType;
import dev.petrel.protocol.body.topic.TopicList;
import dev.petrel.protocol.body.topic.TopicQueueMappingDetail;
import dev.petrel.protocol.body.topic.TopicQueueMappingInfo;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.rocketmq.common.MQVersion;
import org.apache.rocketmq.remoting.protocol.statictopic.LogicQueueMappingItem;
import org.junit.jupiter.api.Test;

/** Routes, cluster info, registration (JSON and compressed), topic configs and lists against Apache 5.3.1. */
class RouteAndRegistrationBodyCompatTest {

    static org.apache.rocketmq.remoting.protocol.DataVersion apacheVersion(long counter, long timestamp) {
        org.apache.rocketmq.remoting.protocol.DataVersion version = new org.apache.rocketmq.remoting.protocol.DataVersion();
        version.setCounter(new AtomicLong(counter));
        version.setStateVersion(0);
        version.setTimestamp(timestamp);
        return version;
    }

    static org.apache.rocketmq.common.TopicConfig apacheTopic(String name, int read, int write, int perm) {
        org.apache.rocketmq.common.TopicConfig topic = new org.apache.rocketmq.common.TopicConfig(name, read, write, perm);
        topic.setAttributes(new HashMap<>(Map.of("message.type", "NORMAL")));
        return topic;
    }

    static TopicConfig petrelTopic(String name, int read, int write, int perm) {
        return new TopicConfig(name, read, write, perm, TopicFilterType.SINGLE_TAG, 0, false, Map.of("message.type", "NORMAL"));
    }

    private static org.apache.rocketmq.remoting.protocol.route.TopicRouteData apacheRoute() {
        org.apache.rocketmq.remoting.protocol.route.QueueData queues = new org.apache.rocketmq.remoting.protocol.route.QueueData();
        queues.setBrokerName("broker-a");
        queues.setPerm(6);
        queues.setReadQueueNums(4);
        queues.setWriteQueueNums(4);
        queues.setTopicSysFlag(0);
        HashMap<Long, String> addrs = new HashMap<>(Map.of(0L, "127.0.0.1:10911", 1L, "127.0.0.1:10921"));
        org.apache.rocketmq.remoting.protocol.route.TopicRouteData route = new org.apache.rocketmq.remoting.protocol.route.TopicRouteData();
        route.setQueueDatas(new ArrayList<>(List.of(queues)));
        route.setBrokerDatas(new ArrayList<>(List.of(
            new org.apache.rocketmq.remoting.protocol.route.BrokerData("DefaultCluster", "broker-a", addrs, false, "zone-1"))));
        route.setFilterServerTable(new HashMap<>());
        route.setOrderTopicConf("broker-a:4");
        return route;
    }

    private static final TopicRouteData PETREL_ROUTE = new TopicRouteData(
        List.of(new BrokerData(Map.of(0L, "127.0.0.1:10911", 1L, "127.0.0.1:10921"), "broker-a", "DefaultCluster", false, "zone-1")),
        Map.of(), "broker-a:4", List.of(new QueueData("broker-a", 6, 4, 0, 4)), null);

    @Test
    void topicRouteDataInBothNameServerEncodings() {
        org.apache.rocketmq.remoting.protocol.route.TopicRouteData apache = apacheRoute();
        // Default encoding: unquoted Long keys (old clients).
        assertSame(apache, dev.petrel.protocol.body.route.TopicRouteData.CODEC, PETREL_ROUTE);
        // What the NameServer sends to version >= 401 (ClientRequestProcessor).
        byte[] standard = apache.encode(SerializerFeature.BrowserCompatible, SerializerFeature.QuoteFieldNames,
            SerializerFeature.SkipTransientField, SerializerFeature.MapSortField);
        assertSame(apache, standard, TopicRouteData.CODEC, PETREL_ROUTE);
        // Apache's own equality agrees.
        assertThat(org.apache.rocketmq.remoting.protocol.route.TopicRouteData.decode(TopicRouteData.CODEC.encode(PETREL_ROUTE),
            org.apache.rocketmq.remoting.protocol.route.TopicRouteData.class)).isEqualTo(apache);
    }

    @Test
    void staticTopicRoutes() {
        org.apache.rocketmq.remoting.protocol.route.TopicRouteData apache = apacheRoute();
        org.apache.rocketmq.remoting.protocol.statictopic.TopicQueueMappingInfo info =
            new org.apache.rocketmq.remoting.protocol.statictopic.TopicQueueMappingInfo("T", 8, "broker-a", 3);
        info.setCurrIdMap(new ConcurrentHashMap<>(Map.of(0, 1, 7, 2)));
        apache.setTopicQueueMappingByBroker(new HashMap<>(Map.of("broker-a", info)));
        TopicRouteData petrel = new TopicRouteData(PETREL_ROUTE.brokerDatas(), Map.of(), "broker-a:4", PETREL_ROUTE.queueDatas(),
            Map.of("broker-a", new TopicQueueMappingInfo("broker-a", Map.of(0, 1, 7, 2), false, 3, "__global__", "T", 8)));
        assertSame(apache, TopicRouteData.CODEC, petrel);
    }

    @Test
    void clusterInfo() {
        org.apache.rocketmq.remoting.protocol.body.ClusterInfo apache = new org.apache.rocketmq.remoting.protocol.body.ClusterInfo();
        HashMap<Long, String> addrs = new HashMap<>(Map.of(0L, "127.0.0.1:10911", 1L, "127.0.0.1:10921"));
        apache.setBrokerAddrTable(new HashMap<>(Map.of("broker-a",
            new org.apache.rocketmq.remoting.protocol.route.BrokerData("DefaultCluster", "broker-a", addrs))));
        apache.setClusterAddrTable(new HashMap<>(Map.of("DefaultCluster", new HashSet<>(Set.of("broker-a")))));
        assertSame(apache, ClusterInfo.CODEC, new ClusterInfo(
            Map.of("broker-a", new BrokerData(Map.of(0L, "127.0.0.1:10911", 1L, "127.0.0.1:10921"), "broker-a", "DefaultCluster",
                false, null)),
            Map.of("DefaultCluster", Set.of("broker-a"))));
    }

    @Test
    void brokerMemberGroup() {
        org.apache.rocketmq.remoting.protocol.body.BrokerMemberGroup group =
            new org.apache.rocketmq.remoting.protocol.body.BrokerMemberGroup("DefaultCluster", "broker-a");
        group.setBrokerAddrs(new HashMap<>(Map.of(0L, "127.0.0.1:10911")));
        org.apache.rocketmq.remoting.protocol.body.GetBrokerMemberGroupResponseBody apache =
            new org.apache.rocketmq.remoting.protocol.body.GetBrokerMemberGroupResponseBody();
        apache.setBrokerMemberGroup(group);
        assertSame(apache, GetBrokerMemberGroupResponseBody.CODEC, new GetBrokerMemberGroupResponseBody(
            new BrokerMemberGroup(Map.of(0L, "127.0.0.1:10911"), "broker-a", "DefaultCluster")));
    }

    private static org.apache.rocketmq.remoting.protocol.body.RegisterBrokerBody apacheRegistration() {
        org.apache.rocketmq.remoting.protocol.body.TopicConfigAndMappingSerializeWrapper wrapper =
            new org.apache.rocketmq.remoting.protocol.body.TopicConfigAndMappingSerializeWrapper();
        wrapper.setDataVersion(apacheVersion(7, 1700000000000L));
        wrapper.setMappingDataVersion(apacheVersion(0, 1700000000001L));
        org.apache.rocketmq.common.TopicConfig ordered = apacheTopic("Ordered", 2, 2, 6);
        ordered.setOrder(true);
        ordered.setTopicSysFlag(1);
        wrapper.setTopicConfigTable(new ConcurrentHashMap<>(Map.of("TopicTest", apacheTopic("TopicTest", 4, 4, 6),
            "Ordered", ordered)));
        org.apache.rocketmq.remoting.protocol.statictopic.TopicQueueMappingInfo info =
            new org.apache.rocketmq.remoting.protocol.statictopic.TopicQueueMappingInfo("S", 1, "broker-a", 2);
        info.setCurrIdMap(new ConcurrentHashMap<>(Map.of(0, 0)));
        wrapper.setTopicQueueMappingInfoMap(new HashMap<>(Map.of("S", info)));
        org.apache.rocketmq.remoting.protocol.body.RegisterBrokerBody body = new org.apache.rocketmq.remoting.protocol.body.RegisterBrokerBody();
        body.setTopicConfigSerializeWrapper(wrapper);
        return body;
    }

    private static final TopicConfig ORDERED = new TopicConfig("Ordered", 2, 2, 6, TopicFilterType.SINGLE_TAG, 1, true,
        Map.of("message.type", "NORMAL"));
    private static final TopicQueueMappingInfo MAPPING = new TopicQueueMappingInfo("broker-a", Map.of(0, 0), false, 2, "__global__",
        "S", 1);

    @Test
    void registerBrokerBodyAsJson() {
        RegisterBrokerBody petrel = new RegisterBrokerBody(List.of(), new TopicConfigAndMappingSerializeWrapper(
            new DataVersion(7, 0, 1700000000000L), new DataVersion(0, 0, 1700000000001L),
            Map.of("TopicTest", petrelTopic("TopicTest", 4, 4, 6), "Ordered", ORDERED), Map.of(), Map.of("S", MAPPING)));
        assertSame(apacheRegistration(), RegisterBrokerBody.CODEC, petrel);
    }

    @Test
    void registerBrokerBodyCompressedBothWays() throws Exception {
        byte[] compressed = apacheRegistration().encode(true);
        // The compressed form carries neither order/topicSysFlag nor the mapping data version.
        TopicConfig orderedAsCarried = new TopicConfig("Ordered", 2, 2, 6, TopicFilterType.SINGLE_TAG, 0, false,
            Map.of("message.type", "NORMAL"));
        RegisterBrokerBody expected = new RegisterBrokerBody(List.of(), new TopicConfigAndMappingSerializeWrapper(
            new DataVersion(7, 0, 1700000000000L), null,
            Map.of("TopicTest", petrelTopic("TopicTest", 4, 4, 6), "Ordered", orderedAsCarried), Map.of(), Map.of("S", MAPPING)));
        assertThat(RegisterBrokerBodyCodec.decode(compressed, true, 475)).isEqualTo(expected);

        byte[] petrelCompressed = RegisterBrokerBodyCodec.encode(expected, true);
        org.apache.rocketmq.remoting.protocol.body.RegisterBrokerBody apache =
            org.apache.rocketmq.remoting.protocol.body.RegisterBrokerBody.decode(petrelCompressed, true, MQVersion.Version.V5_3_1);
        org.apache.rocketmq.remoting.protocol.body.TopicConfigAndMappingSerializeWrapper wrapper = apache.getTopicConfigSerializeWrapper();
        assertThat(wrapper.getDataVersion()).isEqualTo(apacheVersion(7, 1700000000000L));
        org.apache.rocketmq.common.TopicConfig orderedApache = apacheTopic("Ordered", 2, 2, 6);
        assertThat(wrapper.getTopicConfigTable()).isEqualTo(Map.of("TopicTest", apacheTopic("TopicTest", 4, 4, 6), "Ordered", orderedApache));
        assertThat(canonical(wrapper.getTopicQueueMappingInfoMap()))
            .isEqualTo(canonical(apacheRegistration().getTopicConfigSerializeWrapper().getTopicQueueMappingInfoMap()));
        assertThat(apache.getFilterServerList()).isEmpty();
        // Apache's CRC matches Petrel's.
        assertThat(RegisterBrokerBodyCodec.bodyCrc32(compressed)).isEqualTo(org.apache.rocketmq.common.UtilAll.crc32(compressed));
    }

    @Test
    void topicConfigsAndLists() {
        org.apache.rocketmq.common.TopicConfig apache = apacheTopic("TopicTest", 4, 2, 7);
        apache.setTopicFilterType(org.apache.rocketmq.common.TopicFilterType.MULTI_TAG);
        apache.setOrder(true);
        TopicConfig petrel = new TopicConfig("TopicTest", 4, 2, 7, TopicFilterType.MULTI_TAG, 0, true, Map.of("message.type", "NORMAL"));
        assertSame(apache, JSON.toJSONBytes(apache), TopicConfig.CODEC, petrel);

        org.apache.rocketmq.remoting.protocol.body.CreateTopicListRequestBody list =
            new org.apache.rocketmq.remoting.protocol.body.CreateTopicListRequestBody(new ArrayList<>(List.of(apache)));
        assertSame(list, CreateTopicListRequestBody.CODEC, new CreateTopicListRequestBody(List.of(petrel)));

        org.apache.rocketmq.remoting.protocol.body.TopicList topics = new org.apache.rocketmq.remoting.protocol.body.TopicList();
        topics.setTopicList(new HashSet<>(Set.of("TopicTest", "Other")));
        topics.setBrokerAddr("127.0.0.1:10911");
        assertSame(topics, TopicList.CODEC, new TopicList("127.0.0.1:10911", Set.of("TopicTest", "Other")));

        org.apache.rocketmq.remoting.protocol.body.KVTable kv = new org.apache.rocketmq.remoting.protocol.body.KVTable();
        kv.setTable(new HashMap<>(Map.of("TopicOrder", "broker-a:4", "k", "v")));
        assertSame(kv, KVTable.CODEC, new KVTable(Map.of("TopicOrder", "broker-a:4", "k", "v")));

        org.apache.rocketmq.remoting.protocol.DataVersion version = apacheVersion(3, 1700000000000L);
        version.setStateVersion(2);
        assertSame(version, DataVersion.CODEC, new DataVersion(3, 2, 1700000000000L));
    }

    @Test
    void topicConfigWithMappingDetail() {
        org.apache.rocketmq.remoting.protocol.statictopic.TopicQueueMappingDetail detail =
            new org.apache.rocketmq.remoting.protocol.statictopic.TopicQueueMappingDetail("S", 1, "broker-a", 2);
        detail.setCurrIdMap(new ConcurrentHashMap<>(Map.of(0, 0)));
        detail.setHostedQueues(new ConcurrentHashMap<>(Map.of(0,
            new ArrayList<>(List.of(new LogicQueueMappingItem(0, 0, "broker-a", 0, 0, -1, 1700000000000L, -1))))));
        org.apache.rocketmq.remoting.protocol.statictopic.TopicConfigAndQueueMapping apache =
            new org.apache.rocketmq.remoting.protocol.statictopic.TopicConfigAndQueueMapping(apacheTopic("S", 1, 1, 6), detail);
        TopicConfigAndQueueMapping petrel = TopicConfigAndQueueMapping.of(petrelTopic("S", 1, 1, 6), new TopicQueueMappingDetail(
            "broker-a", Map.of(0, 0), false, 2,
            Map.of(0, List.of(new dev.petrel.protocol.body.topic.LogicQueueMappingItem("broker-a", -1, 0, 0, 0, 0, -1, 1700000000000L))),
            "__global__", "S", 1));
        assertSame(apache, JSON.toJSONBytes(apache), TopicConfigAndQueueMapping.CODEC, petrel);
    }
}
