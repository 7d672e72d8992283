package dev.petrel.namesrv;

import static org.assertj.core.api.Assertions.assertThat;

import dev.petrel.protocol.body.DataVersion;
import dev.petrel.protocol.body.KVTable;
import dev.petrel.protocol.body.PropertiesBodyCodec;
import dev.petrel.protocol.body.route.ClusterInfo;
import dev.petrel.protocol.body.route.QueueData;
import dev.petrel.protocol.body.route.TopicRouteData;
import dev.petrel.protocol.body.topic.TopicConfig;
import dev.petrel.protocol.body.topic.TopicFilterType;
import dev.petrel.protocol.body.topic.TopicList;
import dev.petrel.protocol.code.ResponseCode;
import dev.petrel.protocol.frame.RemotingCommand;
import dev.petrel.protocol.header.namesrv.AddWritePermOfBrokerRequestHeader;
import dev.petrel.protocol.header.namesrv.AddWritePermOfBrokerResponseHeader;
import dev.petrel.protocol.header.namesrv.DeleteKVConfigRequestHeader;
import dev.petrel.protocol.header.namesrv.DeleteTopicFromNamesrvRequestHeader;
import dev.petrel.protocol.header.namesrv.GetKVConfigRequestHeader;
import dev.petrel.protocol.header.namesrv.GetKVConfigResponseHeader;
import dev.petrel.protocol.header.namesrv.GetKVListByNamespaceRequestHeader;
import dev.petrel.protocol.header.namesrv.GetRouteInfoRequestHeader;
import dev.petrel.protocol.header.namesrv.GetTopicsByClusterRequestHeader;
import dev.petrel.protocol.header.namesrv.PutKVConfigRequestHeader;
import dev.petrel.protocol.header.namesrv.WipeWritePermOfBrokerRequestHeader;
import dev.petrel.protocol.header.namesrv.WipeWritePermOfBrokerResponseHeader;
import dev.petrel.remoting.RemotingClient;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.Map;
import java.util.Set;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;

/** What clients and administrators ask, over real sockets. */
class NameServerAdminRequestsTest extends NameServerFixture {

    private static final String A0 = "10.0.0.1:10911";
    private static final String B0 = "10.0.0.3:10911";
    private static final DataVersion V1 = new DataVersion(1, 0, 1_000);

    private RemotingClient client;

    private RemotingCommand call(int code, Record header, byte[] body) throws Exception {
        return client.invokeSync(address, request(code, header, body), TIMEOUT);
    }

    private void twoBrokers() throws Exception {
        client = client();
        call(103, null, null); // no header: refused, registers nothing
        client.invokeSync(address, registerBroker("broker-a", 0, A0, body(V1, topic("T1", 4), topic("TBW102", 8),
            new TopicConfig("UNIT", 1, 1, 6, TopicFilterType.SINGLE_TAG, 1, false, Map.of()))), TIMEOUT);
        client.invokeSync(address, registerBroker("broker-b", 0, B0, body(V1, topic("T1", 4), topic("T2", 2))), TIMEOUT);
    }

    @Test
    void clusterInfoAndTopicLists() throws Exception {
        start(UnaryOperator.identity());
        twoBrokers();

        ClusterInfo info = ClusterInfo.CODEC.decode(call(106, null, null).body());
        assertThat(info.clusterAddrTable()).containsExactly(Map.entry(CLUSTER, Set.of("broker-a", "broker-b")));
        assertThat(info.brokerAddrTable().get("broker-b").brokerAddrs()).containsExactly(Map.entry(0L, B0));

        assertThat(TopicList.CODEC.decode(call(206, null, null).body()).topicList())
            .containsExactly("T1", "T2", "TBW102", "UNIT");
        assertThat(TopicList.CODEC.decode(call(224, new GetTopicsByClusterRequestHeader(CLUSTER), null).body())
            .topicList()).containsExactly("T1", "T2", "TBW102", "UNIT");
        assertThat(TopicList.CODEC.decode(call(311, null, null).body()).topicList()).containsExactly("UNIT");
        assertThat(TopicList.CODEC.decode(call(312, null, null).body()).topicList()).isEmpty();
        TopicList system = TopicList.CODEC.decode(call(304, null, null).body());
        assertThat(system.topicList()).containsExactlyInAnyOrder(CLUSTER, "broker-a", "broker-b");
        assertThat(system.brokerAddr()).isIn(A0, B0);

        RemotingCommand unknownCode = call(9999, null, null);
        assertThat(unknownCode.code()).isEqualTo(ResponseCode.REQUEST_CODE_NOT_SUPPORTED);
    }

