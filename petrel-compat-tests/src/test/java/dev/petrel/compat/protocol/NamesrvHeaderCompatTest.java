package dev.petrel.compat.protocol;

import static dev.petrel.compat.protocol.ApacheHeaders.assertSame;
import static org.assertj.core.api.Assertions.assertThat;

import dev.petrel.protocol.header.RecordHeaderCodec;
import dev.petrel.protocol.header.RpcFields;
import java.util.Map;
import org.apache.rocketmq.remoting.protocol.RequestCode;
import org.apache.rocketmq.remoting.protocol.header.GetBrokerMemberGroupRequestHeader;
import org.apache.rocketmq.remoting.protocol.header.namesrv.AddWritePermOfBrokerRequestHeader;
import org.apache.rocketmq.remoting.protocol.header.namesrv.AddWritePermOfBrokerResponseHeader;
import org.apache.rocketmq.remoting.protocol.header.namesrv.BrokerHeartbeatRequestHeader;
import org.apache.rocketmq.remoting.protocol.header.namesrv.DeleteKVConfigRequestHeader;
import org.apache.rocketmq.remoting.protocol.header.namesrv.DeleteTopicFromNamesrvRequestHeader;
import org.apache.rocketmq.remoting.protocol.header.namesrv.GetKVConfigRequestHeader;
import org.apache.rocketmq.remoting.protocol.header.namesrv.GetKVConfigResponseHeader;
import org.apache.rocketmq.remoting.protocol.header.namesrv.GetKVListByNamespaceRequestHeader;
import org.apache.rocketmq.remoting.protocol.header.namesrv.GetRouteInfoRequestHeader;
import org.apache.rocketmq.remoting.protocol.header.GetTopicsByClusterRequestHeader;
import org.apache.rocketmq.remoting.protocol.header.namesrv.PutKVConfigRequestHeader;
import org.apache.rocketmq.remoting.protocol.header.namesrv.QueryDataVersionRequestHeader;
import org.apache.rocketmq.remoting.protocol.header.namesrv.QueryDataVersionResponseHeader;
import org.apache.rocketmq.remoting.protocol.header.namesrv.RegisterBrokerRequestHeader;
import org.apache.rocketmq.remoting.protocol.header.namesrv.RegisterBrokerResponseHeader;
import org.apache.rocketmq.remoting.protocol.header.namesrv.RegisterTopicRequestHeader;
import org.apache.rocketmq.remoting.protocol.header.namesrv.UnRegisterBrokerRequestHeader;
import org.apache.rocketmq.remoting.protocol.header.namesrv.WipeWritePermOfBrokerRequestHeader;
import org.apache.rocketmq.remoting.protocol.header.namesrv.WipeWritePermOfBrokerResponseHeader;
import org.junit.jupiter.api.Test;

/** NameServer headers (request-codes.md §3) against the Apache 5.3.1 header classes. */
class NamesrvHeaderCompatTest {

    @Test
    void registerBroker() {
        RegisterBrokerRequestHeader apache = new RegisterBrokerRequestHeader();
        apache.setBrokerName("broker-a");
        apache.setBrokerAddr("127.0.0.1:10911");
        apache.setClusterName("DefaultCluster");
        apache.setHaServerAddr("127.0.0.1:10912");
        apache.setBrokerId(0L);
        apache.setHeartbeatTimeoutMillis(120000L);
        apache.setEnableActingMaster(false);
        apache.setCompressed(false);
        apache.setBodyCrc32(123456);
        assertSame(RequestCode.REGISTER_BROKER, apache, Map.of("zoneName", "zone-1"),
            new dev.petrel.protocol.header.namesrv.RegisterBrokerRequestHeader("broker-a", "127.0.0.1:10911", "DefaultCluster",
                "127.0.0.1:10912", 0L, 120000L, false, false, 123456, "zone-1"));

        RegisterBrokerRequestHeader sparse = new RegisterBrokerRequestHeader();
        sparse.setBrokerName("b");
        sparse.setBrokerAddr("a:1");
        sparse.setClusterName("c");
        sparse.setHaServerAddr("h:2");
        sparse.setBrokerId(3L);
        sparse.setCompressed(true);
        assertSame(RequestCode.REGISTER_BROKER, sparse,
            new dev.petrel.protocol.header.namesrv.RegisterBrokerRequestHeader("b", "a:1", "c", "h:2", 3L, null, null, true, 0,
                null));

        RegisterBrokerResponseHeader response = new RegisterBrokerResponseHeader();
        response.setHaServerAddr("127.0.0.1:10912");
        response.setMasterAddr("127.0.0.1:10911");
        assertSame(RequestCode.REGISTER_BROKER, response,
            new dev.petrel.protocol.header.namesrv.RegisterBrokerResponseHeader("127.0.0.1:10912", "127.0.0.1:10911"));
    }

