package dev.petrel.common.json;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

class JsonCodecTest {

    enum Kind { CLUSTERING, BROADCASTING }

    record Queue(String topic, String brokerName, int queueId) implements Comparable<Queue> {
        @Override
        public int compareTo(Queue o) {
            int c = topic.compareTo(o.topic);
            if (c == 0) {
                c = brokerName.compareTo(o.brokerName);
            }
            return c != 0 ? c : Integer.compare(queueId, o.queueId);
        }
    }

    record Offsets(double consumeTps, Map<Queue, Long> offsetTable) {
    }

    record Addresses(Map<Long, String> brokerAddrs, String brokerName, boolean enableActingMaster) {
    }

    record Span(long minTimeStamp, Kind kind, List<String> names, String absent) {
        /** Derived property, written like fastjson writes getters. */
        public String getMinTimeStampStr() {
            return "t" + minTimeStamp;
        }
    }

    record Status(Map<String, Map<Queue, Long>> consumerTable, Map<Queue, Long> messageQueueTable) {
    }

    record Config(String groupName, boolean consumeEnable, int retryMaxTimes, Map<String, String> attributes) {
        static final Config DEFAULTS = new Config(null, true, 16, Map.of());
    }

    record Pair(Queue first, Queue second, List<Queue> more) {
    }

    record Holder(List<Config> configs) {
    }

    private static final JsonCodec JSON = JsonCodec.standard();

    private static String text(byte[] bytes) {
        return new String(bytes, StandardCharsets.UTF_8);
    }

    @Test
    void writesSortedPropertiesOmitsNullsKeepsEmptyCollectionsAndDerivedGetters() {
        assertThat(JSON.encodeToString(new Span(5, Kind.BROADCASTING, List.of(), null)))
            .isEqualTo("{\"kind\":\"BROADCASTING\",\"minTimeStamp\":5,\"minTimeStampStr\":\"t5\",\"names\":[]}");
    }

    @Test
    void writesNumericKeysQuotedAndSorted() {
        Map<Long, String> addrs = new LinkedHashMap<>();
        addrs.put(1L, "127.0.0.1:10921");
        addrs.put(0L, "127.0.0.1:10911");
        assertThat(JSON.encodeToString(new Addresses(addrs, "broker-a", false)))
            .isEqualTo("{\"brokerAddrs\":{\"0\":\"127.0.0.1:10911\",\"1\":\"127.0.0.1:10921\"},\"brokerName\":\"broker-a\","
                + "\"enableActingMaster\":false}");
    }

    @Test
    void writesRecordKeysAsStringsHoldingTheirJson() {
        Map<Queue, Long> table = new TreeMap<>(Map.of(new Queue("T", "b", 1), 7L, new Queue("T", "b", 0), 42L));
        assertThat(JSON.encodeToString(new Offsets(1.5, table)))
            .isEqualTo("{\"consumeTps\":1.5,\"offsetTable\":{"
                + "\"{\\\"brokerName\\\":\\\"b\\\",\\\"queueId\\\":0,\\\"topic\\\":\\\"T\\\"}\":42,"
                + "\"{\\\"brokerName\\\":\\\"b\\\",\\\"queueId\\\":1,\\\"topic\\\":\\\"T\\\"}\":7}}");
    }

    @Test
    void readsWhatItWrites() {
        Offsets offsets = new Offsets(0.0, Map.of(new Queue("T", "b", 3), 9L));
        assertThat(JSON.decode(JSON.encode(offsets), Offsets.class)).isEqualTo(offsets);
    }

    @Test
    void readsFastjsonUnquotedNumericKeys() {
        Addresses decoded = JSON.decode("{\"brokerAddrs\":{0:\"127.0.0.1:10911\",1:\"127.0.0.1:10921\"},\"brokerName\":\"broker-a\","
            + "\"cluster\":\"DefaultCluster\",\"enableActingMaster\":true}", Addresses.class);
        assertThat(decoded).isEqualTo(new Addresses(Map.of(0L, "127.0.0.1:10911", 1L, "127.0.0.1:10921"), "broker-a", true));
    }

    @Test
    void readsFastjsonObjectKeysInAnyPropertyOrderWithExtraProperties() {
        Offsets decoded = JSON.decode("{\"offsetTable\":{{\"queueId\":0,\"topic\":\"TopicTest\",\"brokerName\":\"broker-a\",\"extra\":[1]}:42,"
            + "\"{\\\"brokerName\\\":\\\"broker-a\\\",\\\"queueId\\\":1,\\\"topic\\\":\\\"TopicTest\\\"}\":43},\"consumeTps\":2}", Offsets.class);
        assertThat(decoded).isEqualTo(new Offsets(2.0, Map.of(
            new Queue("TopicTest", "broker-a", 0), 42L, new Queue("TopicTest", "broker-a", 1), 43L)));
    }