    @Test
    void aMissingRouteSaysWhatTheNameServerKnows() throws Exception {
        start(UnaryOperator.identity());
        client = client();
        RemotingCommand empty = call(105, new GetRouteInfoRequestHeader("Nope", null, null), null);
        assertThat(empty.code()).isEqualTo(ResponseCode.TOPIC_NOT_EXIST);
        assertThat(empty.remark()).isEqualTo("No topic route info in name server for the topic: Nope; no broker has "
            + "registered with this name server yet (check the brokers' namesrvAddr)");

        twoBrokers();
        RemotingCommand missing = call(105, new GetRouteInfoRequestHeader("Nope", null, null), null);
        assertThat(missing.remark()).isEqualTo("No topic route info in name server for the topic: Nope; this name server "
            + "knows 2 brokers in 1 cluster (DefaultCluster) and 4 topics; create the topic (mqadmin updateTopic -c "
            + "DefaultCluster -t Nope) or set autoCreateTopicEnable=true on a broker");
        assertThat(missing.remark()).doesNotContain("\n");
    }

    @Test
    void writePermissionIsWipedAndAddedAndTopicsDeleted() throws Exception {
        start(UnaryOperator.identity());
        twoBrokers();

        RemotingCommand wiped = call(205, new WipeWritePermOfBrokerRequestHeader("broker-a"), null);
        assertThat(responseHeader(wiped, WipeWritePermOfBrokerResponseHeader.class).wipeTopicCount()).isEqualTo(3);
        assertThat(route("T1").queueDatas()).contains(new QueueData("broker-a", 4, 4, 0, 4));
        RemotingCommand added = call(327, new AddWritePermOfBrokerRequestHeader("broker-a"), null);
        assertThat(responseHeader(added, AddWritePermOfBrokerResponseHeader.class).addTopicCount()).isEqualTo(3);
        assertThat(route("T1").queueDatas()).contains(new QueueData("broker-a", 6, 4, 0, 4));

        assertThat(call(216, new DeleteTopicFromNamesrvRequestHeader("T1", "NoSuchCluster", null), null).code())
            .isEqualTo(ResponseCode.SUCCESS);
        assertThat(route("T1")).isNotNull();
        call(216, new DeleteTopicFromNamesrvRequestHeader("T1", null, null), null);
        assertThat(route("T1")).isNull();
    }

    private TopicRouteData route(String topic) throws Exception {
        RemotingCommand response = call(105, new GetRouteInfoRequestHeader(topic, null, null), null);
        return response.code() == ResponseCode.SUCCESS ? TopicRouteData.CODEC.decode(response.body()) : null;
    }

    @Test
    void kvConfigIsPutReadListedDeletedAndSaved() throws Exception {
        start(UnaryOperator.identity());
        client = client();

        assertThat(call(100, new PutKVConfigRequestHeader("ns", "k", "v"), null).code()).isEqualTo(ResponseCode.SUCCESS);
        RemotingCommand got = call(101, new GetKVConfigRequestHeader("ns", "k"), null);
        assertThat(responseHeader(got, GetKVConfigResponseHeader.class).value()).isEqualTo("v");
        assertThat(KVTable.CODEC.decode(call(219, new GetKVListByNamespaceRequestHeader("ns"), null).body()).table())
            .containsExactly(Map.entry("k", "v"));
        assertThat(Files.readString(dir.resolve("kvConfig.json"))).contains("\"k\" : \"v\"");

        assertThat(call(102, new DeleteKVConfigRequestHeader("ns", "k"), null).code()).isEqualTo(ResponseCode.SUCCESS);
        RemotingCommand gone = call(101, new GetKVConfigRequestHeader("ns", "k"), null);
        assertThat(gone.code()).isEqualTo(ResponseCode.QUERY_NOT_FOUND);
        assertThat(gone.remark()).isEqualTo("No config item, Namespace: ns Key: k");
        RemotingCommand noNamespace = call(219, new GetKVListByNamespaceRequestHeader("other"), null);
        assertThat(noNamespace.code()).isEqualTo(ResponseCode.QUERY_NOT_FOUND);
        assertThat(noNamespace.remark()).isEqualTo("No config item, Namespace: other");

        RemotingCommand missingValue = client.invokeSync(address, RemotingCommand.request(100,
            Map.of("namespace", "ns", "key", "k"), null), TIMEOUT);
        assertThat(missingValue.code()).isEqualTo(ResponseCode.SYSTEM_ERROR);
        assertThat(missingValue.remark()).isEqualTo("the custom field <value> is null");
    }