    @Test
    void unregisterAndDataVersion() {
        UnRegisterBrokerRequestHeader unregister = new UnRegisterBrokerRequestHeader();
        unregister.setBrokerName("broker-a");
        unregister.setBrokerAddr("127.0.0.1:10911");
        unregister.setClusterName("DefaultCluster");
        unregister.setBrokerId(1L);
        assertSame(RequestCode.UNREGISTER_BROKER, unregister,
            new dev.petrel.protocol.header.namesrv.UnRegisterBrokerRequestHeader("broker-a", "127.0.0.1:10911", "DefaultCluster", 1L));

        QueryDataVersionRequestHeader query = new QueryDataVersionRequestHeader();
        query.setBrokerName("broker-a");
        query.setBrokerAddr("127.0.0.1:10911");
        query.setClusterName("DefaultCluster");
        query.setBrokerId(0L);
        assertSame(RequestCode.QUERY_DATA_VERSION, query,
            new dev.petrel.protocol.header.namesrv.QueryDataVersionRequestHeader("broker-a", "127.0.0.1:10911", "DefaultCluster", 0L));
        QueryDataVersionResponseHeader changed = new QueryDataVersionResponseHeader();
        changed.setChanged(true);
        assertSame(RequestCode.QUERY_DATA_VERSION, changed, new dev.petrel.protocol.header.namesrv.QueryDataVersionResponseHeader(true));

        BrokerHeartbeatRequestHeader heartbeat = new BrokerHeartbeatRequestHeader();
        heartbeat.setClusterName("DefaultCluster");
        heartbeat.setBrokerAddr("127.0.0.1:10911");
        heartbeat.setBrokerName("broker-a");
        heartbeat.setBrokerId(0L);
        heartbeat.setEpoch(2);
        heartbeat.setMaxOffset(100L);
        heartbeat.setConfirmOffset(90L);
        heartbeat.setHeartbeatTimeoutMills(10000L);
        heartbeat.setElectionPriority(1);
        assertSame(RequestCode.BROKER_HEARTBEAT, heartbeat,
            new dev.petrel.protocol.header.namesrv.BrokerHeartbeatRequestHeader("DefaultCluster", "127.0.0.1:10911", "broker-a", 0L, 2,
                100L, 90L, 10000L, 1));
    }

    @Test
    void routesAndTopics() {
        GetRouteInfoRequestHeader route = new GetRouteInfoRequestHeader();
        route.setTopic("TopicTest");
        assertSame(RequestCode.GET_ROUTEINFO_BY_TOPIC, route,
            new dev.petrel.protocol.header.namesrv.GetRouteInfoRequestHeader("TopicTest", null, RpcFields.NONE));
        GetRouteInfoRequestHeader full = new GetRouteInfoRequestHeader();
        full.setTopic("T");
        full.setAcceptStandardJsonOnly(true);
        full.setNamespace("ns1");
        full.setNamespaced(true);
        full.setBrokerName("b");
        full.setOneway(false);
        full.setLo(true);
        assertSame(RequestCode.GET_ROUTEINFO_BY_TOPIC, full,
            new dev.petrel.protocol.header.namesrv.GetRouteInfoRequestHeader("T", true, new RpcFields("ns1", true, "b", false, true)));

        GetTopicsByClusterRequestHeader byCluster = new GetTopicsByClusterRequestHeader();
        byCluster.setCluster("DefaultCluster");
        assertSame(RequestCode.GET_TOPICS_BY_CLUSTER, byCluster,
            new dev.petrel.protocol.header.namesrv.GetTopicsByClusterRequestHeader("DefaultCluster"));

        DeleteTopicFromNamesrvRequestHeader delete = new DeleteTopicFromNamesrvRequestHeader();
        delete.setTopic("T");
        delete.setClusterName("DefaultCluster");
        assertSame(RequestCode.DELETE_TOPIC_IN_NAMESRV, delete,
            new dev.petrel.protocol.header.namesrv.DeleteTopicFromNamesrvRequestHeader("T", "DefaultCluster", RpcFields.NONE));

        RegisterTopicRequestHeader register = new RegisterTopicRequestHeader();
        register.setTopic("T");
        assertSame(RequestCode.REGISTER_TOPIC_IN_NAMESRV, register,
            new dev.petrel.protocol.header.namesrv.RegisterTopicRequestHeader("T", RpcFields.NONE));

        GetBrokerMemberGroupRequestHeader members = new GetBrokerMemberGroupRequestHeader();
        members.setClusterName("DefaultCluster");
        members.setBrokerName("broker-a");
        assertSame(RequestCode.GET_BROKER_MEMBER_GROUP, members,
            new dev.petrel.protocol.header.namesrv.GetBrokerMemberGroupRequestHeader("DefaultCluster", "broker-a"));
    }

