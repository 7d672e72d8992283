package dev.petrel.namesrv;

import static org.assertj.core.api.Assertions.assertThat;

import dev.petrel.namesrv.route.BrokerKey;
import dev.petrel.protocol.body.DataVersion;
import dev.petrel.protocol.body.KVTable;
import dev.petrel.protocol.body.register.RegisterBrokerBodyCodec;
import dev.petrel.protocol.body.route.BrokerMemberGroup;
import dev.petrel.protocol.body.route.GetBrokerMemberGroupResponseBody;
import dev.petrel.protocol.body.route.QueueData;
import dev.petrel.protocol.body.route.TopicRouteData;
import dev.petrel.protocol.code.ResponseCode;
import dev.petrel.protocol.frame.RemotingCommand;
import dev.petrel.protocol.header.namesrv.BrokerHeartbeatRequestHeader;
import dev.petrel.protocol.header.namesrv.GetBrokerMemberGroupRequestHeader;
import dev.petrel.protocol.header.namesrv.GetRouteInfoRequestHeader;
import dev.petrel.protocol.header.namesrv.PutKVConfigRequestHeader;
import dev.petrel.protocol.header.namesrv.QueryDataVersionRequestHeader;
import dev.petrel.protocol.header.namesrv.QueryDataVersionResponseHeader;
import dev.petrel.protocol.header.namesrv.RegisterBrokerRequestHeader;
import dev.petrel.protocol.header.namesrv.RegisterBrokerResponseHeader;
import dev.petrel.protocol.header.namesrv.RegisterTopicRequestHeader;
import dev.petrel.protocol.header.namesrv.UnRegisterBrokerRequestHeader;
import dev.petrel.remoting.RemotingClient;
import dev.petrel.testkit.Await;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;

/** What brokers send, over real sockets: registration, liveness, departure, and bad input. */
class NameServerBrokerRequestsTest extends NameServerFixture {

    private static final String A0 = "10.0.0.1:10911";
    private static final String A1 = "10.0.0.2:10911";
    private static final DataVersion V1 = new DataVersion(1, 0, 1_000);

    private RemotingCommand route(RemotingClient client, String topic, int version) throws Exception {
        RemotingCommand request = request(105, new GetRouteInfoRequestHeader(topic, null, null), null).toBuilder()
            .version(version).build();
        return client.invokeSync(address, request, TIMEOUT);
    }

    @Test
    void aRegisteredBrokersTopicsAreServedInBothRouteEncodings() throws Exception {
        start(UnaryOperator.identity());
        RemotingClient client = client();

        RemotingCommand registered = client.invokeSync(address, registerBroker("broker-a", 0, A0,
            body(V1, topic("TopicTest", 4), topic("TBW102", 8))), TIMEOUT);
        assertThat(registered.code()).isEqualTo(ResponseCode.SUCCESS);
        assertThat(registered.body()).as("no ORDER_TOPIC_CONFIG namespace, no body").isNull();

        RemotingCommand standard = route(client, "TopicTest", 475);
        assertThat(standard.code()).isEqualTo(ResponseCode.SUCCESS);
        TopicRouteData data = TopicRouteData.CODEC.decode(standard.body());
        assertThat(data.queueDatas()).containsExactly(new QueueData("broker-a", 6, 4, 0, 4));
        assertThat(data.brokerDatas().get(0).brokerAddrs()).containsExactly(Map.entry(0L, A0));
        assertThat(new String(standard.body(), StandardCharsets.UTF_8)).contains("\"brokerAddrs\":{\"0\":\"" + A0 + "\"}");

        RemotingCommand legacy = route(client, "TopicTest", 400);
        assertThat(new String(legacy.body(), StandardCharsets.UTF_8)).contains("\"brokerAddrs\":{0:\"" + A0 + "\"}");

        RemotingCommand standardOnly = client.invokeSync(address, request(105, new GetRouteInfoRequestHeader("TopicTest",
            true, null), null).toBuilder().version(400).build(), TIMEOUT);
        assertThat(standardOnly.body()).isEqualTo(standard.body());
    }