    @Test
    void resolvesRefsAndDropsKeysThatPointNowhere() {
        // fastjson's own output for one MessageQueue instance used in two maps (json-bodies.md §1): the key's path
        // "$.consumerTable.clientA.null" means "an object key of that map"; fastjson takes the first one.
        Status decoded = JSON.decode("{\"consumerTable\":{\"clientA\":{{\"brokerName\":\"broker-a\",\"queueId\":0,\"topic\":\"TopicTest\"}:6}},"
            + "\"messageQueueTable\":{{\"$ref\":\"$.consumerTable.clientA.null\"}:5}}", Status.class);
        assertThat(decoded.consumerTable()).isEqualTo(Map.of("clientA", Map.of(new Queue("TopicTest", "broker-a", 0), 6L)));
        assertThat(decoded.messageQueueTable()).isEqualTo(Map.of(new Queue("TopicTest", "broker-a", 0), 5L));
        Status nowhere = JSON.decode("{\"consumerTable\":{\"clientA\":{}},\"messageQueueTable\":{{\"$ref\":\"$.consumerTable.clientA.null\"}:5,"
            + "{\"$ref\":\"$.nothing\"}:6}}", Status.class);
        assertThat(nowhere.messageQueueTable()).isEmpty();

        Pair pair = JSON.decode("{\"first\":{\"brokerName\":\"b\",\"queueId\":1,\"topic\":\"T\"},\"second\":{\"$ref\":\"$.first\"},"
            + "\"more\":[{\"$ref\":\"$.first\"},{\"$ref\":\"@\"},{\"$ref\":\"..\"},{\"$ref\":\"$\"}]}", Pair.class);
        Queue queue = new Queue("T", "b", 1);
        assertThat(pair.first()).isEqualTo(queue);
        assertThat(pair.second()).isEqualTo(queue);
        assertThat(pair.more()).containsExactly(queue, null, null, null);

        Status keyRef = JSON.decode("{\"consumerTable\":{\"c\":{{\"brokerName\":\"b\",\"queueId\":1,\"topic\":\"T\"}:6}},"
            + "\"messageQueueTable\":{{\"$ref\":\"$.some\"}:5},\"some\":{\"brokerName\":\"b\",\"queueId\":2,\"topic\":\"T\"}}", Status.class);
        assertThat(keyRef.messageQueueTable()).isEqualTo(Map.of(new Queue("T", "b", 2), 5L));
    }

    @Test
    void refExpansionIsBounded() {
        // Each level holds two references to the previous one: 2^40 nodes if expanded naively.
        StringBuilder json = new StringBuilder("{\"l0\":[1,2,3,4,5,6,7,8]");
        for (int i = 1; i <= 40; i++) {
            json.append(",\"l").append(i).append("\":[{\"$ref\":\"$.l").append(i - 1).append("\"},{\"$ref\":\"$.l")
                .append(i - 1).append("\"}]");
        }
        json.append('}');
        assertThatThrownBy(() -> JSON.decode(json.toString(), Map.class)).isInstanceOf(JsonException.class)
            .hasMessageContaining("$ref references expand to more than");
    }

    @Test
    void unknownEnumNamesReadAsNullAndUnknownPropertiesAreIgnored() {
        Span span = JSON.decode("{\"kind\":\"NODE_JS\",\"minTimeStamp\":\"12\",\"minTimeStampStr\":\"ignored\",\"other\":{}}", Span.class);
        assertThat(span).isEqualTo(new Span(12, null, null, null));
    }

    @Test
    void absentPropertiesTakeRegisteredDefaults() {
        JsonCodec codec = JsonCodec.builder().absentDefaults(Config.class, Config.DEFAULTS).build();
        assertThat(codec.decode("{\"groupName\":\"g\"}", Config.class)).isEqualTo(new Config("g", true, 16, Map.of()));
        assertThat(codec.decode("{\"groupName\":\"g\",\"consumeEnable\":false,\"retryMaxTimes\":3,\"attributes\":{\"a\":\"b\"}}", Config.class))
            .isEqualTo(new Config("g", false, 3, Map.of("a", "b")));
        assertThat(codec.decode("{\"configs\":[{\"groupName\":\"x\"}]}", Holder.class).configs())
            .containsExactly(new Config("x", true, 16, Map.of()));
        assertThat(JSON.decode("{\"groupName\":\"g\"}", Config.class)).isEqualTo(new Config("g", false, 0, null));
    }

    @Test
    void genericTypes() {
        assertThat(JSON.decode("[\"a\",\"b\"]".getBytes(StandardCharsets.UTF_8), new JsonType<List<String>>() { }))
            .containsExactly("a", "b");
        assertThat(JSON.decode("{1:2}".getBytes(StandardCharsets.UTF_8), new JsonType<Map<Integer, Long>>() { }))
            .isEqualTo(Map.of(1, 2L));
    }

    @Test
    void wrongShapesAndGarbageFailWithJsonException() {
        assertThatThrownBy(() -> JSON.decode("{\"names\":{}}", Span.class)).isInstanceOf(JsonException.class)
            .hasMessageStartingWith("cannot read Span from JSON: ").hasMessageContaining("names");
        assertThatThrownBy(() -> JSON.decode("{\"minTimeStamp\":tru}", Span.class)).isInstanceOf(JsonException.class);
        assertThatThrownBy(() -> JSON.decode("null", Span.class)).isInstanceOf(JsonException.class)
            .hasMessage("cannot read Span from JSON null");
        assertThatThrownBy(() -> JSON.decode("{\"offsetTable\":{\"notjson\":1}}", Offsets.class)).isInstanceOf(JsonException.class);
        assertThatThrownBy(() -> JSON.decode("{\"a\":", Span.class)).isInstanceOf(JsonException.class)
            .hasMessage("cannot read Span: malformed JSON at offset 5: unexpected end of input");
    }

    @Test
    void prettyOutputReadsBack() {
        Set<String> names = Set.of("x");
        Span span = new Span(1, Kind.CLUSTERING, List.copyOf(names), "s");
        assertThat(text(JSON.encodePretty(span))).contains("\n");
        assertThat(JSON.decode(JSON.encodePretty(span), Span.class)).isEqualTo(span);
    }
}