    @Test
    void permissions() {
        WipeWritePermOfBrokerRequestHeader wipe = new WipeWritePermOfBrokerRequestHeader();
        wipe.setBrokerName("broker-a");
        assertSame(RequestCode.WIPE_WRITE_PERM_OF_BROKER, wipe,
            new dev.petrel.protocol.header.namesrv.WipeWritePermOfBrokerRequestHeader("broker-a"));
        WipeWritePermOfBrokerResponseHeader wiped = new WipeWritePermOfBrokerResponseHeader();
        wiped.setWipeTopicCount(3);
        assertSame(RequestCode.WIPE_WRITE_PERM_OF_BROKER, wiped,
            new dev.petrel.protocol.header.namesrv.WipeWritePermOfBrokerResponseHeader(3));
        AddWritePermOfBrokerRequestHeader add = new AddWritePermOfBrokerRequestHeader();
        add.setBrokerName("broker-a");
        assertSame(RequestCode.ADD_WRITE_PERM_OF_BROKER, add,
            new dev.petrel.protocol.header.namesrv.AddWritePermOfBrokerRequestHeader("broker-a"));
        AddWritePermOfBrokerResponseHeader added = new AddWritePermOfBrokerResponseHeader();
        added.setAddTopicCount(4);
        assertSame(RequestCode.ADD_WRITE_PERM_OF_BROKER, added,
            new dev.petrel.protocol.header.namesrv.AddWritePermOfBrokerResponseHeader(4));
    }

    @Test
    void kvConfig() {
        PutKVConfigRequestHeader put = new PutKVConfigRequestHeader();
        put.setNamespace("ORDER_TOPIC_CONFIG");
        put.setKey("T");
        put.setValue("broker-a:4");
        assertSame(RequestCode.PUT_KV_CONFIG, put,
            new dev.petrel.protocol.header.namesrv.PutKVConfigRequestHeader("ORDER_TOPIC_CONFIG", "T", "broker-a:4"));
        GetKVConfigRequestHeader get = new GetKVConfigRequestHeader();
        get.setNamespace("ns");
        get.setKey("k");
        assertSame(RequestCode.GET_KV_CONFIG, get, new dev.petrel.protocol.header.namesrv.GetKVConfigRequestHeader("ns", "k"));
        GetKVConfigResponseHeader value = new GetKVConfigResponseHeader();
        value.setValue("v");
        assertSame(RequestCode.GET_KV_CONFIG, value, new dev.petrel.protocol.header.namesrv.GetKVConfigResponseHeader("v"));
        DeleteKVConfigRequestHeader delete = new DeleteKVConfigRequestHeader();
        delete.setNamespace("ns");
        delete.setKey("k");
        assertSame(RequestCode.DELETE_KV_CONFIG, delete, new dev.petrel.protocol.header.namesrv.DeleteKVConfigRequestHeader("ns", "k"));
        GetKVListByNamespaceRequestHeader list = new GetKVListByNamespaceRequestHeader();
        list.setNamespace("ns");
        assertSame(RequestCode.GET_KVLIST_BY_NAMESPACE, list, new dev.petrel.protocol.header.namesrv.GetKVListByNamespaceRequestHeader("ns"));
    }

    @Test
    void missingRequiredFieldIsRejectedWithTheMessageApacheOnlyLogs() {
        // Apache 5.3.1 builds "the custom field <key> is null" but catches it itself, logs it and returns the header
        // with a null field; Petrel reports it so the server can answer SYSTEM_ERROR with that text.
        Map<String, String> noKey = Map.of("namespace", "ns");
        GetKVConfigRequestHeader apache = (GetKVConfigRequestHeader) ApacheHeaders.apacheDecode(RequestCode.GET_KV_CONFIG, noKey,
            GetKVConfigRequestHeader.class);
        assertThat(apache.getKey()).isNull();
        assertThat(RecordHeaderCodec.of(dev.petrel.protocol.header.namesrv.GetKVConfigRequestHeader.class).decode(noKey)
            .errorMessage()).isEqualTo("the custom field <key> is null");
    }
}