    @Test
    void aCompressedRegistrationIsReadToo() throws Exception {
        start(UnaryOperator.identity());
        byte[] compressed = RegisterBrokerBodyCodec.encode(body(V1, topic("T1", 2), topic("T2", 3)), true);
        RemotingCommand request = request(103, new RegisterBrokerRequestHeader("broker-a", A0, CLUSTER, A0, 0L, null,
            false, true, RegisterBrokerBodyCodec.bodyCrc32(compressed), "zone-1"), compressed);

        assertThat(client().invokeSync(address, request, TIMEOUT).code()).isEqualTo(ResponseCode.SUCCESS);
        assertThat(nameServer.registry().route("T2").data().queueDatas()).containsExactly(new QueueData("broker-a", 6, 3, 0,
            3));
        assertThat(nameServer.registry().route("T2").data().brokerDatas().get(0).zoneName()).isEqualTo("zone-1");
    }

    @Test
    void aSlaveIsToldItsMasterAndTheOrderTopicConfigComesBack() throws Exception {
        start(UnaryOperator.identity());
        RemotingClient client = client();
        assertThat(client.invokeSync(address, request(100, new PutKVConfigRequestHeader("ORDER_TOPIC_CONFIG", "TopicOrder",
            "broker-a:4"), null), TIMEOUT).code()).isEqualTo(ResponseCode.SUCCESS);
        client.invokeSync(address, registerBroker("broker-a", 0, A0, body(V1, topic("T1", 4), topic("T2", 4))), TIMEOUT);

        RemotingCommand slave = client.invokeSync(address, registerBroker("broker-a", 1, A1, body(V1, topic("T1", 4),
            topic("T2", 4))), TIMEOUT);

        assertThat(responseHeader(slave, RegisterBrokerResponseHeader.class))
            .isEqualTo(new RegisterBrokerResponseHeader("10.0.0.1:10912", A0));
        assertThat(KVTable.CODEC.decode(slave.body()).table()).containsExactly(Map.entry("TopicOrder", "broker-a:4"));

        RemotingCommand group = client.invokeSync(address, request(901, new GetBrokerMemberGroupRequestHeader(CLUSTER,
            "broker-a"), null), TIMEOUT);
        assertThat(GetBrokerMemberGroupResponseBody.CODEC.decode(group.body()).brokerMemberGroup())
            .isEqualTo(new BrokerMemberGroup(Map.of(0L, A0, 1L, A1), "broker-a", CLUSTER));
    }

    @Test
    void anIncrementalRegistrationBeforeTheFullOneIsRefusedWithApachesRemark() throws Exception {
        start(UnaryOperator.identity());
        RemotingCommand refused = client().invokeSync(address, registerBroker("broker-a", 0, A0, body(V1, topic("T1", 4))),
            TIMEOUT);
        assertThat(refused.code()).isEqualTo(ResponseCode.SYSTEM_ERROR);
        assertThat(refused.remark()).startsWith("register broker failed");
        assertThat(nameServer.registry().clusterInfo().brokerAddrTable()).isEmpty();
    }

    @Test
    void aMissingRequiredHeaderFieldIsApachesSystemErrorAndChangesNothing() throws Exception {
        start(UnaryOperator.identity());
        RemotingCommand valid = registerBroker("broker-a", 0, A0, body(V1, topic("T1", 4), topic("T2", 4)));
        Map<String, String> fields = new java.util.HashMap<>(valid.extFields());
        fields.remove("brokerName");

        RemotingCommand response = client().invokeSync(address, RemotingCommand.request(103, fields, valid.body()),
            TIMEOUT);

        assertThat(response.code()).isEqualTo(ResponseCode.SYSTEM_ERROR);
        assertThat(response.remark()).isEqualTo("the custom field <brokerName> is null");
        assertThat(nameServer.registry().topicCount()).isZero();
    }

    @Test
    void aCrcMismatchIsRefusedAndChangesNothing() throws Exception {
        start(UnaryOperator.identity());
        RemotingCommand valid = registerBroker("broker-a", 0, A0, body(V1, topic("T1", 4), topic("T2", 4)));
        byte[] damaged = valid.body().clone();
        damaged[damaged.length / 2] ^= 0x20;

        RemotingCommand response = client().invokeSync(address, valid.toBuilder().body(damaged).build(), TIMEOUT);

        assertThat(response.code()).isEqualTo(ResponseCode.SYSTEM_ERROR);
        assertThat(response.remark()).startsWith("crc32 not match: the header says ");
        assertThat(nameServer.registry().topicCount()).isZero();
        assertThat(nameServer.registry().clusterInfo().brokerAddrTable()).isEmpty();
    }