    @Test
    void configIsReadAndUpdatedWithinItsRules() throws Exception {
        start(UnaryOperator.identity());
        client = client();

        Map<String, String> config = PropertiesBodyCodec.decode(call(319, null, null).body());
        assertThat(config).containsEntry("enableAllTopicList", "true").containsEntry("scanNotActiveBrokerInterval", "5000")
            .containsEntry("listenPort", "0").containsEntry("serverSelectorThreads", "1").doesNotContainKey("rocketmqHome");

        RemotingCommand black = call(318, null, "kvConfigPath=/tmp/x\n".getBytes(StandardCharsets.UTF_8));
        assertThat(black.code()).isEqualTo(ResponseCode.NO_PERMISSION);
        assertThat(black.remark()).startsWith("Can not update config in black list. kvConfigPath");
        RemotingCommand unknown = call(318, null, "noSuchThing=1\nenableTopicList=false".getBytes(StandardCharsets.UTF_8));
        assertThat(unknown.code()).isEqualTo(ResponseCode.SYSTEM_ERROR);
        assertThat(unknown.remark()).startsWith("unknown property noSuchThing");
        RemotingCommand fixed = call(318, null, "listenPort=1\n".getBytes(StandardCharsets.UTF_8));
        assertThat(fixed.remark()).startsWith("property listenPort cannot be changed at runtime");
        RemotingCommand bad = call(318, null, "enableAllTopicList=maybe\n".getBytes(StandardCharsets.UTF_8));
        assertThat(bad.remark()).startsWith("property enableAllTopicList: 'maybe' is not true or false");
        assertThat(nameServer.config().enableTopicList()).as("nothing of a refused update applies").isTrue();

        RemotingCommand ok = call(318, null, "enableAllTopicList=false\nenableTopicList=false\n"
            .getBytes(StandardCharsets.UTF_8));
        assertThat(ok.code()).isEqualTo(ResponseCode.SUCCESS);
        RemotingCommand disabled = call(206, null, null);
        assertThat(disabled.code()).isEqualTo(ResponseCode.SYSTEM_ERROR);
        assertThat(disabled.remark()).isEqualTo("disable: enableAllTopicList is false on this name server");
        assertThat(call(311, null, null).remark()).startsWith("disable");
        assertThat(Files.readString(dir.resolve("namesrv.properties")))
            .isEqualTo("enableAllTopicList=false\nenableTopicList=false\n");
    }

    @Test
    void orderTopicConfigIsAddedToRoutesWhenOrderMessagesAreEnabled() throws Exception {
        start(c -> c.with(NamesrvConfig.ORDER_MESSAGE_ENABLE, true));
        twoBrokers();
        call(100, new PutKVConfigRequestHeader("ORDER_TOPIC_CONFIG", "T1", "broker-a:4;broker-b:4"), null);

        assertThat(route("T1").orderTopicConf()).isEqualTo("broker-a:4;broker-b:4");
        assertThat(route("T2").orderTopicConf()).isNull();
    }

    @Test
    void needWaitForServiceHoldsRoutesBackUntilTheWindowPassed() throws Exception {
        start(c -> c.with(NamesrvConfig.NEED_WAIT_FOR_SERVICE, true).with(NamesrvConfig.WAIT_SECONDS_FOR_SERVICE, 45));
        twoBrokers();

        RemotingCommand early = call(105, new GetRouteInfoRequestHeader("T1", null, null), null);
        assertThat(early.code()).isEqualTo(ResponseCode.SYSTEM_ERROR);
        assertThat(early.remark()).startsWith("name server not ready");

        clock.advance(45, java.util.concurrent.TimeUnit.SECONDS);
        assertThat(route("T1")).isNotNull();
    }
}
