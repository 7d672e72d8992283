package dev.petrel.protocol.frame;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The lenient JSON reading of remoting-frame.md §3, checked case by case against what the 5.3.1 jar accepts. */
class JsonHeaderDecodingTest {

    static RemotingCommand decodeJson(String header) throws MalformedFrameException {
        return decodeJson(header, new byte[0]);
    }

    static RemotingCommand decodeJson(String header, byte[] body) throws MalformedFrameException {
        byte[] h = header.getBytes(StandardCharsets.UTF_8);
        ByteBuffer frame = ByteBuffer.allocate(4 + h.length + body.length).putInt(h.length).put(h).put(body).flip();
        return RemotingFrameCodec.decode(frame);
    }

    @Test
    void missingFieldsTakeApacheDefaults() throws Exception {
        RemotingCommand c = decodeJson("{}");

        assertThat(c.code()).isZero();
        assertThat(c.language()).isEqualTo(LanguageCode.JAVA);
        assertThat(c.version()).isZero();
        assertThat(c.opaque()).isZero();
        assertThat(c.flag()).isZero();
        assertThat(c.remark()).isNull();
        assertThat(c.hasExtFields()).isFalse();
        assertThat(c.body()).isNull();
        assertThat(c.serializeType()).isEqualTo(SerializeType.JSON);
    }

    @Test
    void acceptsAnyKeyOrderWhitespaceAndUnknownKeys() throws Exception {
        RemotingCommand c = decodeJson(" {\n\t\"version\" : 399 , \"unknown\":{\"a\":[1,{\"b\":\"}\"}],\"c\":null},"
            + "\"opaque\":-5,\"suspended\":false,\"code\":11,\"serializeTypeCurrentRPC\":\"ROCKETMQ\",\"language\":\"GO\","
            + "\"flag\":2,\"extFields\":{\"a\":\"1\"}} \r\n");

        assertThat(c.code()).isEqualTo(11);
        assertThat(c.version()).isEqualTo(399);
        assertThat(c.opaque()).isEqualTo(-5);
        assertThat(c.flag()).isEqualTo(2);
        assertThat(c.isOneway()).isTrue();
        assertThat(c.language()).isEqualTo(LanguageCode.GO);
        assertThat(c.extFields()).containsExactly(Map.entry("a", "1"));
        assertThat(c.serializeType()).as("the frame's type byte wins").isEqualTo(SerializeType.JSON);
    }

    @Test
    void coercesIntFieldsLikeFastjson() throws Exception {
        assertThat(decodeJson("{\"code\":\"105\"}").code()).isEqualTo(105);
        assertThat(decodeJson("{\"code\":105.7}").code()).isEqualTo(105);
        assertThat(decodeJson("{\"code\":1e2}").code()).isEqualTo(100);
        assertThat(decodeJson("{\"code\":+5}").code()).isEqualTo(5);
        assertThat(decodeJson("{\"code\":true}").code()).isEqualTo(1);
        assertThat(decodeJson("{\"code\":null}").code()).isZero();
        assertThat(decodeJson("{\"flag\":\"3\"}").flag()).isEqualTo(3);
        assertThat(decodeJson("{\"code\":7,\"code\":8}").code()).as("last duplicate wins").isEqualTo(8);
    }

    @Test
    void readsLanguageByNameOrCodeAndMapsUnknownToOther() throws Exception {
        assertThat(decodeJson("{\"language\":\"java\"}").language()).isEqualTo(LanguageCode.JAVA);
        assertThat(decodeJson("{\"language\":3}").language()).isEqualTo(LanguageCode.PYTHON);
        assertThat(decodeJson("{\"language\":\"NODE_JS\"}").language()).isEqualTo(LanguageCode.OTHER);
        assertThat(decodeJson("{\"language\":99}").language()).isEqualTo(LanguageCode.OTHER);
        assertThat(decodeJson("{\"language\":null}").language()).isEqualTo(LanguageCode.OTHER);
        assertThat(decodeJson("{\"language\":\"3\"}").language()).isEqualTo(LanguageCode.OTHER);
    }

