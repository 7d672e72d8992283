package dev.petrel.namesrv.route;

import static org.assertj.core.api.Assertions.assertThat;

import dev.petrel.protocol.body.route.BrokerData;
import dev.petrel.protocol.body.route.QueueData;
import dev.petrel.protocol.body.route.TopicRouteData;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;

class RouteBodyCodecTest {

    private static final TopicRouteData ONE_BROKER = new TopicRouteData(
        List.of(new BrokerData(Map.of(0L, "127.0.0.1:10911"), "broker-a", "DefaultCluster", false, null)), Map.of(),
        null, List.of(new QueueData("broker-a", 6, 4, 0, 4)), null);

    private static final TopicRouteData MASTER_AND_SLAVE = new TopicRouteData(
        List.of(new BrokerData(new TreeMap<>(Map.of(0L, "127.0.0.1:10911", 1L, "127.0.0.1:10921")), "broker-a",
            "DefaultCluster", false, null)), Map.of(), null, List.of(new QueueData("broker-a", 6, 4, 0, 4)), null);

    private static String text(byte[] bytes) {
        return new String(bytes, StandardCharsets.UTF_8);
    }

    /** json-bodies.md §3.1, "Full example": what Apache's NameServer answers a 5.3.1 client. */
    @Test
    void standardJsonIsApachesVersion401Answer() {
        assertThat(text(RouteBodyCodec.encode(ONE_BROKER, true))).isEqualTo("{\"brokerDatas\":[{\"brokerAddrs\":"
            + "{\"0\":\"127.0.0.1:10911\"},\"brokerName\":\"broker-a\",\"cluster\":\"DefaultCluster\","
            + "\"enableActingMaster\":false}],\"filterServerTable\":{},\"queueDatas\":[{\"brokerName\":\"broker-a\","
            + "\"perm\":6,\"readQueueNums\":4,\"topicSysFlag\":0,\"writeQueueNums\":4}]}");
    }

    /** json-bodies.md §2, "TopicRouteData, default encoding": unquoted broker ids for old clients. */
    @Test
    void legacyJsonHasUnquotedBrokerIds() {
        assertThat(text(RouteBodyCodec.encode(MASTER_AND_SLAVE, false))).startsWith(
            "{\"brokerDatas\":[{\"brokerAddrs\":{0:\"127.0.0.1:10911\",1:\"127.0.0.1:10921\"},")
            .endsWith("\"queueDatas\":[{\"brokerName\":\"broker-a\",\"perm\":6,\"readQueueNums\":4,\"topicSysFlag\":0,"
                + "\"writeQueueNums\":4}]}");
    }

    @Test
    void onlyKeysOfBrokerAddrsObjectsAreUnquoted() {
        String json = "{\"a\":{\"1\":\"x\"},\"brokerAddrs\":{\"2\":\"\\\"3\\\":\",\"-4\":{\"5\":1}},\"b\":\"brokerAddrs\","
            + "\"c\":{\"6\":0}}";
        assertThat(text(RouteBodyCodec.unquoteBrokerIds(json.getBytes(StandardCharsets.UTF_8)))).isEqualTo(
            "{\"a\":{\"1\":\"x\"},\"brokerAddrs\":{2:\"\\\"3\\\":\",-4:{\"5\":1}},\"b\":\"brokerAddrs\",\"c\":{\"6\":0}}");
    }

    @Property(tries = 300)
    void legacyJsonReadsBackAsTheSameRoute(@ForAll("routes") TopicRouteData route) {
        byte[] standard = RouteBodyCodec.encode(route, true);
        byte[] legacy = RouteBodyCodec.encode(route, false);

        int ids = route.brokerDatas().stream().mapToInt(b -> b.brokerAddrs().size()).sum();
        assertThat(legacy.length).isEqualTo(standard.length - 2 * ids);
        assertThat(TopicRouteData.CODEC.decode(legacy)).isEqualTo(TopicRouteData.CODEC.decode(standard));
        assertThat(TopicRouteData.CODEC.decode(standard)).isEqualTo(route);
    }

    @Provide
    Arbitrary<TopicRouteData> routes() {
        Arbitrary<String> names = Arbitraries.strings().ofMinLength(1).ofMaxLength(12)
            .withChars("ab-_0123:\"\\{}[],é brokerAddrs".toCharArray());
        Arbitrary<Map<Long, String>> addrs = Arbitraries.maps(Arbitraries.longs().between(0, 20), names)
            .ofMaxSize(3).map(TreeMap::new);
        Arbitrary<BrokerData> broker = Combinators.combine(addrs, names, names, Arbitraries.of(true, false))
            .as((a, n, c, acting) -> new BrokerData(a, n, c, acting, null));
        Arbitrary<QueueData> queue = Combinators.combine(names, Arbitraries.integers().between(0, 15),
            Arbitraries.integers().between(0, 64)).as((n, perm, q) -> new QueueData(n, perm, q, 0, q));
        return Combinators.combine(broker.list().ofMaxSize(3), queue.list().ofMaxSize(3))
            .as((b, q) -> new TopicRouteData(new ArrayList<>(b), Map.of(), null, new ArrayList<>(q), null));
    }
}
