package dev.petrel.protocol.frame;

import static org.assertj.core.api.Assertions.assertThat;

import dev.petrel.protocol.code.ResponseCode;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Golden bytes from remoting-frame.md §1.1 and §3 (captured from the 5.3.1 jar), and fastjson's escape table. */
class FrameGoldenBytesTest {

    private static final HexFormat HEX = HexFormat.of();

    /** §1.1: GET_ROUTEINFO_BY_TOPIC for TopicTest, JSON. */
    private static final String ROUTE_JSON_HEADER =
        "{\"code\":105,\"extFields\":{\"topic\":\"TopicTest\"},\"flag\":0,\"language\":\"JAVA\",\"opaque\":0,"
            + "\"serializeTypeCurrentRPC\":\"JSON\",\"version\":475}";

    /** §1.1: the same request with the binary header, whole frame. */
    private static final String ROUTE_BINARY_FRAME = "0000002d" + "01000029" + "0069" + "00" + "01db" + "00000000"
        + "00000000" + "00000000" + "00000014" + "0005" + "746f706963" + "00000009" + "546f70696354657374";

    /** §3: a response encoded by the 5.3.1 jar, with escapes and non-ASCII text. */
    private static final String ESCAPED_RESPONSE_HEADER =
        "{\"code\":1,\"extFields\":{\"k\":\"v\\u0001w\\u0002\"},\"flag\":1,\"language\":\"JAVA\",\"opaque\":7,"
            + "\"remark\":\"错误 \\\"quoted\\\" tab\\t nl\\n ctl\\u0001 / slash\",\"serializeTypeCurrentRPC\":\"JSON\","
            + "\"version\":0}";

    private static RemotingCommand routeRequest(SerializeType type) {
        return RemotingCommand.newRequest(105).extField("topic", "TopicTest").serializeType(type).build();
    }

    @Test
    void jsonRouteRequestMatchesCapture() {
        byte[] frame = RemotingFrameCodec.encode(routeRequest(SerializeType.JSON));

        assertThat(HEX.formatHex(frame, 0, 8)).isEqualTo("00000087" + "00000083");
        assertThat(new String(frame, 8, frame.length - 8, StandardCharsets.UTF_8)).isEqualTo(ROUTE_JSON_HEADER);
        assertThat(frame).hasSize(4 + 135);
    }

    @Test
    void binaryRouteRequestMatchesCapture() {
        byte[] frame = RemotingFrameCodec.encode(routeRequest(SerializeType.ROCKETMQ));

        assertThat(HEX.formatHex(frame)).isEqualTo(ROUTE_BINARY_FRAME);
    }

    @Test
    void capturedFramesDecodeToTheLogicalCommand() throws Exception {
        byte[] header = ROUTE_JSON_HEADER.getBytes(StandardCharsets.UTF_8);
        ByteBuffer json = ByteBuffer.allocate(8 + header.length).putInt(4 + header.length).putInt(header.length)
            .put(header).flip();

        assertThat(RemotingFrameCodec.decodeFrame(json)).isEqualTo(routeRequest(SerializeType.JSON));
        assertThat(RemotingFrameCodec.decodeFrame(ByteBuffer.wrap(HEX.parseHex(ROUTE_BINARY_FRAME))))
            .isEqualTo(routeRequest(SerializeType.ROCKETMQ));
    }

    @Test
    void escapedResponseMatchesCapture() throws Exception {
        RemotingCommand response = RemotingCommand.newRequest(1).flag(RemotingCommand.FLAG_RESPONSE).opaque(7).version(0)
            .remark("错误 \"quoted\" tab\t nl\n ctl\u0001 / slash").extField("k", "v\u0001w\u0002").build();

        assertThat(jsonHeaderOf(response)).isEqualTo(ESCAPED_RESPONSE_HEADER);
        assertThat(RemotingFrameCodec.decode(ByteBuffer.wrap(RemotingFrameCodec.encode(response), 4,
            RemotingFrameCodec.encode(response).length - 4))).isEqualTo(response);
    }