    @Test
    void coercesExtValuesToText() throws Exception {
        RemotingCommand c = decodeJson("{\"extFields\":{\"a\":1,\"b\":true,\"c\":null,\"d\":1.50,\"e\":{\"x\":1},"
            + "\"f\":[1,2],\"a2\":\"x\",\"a2\":\"y\",\"\":\"\"}}");

        assertThat(c.extFields()).containsOnly(Map.entry("a", "1"), Map.entry("b", "true"), Map.entry("d", "1.50"),
            Map.entry("e", "{\"x\":1}"), Map.entry("f", "[1,2]"), Map.entry("a2", "y"), Map.entry("", ""));
        assertThat(decodeJson("{\"extFields\":null}").hasExtFields()).isFalse();
        assertThat(decodeJson("{\"extFields\":{}}").hasExtFields()).isTrue();
    }

    @Test
    void decodesEveryEscape() throws Exception {
        RemotingCommand c = decodeJson("{\"remark\":\"\\u00e9\\/\\ud83d\\ude00\\\"\\\\\\b\\f\\n\\r\\t\\u2028é\","
            + "\"ext\\u0046ields\":{\"k\\u0001\":\"\\u0041\"}}");

        assertThat(c.remark()).isEqualTo("é/😀\"\\\b\f\n\r\t\u2028é");
        assertThat(c.extFields()).containsExactly(Map.entry("k\u0001", "A"));
        assertThat(decodeJson("{\"remark\":5}").remark()).isEqualTo("5");
    }

    @Test
    void keepsTheBodyAfterTheHeader() throws Exception {
        assertThat(decodeJson("{\"code\":1}", new byte[] {1, 2, 3}).body()).containsExactly(1, 2, 3);
    }

    @Test
    void rejectsMalformedHeadersWithOffsets() {
        assertMalformed("", "expected '{' at the start of the header, found the end of the header", 8);
        assertMalformed("[1]", "expected '{'", 8);
        assertMalformed("{\"code\":1} x", "unexpected 'x' after the closing brace", 19);
        assertMalformed("{'code':1}", "expected a quoted field name, found '''", 9);
        assertMalformed("{code:1}", "expected a quoted field name", 9);
        assertMalformed("{\"code\":1,}", "expected a quoted field name, found '}'", 18);
        assertMalformed("{\"code\":2147483648}", "code value '2147483648' is not a number in the int range", 16);
        assertMalformed("{\"code\":0x10}", "expected '}' after a field value, found 'x'", 17);
        assertMalformed("{\"code\":\"abc\"}", "code value 'abc' is not a number", 16);
        assertMalformed("{\"extFields\":[]}", "extFields must be an object, found '['", 21);
        assertMalformed("{\"remark\":\"abc", "unterminated string for remark", 18);
        assertMalformed("{\"remark\":\"a\\x\"}", "unknown escape '\\x'", 21);
        assertMalformed("{\"remark\":\"\\u12\"}", "\\u escape needs 4 hex digits", 23);
        assertMalformed("{\"x\":[1,2}", "expected ',' or ']' in an unknown field, found '}'", 17);
        assertMalformed("{\"x\":tru}", "expected a JSON value", 13);
        assertMalformed("{\"code\":-}", "expected a digit", 17);
    }

    @Test
    void deepNestingInAnUnknownFieldIsSkippedWithoutRecursion() throws Exception {
        String deep = "[".repeat(200_000) + "]".repeat(200_000);
        assertThat(decodeJson("{\"x\":" + deep + ",\"code\":3}").code()).isEqualTo(3);
    }

    private static void assertMalformed(String header, String messagePart, long frameOffset) {
        assertThatThrownBy(() -> decodeJson(header))
            .isInstanceOf(MalformedFrameException.class)
            .hasMessageContaining(messagePart)
            .satisfies(e -> assertThat(((MalformedFrameException) e).frameOffset()).as("offset of %s", header)
                .isEqualTo(frameOffset));
    }
}