    @Test
    void malformedAndTruncatedBodiesAreRefusedAndTheServerCarriesOn() throws Exception {
        start(UnaryOperator.identity());
        RemotingClient client = client();
        byte[] valid = registerBroker("broker-a", 0, A0, body(V1, topic("T1", 4), topic("T2", 4))).body();
        Random random = new Random(42);
        for (int i = 0; i < 40; i++) {
            byte[] bad = i % 2 == 0 ? java.util.Arrays.copyOf(valid, random.nextInt(valid.length - 1) + 1)
                : randomBytes(random, 1 + random.nextInt(200));
            boolean compressed = i % 4 == 1;
            RemotingCommand request = request(103, new RegisterBrokerRequestHeader("broker-a", A0, CLUSTER, A0, 0L, null,
                false, compressed, 0, null), bad);
            RemotingCommand response = client.invokeSync(address, request, TIMEOUT);
            assertThat(response.code()).as("attempt %d", i).isEqualTo(ResponseCode.SYSTEM_ERROR);
            assertThat(response.remark()).startsWith("Failed to decode RegisterBrokerBody: ");
        }
        RemotingCommand noJson = client.invokeSync(address, request(103, new RegisterBrokerRequestHeader("broker-a", A0,
            CLUSTER, A0, 0L, null, false, false, 0, null), "{\"topicConfigSerializeWrapper\":[]}"
            .getBytes(StandardCharsets.UTF_8)), TIMEOUT);
        assertThat(noJson.remark()).startsWith("Failed to decode RegisterBrokerBody: cannot read RegisterBrokerBody");
        assertThat(nameServer.registry().topicCount()).isZero();

        assertThat(client.invokeSync(address, registerBroker("broker-a", 0, A0, body(V1, topic("T1", 4), topic("T2", 4))),
            TIMEOUT).code()).isEqualTo(ResponseCode.SUCCESS);
    }

    private static byte[] randomBytes(Random random, int n) {
        byte[] bytes = new byte[n];
        random.nextBytes(bytes);
        return bytes;
    }

    @Test
    void queryDataVersionComparesAndKeepsTheBrokerAlive() throws Exception {
        start(c -> c.with(NamesrvConfig.SCAN_NOT_ACTIVE_BROKER_INTERVAL, 20L));
        RemotingClient client = client();
        client.invokeSync(address, registerBroker("broker-a", 0, A0, body(V1, topic("T1", 4), topic("T2", 4))), TIMEOUT);
        QueryDataVersionRequestHeader query = new QueryDataVersionRequestHeader("broker-a", A0, CLUSTER, 0);

        RemotingCommand same = client.invokeSync(address, request(322, query, DataVersion.CODEC.encode(V1)), TIMEOUT);
        assertThat(responseHeader(same, QueryDataVersionResponseHeader.class).changed()).isFalse();
        assertThat(DataVersion.CODEC.decode(same.body())).isEqualTo(V1);
        RemotingCommand newer = client.invokeSync(address, request(322, query,
            DataVersion.CODEC.encode(new DataVersion(2, 0, 2_000))), TIMEOUT);
        assertThat(responseHeader(newer, QueryDataVersionResponseHeader.class).changed()).isTrue();
        RemotingCommand unknown = client.invokeSync(address, request(322, new QueryDataVersionRequestHeader("x", "1.1.1.1:1",
            CLUSTER, 0), DataVersion.CODEC.encode(V1)), TIMEOUT);
        assertThat(responseHeader(unknown, QueryDataVersionResponseHeader.class).changed()).isTrue();
        assertThat(unknown.body()).isNull();

        advanceAndAwaitScan(100);
        client.invokeSync(address, request(322, query, DataVersion.CODEC.encode(V1)), TIMEOUT);
        client.invokeOneway(address, request(904, new BrokerHeartbeatRequestHeader(CLUSTER, A0, "broker-a", 0L, null, null,
            null, null, null), null).asOneway(), TIMEOUT);
        // 160 s after registering, but refreshed since: the scan must not drop it.
        advanceAndAwaitScan(60);
        RemotingCommand after = route(client, "T1", 475);
        assertThat(after.code()).isEqualTo(ResponseCode.SUCCESS);
    }