    @Test
    void escapesEveryCharTheWayFastjsonDoes() {
        // Measured on fastjson 1.2.83 through the 5.3.1 RemotingCommand for every char 0..0xFFFF.
        Map<String, String> expected = new LinkedHashMap<>();
        expected.put("\u0000", "\\u0000");
        expected.put("\u0007", "\\u0007");
        expected.put("\b", "\\b");
        expected.put("\t", "\\t");
        expected.put("\n", "\\n");
        expected.put("\u000B", "\\u000B");
        expected.put("\f", "\\f");
        expected.put("\r", "\\r");
        expected.put("\u001A", "\\u001A");
        expected.put("\u001F", "\\u001F");
        expected.put("\"", "\\\"");
        expected.put("\\", "\\\\");
        expected.put("/", "/");
        expected.put("'", "'");
        expected.put("~", "~");
        expected.put("\u007F", "\\u007F");
        expected.put("\u0085", "\\u0085");
        expected.put("\u009F", "\\u009F");
        expected.put("\u00A0", "\u00A0");
        expected.put("é", "é");
        expected.put("\u2027", "\u2027");
        expected.put("\u2028", "\\u2028");
        expected.put("\u2029", "\\u2029");
        expected.put("😀", "😀");
        expected.put("\uD83D", "?");
        expected.put("\uDE00x", "?x");
        expected.put("\uFFFF", "\uFFFF");

        expected.forEach((raw, written) -> {
            RemotingCommand command = RemotingCommand.newRequest(1).remark(raw).extField(raw, raw).build();
            String header = jsonHeaderOf(command);
            String quoted = "\"" + written + "\"";
            assertThat(header).as("remark %s", HEX.formatHex(raw.getBytes(StandardCharsets.UTF_16BE)))
                .contains("\"remark\":" + quoted + ",")
                .contains("\"extFields\":{" + quoted + ":" + quoted + "}");
        });
    }

    @Test
    void omitsNullRemarkAndAbsentExtFieldsButKeepsAnEmptyMap() {
        RemotingCommand bare = RemotingCommand.request(106, null, null);
        RemotingCommand empty = RemotingCommand.newRequest(106).extFields(Map.of()).oneway().build();

        assertThat(jsonHeaderOf(bare)).isEqualTo("{\"code\":106,\"flag\":0,\"language\":\"JAVA\",\"opaque\":0,"
            + "\"serializeTypeCurrentRPC\":\"JSON\",\"version\":475}");
        assertThat(jsonHeaderOf(empty)).isEqualTo("{\"code\":106,\"extFields\":{},\"flag\":2,\"language\":\"JAVA\","
            + "\"opaque\":0,\"serializeTypeCurrentRPC\":\"JSON\",\"version\":475}");
    }

    @Test
    void writesNegativeAndExtremeNumbers() {
        RemotingCommand command = RemotingCommand.newRequest(Integer.MIN_VALUE).opaque(-1).version(Integer.MAX_VALUE)
            .language(LanguageCode.RUST).remark("").build();

        assertThat(jsonHeaderOf(command)).isEqualTo("{\"code\":-2147483648,\"flag\":0,\"language\":\"RUST\","
            + "\"opaque\":-1,\"remark\":\"\",\"serializeTypeCurrentRPC\":\"JSON\",\"version\":2147483647}");
    }

    @Test
    void encodeHeaderLeavesRoomForABodyWrittenSeparately() {
        RemotingCommand response = routeRequest(SerializeType.ROCKETMQ).response(ResponseCode.SUCCESS, null);
        byte[] header = RemotingFrameCodec.encodeHeader(response, 1000);
        ByteBuffer view = ByteBuffer.wrap(header);

        assertThat(view.getInt(0)).isEqualTo(4 + (header.length - 8) + 1000);
        assertThat(view.getInt(4)).isEqualTo(0x0100_0000 | (header.length - 8));
        // "0000" code SUCCESS, JAVA, version 475, opaque 0, flag 1 (response), no remark, no ext fields
        assertThat(HEX.formatHex(header, 8, header.length)).isEqualTo("0000" + "00" + "01db" + "00000000" + "00000001"
            + "00000000" + "00000000");
    }

    @Test
    void codesOutsideAShortFallBackToJson() throws Exception {
        RemotingCommand pop = RemotingCommand.newRequest(200050).serializeType(SerializeType.ROCKETMQ).build();
        byte[] frame = RemotingFrameCodec.encode(pop);

        assertThat(frame[4]).as("type byte").isEqualTo((byte) 0);
        assertThat(RemotingFrameCodec.encodingFor(pop)).isEqualTo(SerializeType.JSON);
        assertThat(RemotingFrameCodec.decodeFrame(ByteBuffer.wrap(frame)))
            .isEqualTo(pop.withSerializeType(SerializeType.JSON));
    }

    @Test
    void keysLongerThanAShortFallBackToJson() throws Exception {
        String longKey = "k".repeat(Short.MAX_VALUE + 1);
        RemotingCommand command = RemotingCommand.newRequest(10).extField(longKey, "v")
            .serializeType(SerializeType.ROCKETMQ).build();
        byte[] frame = RemotingFrameCodec.encode(command);

        assertThat(frame[4]).isEqualTo((byte) 0);
        assertThat(RemotingFrameCodec.decodeFrame(ByteBuffer.wrap(frame)).extField(longKey)).isEqualTo("v");
    }

    static String jsonHeaderOf(RemotingCommand command) {
        byte[] frame = RemotingFrameCodec.encode(command.withSerializeType(SerializeType.JSON));
        int headerLength = ByteBuffer.wrap(frame).getInt(4) & 0xFFFFFF;
        return new String(frame, 8, headerLength, StandardCharsets.UTF_8);
    }
}
