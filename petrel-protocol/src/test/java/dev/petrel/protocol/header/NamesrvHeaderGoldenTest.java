package dev.petrel.protocol.header;

import static dev.petrel.protocol.header.Golden.assertGolden;
import static dev.petrel.protocol.header.Golden.fields;

import dev.petrel.protocol.header.namesrv.AddWritePermOfBrokerRequestHeader;
import dev.petrel.protocol.header.namesrv.AddWritePermOfBrokerResponseHeader;
import dev.petrel.protocol.header.namesrv.BrokerHeartbeatRequestHeader;
import dev.petrel.protocol.header.namesrv.DeleteKVConfigRequestHeader;
import dev.petrel.protocol.header.namesrv.DeleteTopicFromNamesrvRequestHeader;
import dev.petrel.protocol.header.namesrv.GetBrokerMemberGroupRequestHeader;
import dev.petrel.protocol.header.namesrv.GetKVConfigRequestHeader;
import dev.petrel.protocol.header.namesrv.GetKVConfigResponseHeader;
import dev.petrel.protocol.header.namesrv.GetKVListByNamespaceRequestHeader;
import dev.petrel.protocol.header.namesrv.GetRouteInfoRequestHeader;
import dev.petrel.protocol.header.namesrv.GetTopicsByClusterRequestHeader;
import dev.petrel.protocol.header.namesrv.PutKVConfigRequestHeader;
import dev.petrel.protocol.header.namesrv.QueryDataVersionRequestHeader;
import dev.petrel.protocol.header.namesrv.QueryDataVersionResponseHeader;
import dev.petrel.protocol.header.namesrv.RegisterBrokerRequestHeader;
import dev.petrel.protocol.header.namesrv.RegisterBrokerResponseHeader;
import dev.petrel.protocol.header.namesrv.RegisterTopicRequestHeader;
import dev.petrel.protocol.header.namesrv.UnRegisterBrokerRequestHeader;
import dev.petrel.protocol.header.namesrv.WipeWritePermOfBrokerRequestHeader;
import dev.petrel.protocol.header.namesrv.WipeWritePermOfBrokerResponseHeader;
import org.junit.jupiter.api.Test;

/** Exact ext fields of every NameServer header (request-codes.md §3). */
class NamesrvHeaderGoldenTest {

    @Test
    void registerBroker() {
        assertGolden(new RegisterBrokerRequestHeader("broker-a", "127.0.0.1:10911", "DefaultCluster", "127.0.0.1:10912",
                0L, 120000L, false, false, 0, null),
            fields("brokerName", "broker-a", "brokerAddr", "127.0.0.1:10911", "clusterName", "DefaultCluster",
                "haServerAddr", "127.0.0.1:10912", "brokerId", "0", "heartbeatTimeoutMillis", "120000",
                "enableActingMaster", "false", "compressed", "false", "bodyCrc32", "0"));
        assertGolden(new RegisterBrokerRequestHeader("b", "a:1", "c", "", 1L, null, null, true, -12345, "zone-1"),
            fields("brokerName", "b", "brokerAddr", "a:1", "clusterName", "c", "haServerAddr", "", "brokerId", "1",
                "compressed", "true", "bodyCrc32", "-12345", "zoneName", "zone-1"));
        assertGolden(new RegisterBrokerResponseHeader("127.0.0.1:10912", "127.0.0.1:10911"),
            fields("haServerAddr", "127.0.0.1:10912", "masterAddr", "127.0.0.1:10911"));
        assertGolden(new RegisterBrokerResponseHeader(null, null), fields());
    }

    @Test
    void unregisterBrokerAndDataVersion() {
        assertGolden(new UnRegisterBrokerRequestHeader("broker-a", "127.0.0.1:10911", "DefaultCluster", 0L),
            fields("brokerName", "broker-a", "brokerAddr", "127.0.0.1:10911", "clusterName", "DefaultCluster", "brokerId", "0"));
        assertGolden(new QueryDataVersionRequestHeader("broker-a", "127.0.0.1:10911", "DefaultCluster", 2L),
            fields("brokerName", "broker-a", "brokerAddr", "127.0.0.1:10911", "clusterName", "DefaultCluster", "brokerId", "2"));
        assertGolden(new QueryDataVersionResponseHeader(true), fields("changed", "true"));
        assertGolden(new BrokerHeartbeatRequestHeader("DefaultCluster", "127.0.0.1:10911", "broker-a", 0L, 3, 1000L, 900L,
                10000L, 5),
            fields("clusterName", "DefaultCluster", "brokerAddr", "127.0.0.1:10911", "brokerName", "broker-a", "brokerId", "0",
                "epoch", "3", "maxOffset", "1000", "confirmOffset", "900", "heartbeatTimeoutMills", "10000",
                "electionPriority", "5"));
        assertGolden(new BrokerHeartbeatRequestHeader("c", "a", "b", null, null, null, null, null, null),
            fields("clusterName", "c", "brokerAddr", "a", "brokerName", "b"));
    }

    @Test
    void routes() {
        // Captured from the 5.3.1 client (remoting-frame.md §1.1): only the topic.
        assertGolden(new GetRouteInfoRequestHeader("TopicTest", null, RpcFields.NONE), fields("topic", "TopicTest"));
        assertGolden(new GetRouteInfoRequestHeader("T", true, new RpcFields("ns1", true, "b", false, true)),
            fields("topic", "T", "acceptStandardJsonOnly", "true", "ns", "ns1", "nsd", "true", "bname", "b", "oway", "false",
                "lo", "true"));
        assertGolden(new GetTopicsByClusterRequestHeader("DefaultCluster"), fields("cluster", "DefaultCluster"));
        assertGolden(new DeleteTopicFromNamesrvRequestHeader("T", "DefaultCluster", RpcFields.NONE),
            fields("topic", "T", "clusterName", "DefaultCluster"));
        assertGolden(new RegisterTopicRequestHeader("T", RpcFields.NONE), fields("topic", "T"));
        assertGolden(new GetBrokerMemberGroupRequestHeader("DefaultCluster", "broker-a"),
            fields("clusterName", "DefaultCluster", "brokerName", "broker-a"));
    }

    @Test
    void permissions() {
        assertGolden(new WipeWritePermOfBrokerRequestHeader("broker-a"), fields("brokerName", "broker-a"));
        assertGolden(new WipeWritePermOfBrokerResponseHeader(3), fields("wipeTopicCount", "3"));
        assertGolden(new AddWritePermOfBrokerRequestHeader("broker-a"), fields("brokerName", "broker-a"));
        assertGolden(new AddWritePermOfBrokerResponseHeader(4), fields("addTopicCount", "4"));
    }

    @Test
    void kvConfig() {
        assertGolden(new PutKVConfigRequestHeader("ORDER_TOPIC_CONFIG", "T", "broker-a:4"),
            fields("namespace", "ORDER_TOPIC_CONFIG", "key", "T", "value", "broker-a:4"));
        assertGolden(new GetKVConfigRequestHeader("ns", "k"), fields("namespace", "ns", "key", "k"));
        assertGolden(new GetKVConfigResponseHeader("v"), fields("value", "v"));
        assertGolden(new GetKVConfigResponseHeader(null), fields());
        assertGolden(new DeleteKVConfigRequestHeader("ns", "k"), fields("namespace", "ns", "key", "k"));
        assertGolden(new GetKVListByNamespaceRequestHeader("ns"), fields("namespace", "ns"));
    }
}