    private void advanceAndAwaitScan(long seconds) {
        long scans = nameServer.scans();
        clock.advance(seconds, TimeUnit.SECONDS);
        Await.until(WAIT, "a scan after the clock moved " + seconds + " s", () -> nameServer.scans() > scans);
    }

    @Test
    void theScanDropsASilentBrokerAndClosesItsConnection() throws Exception {
        start(c -> c.with(NamesrvConfig.SCAN_NOT_ACTIVE_BROKER_INTERVAL, 20L)
            .with(NamesrvConfig.BROKER_CHANNEL_EXPIRED_TIME_MILLIS, 30_000L));
        RemotingClient broker = client();
        broker.invokeSync(address, registerBroker("broker-a", 0, A0, body(V1, topic("T1", 4), topic("T2", 4))), TIMEOUT);

        clock.advance(29, TimeUnit.SECONDS);
        RemotingClient reader = client();
        assertThat(route(reader, "T1", 475).code()).isEqualTo(ResponseCode.SUCCESS);

        clock.advance(2, TimeUnit.SECONDS);
        Await.until(WAIT, "the route of a silent broker to disappear",
            () -> nameServer.registry().route("T1") == null);
        Await.until(WAIT, "the silent broker's connection to be closed", () -> broker.connections().isEmpty());
        assertThat(route(reader, "T1", 475).code()).isEqualTo(ResponseCode.TOPIC_NOT_EXIST);
    }

    @Test
    void aClosedConnectionDropsItsBrokerAtOnce() throws Exception {
        start(UnaryOperator.identity());
        RemotingClient broker = client();
        broker.invokeSync(address, registerBroker("broker-a", 0, A0, body(V1, topic("T1", 4), topic("T2", 4))), TIMEOUT);
        assertThat(nameServer.registry().route("T1")).isNotNull();

        broker.close();

        Await.until(WAIT, "the route to disappear after the broker's connection closed",
            () -> nameServer.registry().route("T1") == null);
        assertThat(nameServer.registry().dataVersion(new BrokerKey(CLUSTER, A0))).isNull();
    }

    @Test
    void unregisterRemovesTheBroker() throws Exception {
        start(UnaryOperator.identity());
        RemotingClient client = client();
        client.invokeSync(address, registerBroker("broker-a", 0, A0, body(V1, topic("T1", 4), topic("T2", 4))), TIMEOUT);

        RemotingCommand response = client.invokeSync(address, request(104, new UnRegisterBrokerRequestHeader("broker-a",
            A0, CLUSTER, 0), null), TIMEOUT);

        assertThat(response.code()).isEqualTo(ResponseCode.SUCCESS);
        assertThat(nameServer.registry().route("T1")).as("answered after it was applied").isNull();
    }

    @Test
    void registerTopicInNamesrvAddsQueuesOnKnownBrokersOnly() throws Exception {
        start(UnaryOperator.identity());
        RemotingClient client = client();
        client.invokeSync(address, registerBroker("broker-a", 0, A0, body(V1, topic("T1", 4), topic("T2", 4))), TIMEOUT);
        byte[] known = TopicRouteData.CODEC.encode(new TopicRouteData(List.of(), Map.of(), null,
            List.of(new QueueData("broker-a", 6, 2, 0, 2)), null));
        byte[] unknown = TopicRouteData.CODEC.encode(new TopicRouteData(List.of(), Map.of(), null,
            List.of(new QueueData("broker-z", 6, 2, 0, 2)), null));

        assertThat(client.invokeSync(address, request(217, new RegisterTopicRequestHeader("T9", null), known), TIMEOUT)
            .code()).isEqualTo(ResponseCode.SUCCESS);
        RemotingCommand refused = client.invokeSync(address, request(217, new RegisterTopicRequestHeader("T8", null),
            unknown), TIMEOUT);

        assertThat(nameServer.registry().route("T9").data().queueDatas()).containsExactly(new QueueData("broker-a", 6, 2,
            0, 2));
        assertThat(refused.code()).isEqualTo(ResponseCode.SYSTEM_ERROR);
        assertThat(refused.remark()).contains("broker-z");
        assertThat(nameServer.registry().route("T8")).isNull();
    }
}
