package dev.petrel.common.json;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class FastjsonNormalizerTest {

    private static String normalize(String json) {
        return new String(FastjsonNormalizer.normalize(json.getBytes(StandardCharsets.UTF_8)).json(), StandardCharsets.UTF_8);
    }

    @Test
    void standardJsonIsReturnedWithoutCopying() {
        byte[] json = "{\"a\":[1,2,{\"b\":\"x\\\"}{\"}],\"c\":null}".getBytes(StandardCharsets.UTF_8);
        assertThat(FastjsonNormalizer.normalize(json).json()).isSameAs(json);
    }

    @Test
    void quotesBareNumericKeys() {
        // ClusterInfo as the 5.3.1 NameServer writes it (json-bodies.md §3.2).
        assertThat(normalize("{\"brokerAddrTable\":{\"broker-a\":{\"brokerAddrs\":{0:\"127.0.0.1:10911\",1:\"127.0.0.1:10921\"},"
            + "\"brokerName\":\"broker-a\",\"cluster\":\"DefaultCluster\",\"enableActingMaster\":false}},"
            + "\"clusterAddrTable\":{\"DefaultCluster\":[\"broker-a\"]}}"))
            .isEqualTo("{\"brokerAddrTable\":{\"broker-a\":{\"brokerAddrs\":{\"0\":\"127.0.0.1:10911\",\"1\":\"127.0.0.1:10921\"},"
                + "\"brokerName\":\"broker-a\",\"cluster\":\"DefaultCluster\",\"enableActingMaster\":false}},"
                + "\"clusterAddrTable\":{\"DefaultCluster\":[\"broker-a\"]}}");
        assertThat(normalize("{-1:2,null:3}")).isEqualTo("{\"-1\":2,\"null\":3}");
    }

    @Test
    void turnsObjectKeysIntoStringsHoldingTheObject() {
        // ConsumeStats as the 5.3.1 broker writes it (json-bodies.md §2).
        assertThat(normalize("{\"consumeTps\":1.5,\"offsetTable\":{{\"brokerName\":\"broker-a\",\"queueId\":0,\"topic\":\"TopicTest\"}:"
            + "{\"brokerOffset\":100,\"consumerOffset\":90,\"lastTimestamp\":1700000000000,\"pullOffset\":95}}}"))
            .isEqualTo("{\"consumeTps\":1.5,\"offsetTable\":{\"{\\\"brokerName\\\":\\\"broker-a\\\",\\\"queueId\\\":0,\\\"topic\\\":\\\"TopicTest\\\"}\":"
                + "{\"brokerOffset\":100,\"consumerOffset\":90,\"lastTimestamp\":1700000000000,\"pullOffset\":95}}}");
    }

    @Test
    void objectKeysKeepEscapesAndLoseInsignificantWhitespace() {
        assertThat(normalize("{\n\t{\n\t\t\"topic\":\"a\\\"b\\\\c\",\"q\":1\n\t}:7\n}"))
            .isEqualTo("{\n\t\"{\\\"topic\\\":\\\"a\\\\\\\"b\\\\\\\\c\\\",\\\"q\\\":1}\":7\n}");
    }

    @Test
    void readsPrettyPrintedFilesWithBareKeys() {
        // consumerOffset.json as Apache's broker persists it (fastjson pretty format).
        assertThat(normalize("{\n\t\"offsetTable\":{\n\t\t\"TopicTest@cg\":{0:100,1:200\n\t\t}\n\t}\n}"))
            .isEqualTo("{\n\t\"offsetTable\":{\n\t\t\"TopicTest@cg\":{\"0\":100,\"1\":200\n\t\t}\n\t}\n}");
    }

    @Test
    void reportsRefs() {
        assertThat(FastjsonNormalizer.normalize("{\"a\":{\"$ref\":\"$\"}}".getBytes(StandardCharsets.UTF_8)).hasRefs()).isTrue();
        assertThat(FastjsonNormalizer.normalize("{\"a\":\"$ref\"}".getBytes(StandardCharsets.UTF_8)).hasRefs()).isFalse();
    }

    @Test
    void dropsByteOrderMark() {
        assertThat(normalize("\uFEFF{\"a\":1}")).isEqualTo("{\"a\":1}");
    }

    @Test
    void scalarsAndEmptyContainersAtTopLevel() {
        assertThat(normalize(" 42 ")).isEqualTo(" 42 ");
        assertThat(normalize("[]")).isEqualTo("[]");
        assertThat(normalize("{}")).isEqualTo("{}");
        assertThat(normalize("\"s\"")).isEqualTo("\"s\"");
    }

    @Test
    void malformedInputNamesTheOffsetAndTheProblem() {
        assertThatThrownBy(() -> normalize("")).isInstanceOf(JsonException.class)
            .hasMessage("malformed JSON at offset 0: empty input");
        assertThatThrownBy(() -> normalize("{\"a\":1")).isInstanceOf(JsonException.class)
            .hasMessage("malformed JSON at offset 6: unexpected end of input");
        assertThatThrownBy(() -> normalize("{\"a\" 1}")).isInstanceOf(JsonException.class)
            .hasMessage("malformed JSON at offset 5: expected ':' but found '1'");
        assertThatThrownBy(() -> normalize("{\"a\":1]")).isInstanceOf(JsonException.class)
            .hasMessage("malformed JSON at offset 6: expected ',' or '}' but found ']'");
        assertThatThrownBy(() -> normalize("[1}")).hasMessage("malformed JSON at offset 2: expected ',' or ']' but found '}'");
        assertThatThrownBy(() -> normalize("{\"a\":\"x")).hasMessage("malformed JSON at offset 7: unterminated string");
        assertThatThrownBy(() -> normalize("{} {}")).hasMessage("malformed JSON at offset 3: unexpected data after the end of the JSON value");
        assertThatThrownBy(() -> normalize("{[1]:2}")).hasMessage("malformed JSON at offset 1: expected a property name but found '['");
        assertThatThrownBy(() -> normalize("[\u0001]")).hasMessage("malformed JSON at offset 1: expected a value but found byte 0x01");
        assertThatThrownBy(() -> normalize("{'a':1}")).hasMessage("malformed JSON at offset 1: expected a property name but found '''");
    }

    @Test
    void refusesObjectKeysInsideObjectKeys() {
        assertThatThrownBy(() -> normalize("{{{\"a\":1}:2}:3}")).isInstanceOf(JsonException.class)
            .hasMessage("malformed JSON at offset 2: an object map key inside an object map key is not supported");
    }

    @Test
    void nestingIsBounded() {
        String ok = "[".repeat(FastjsonNormalizer.MAX_DEPTH) + "]".repeat(FastjsonNormalizer.MAX_DEPTH);
        assertThat(normalize(ok)).isEqualTo(ok);
        // Far deeper than any call stack could recurse: must fail fast and cleanly, not overflow.
        String deep = "[".repeat(1_000_000);
        assertThatThrownBy(() -> normalize(deep)).isInstanceOf(JsonException.class)
            .hasMessage("malformed JSON at offset 100: nesting deeper than 100 levels");
        String deepObjects = "{\"a\":".repeat(200_000);
        assertThatThrownBy(() -> normalize(deepObjects)).isInstanceOf(JsonException.class)
            .hasMessageContaining("nesting deeper than 100 levels");
    }
}
