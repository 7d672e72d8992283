package dev.petrel.client.internal.producer;

import static org.assertj.core.api.Assertions.assertThat;

import dev.petrel.client.Message;
import dev.petrel.message.BatchBodyCodec;
import dev.petrel.message.PropertiesCodec;
import dev.petrel.protocol.body.MessageQueue;
import dev.petrel.protocol.code.RequestCode;
import dev.petrel.protocol.frame.RemotingCommand;
import java.nio.ByteBuffer;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class SendRequestFactoryTest {

    private static final String UNIQ = "FD000000000000000000000000000000";
    private final SendRequestFactory factory = new SendRequestFactory("pg", "TBW102", 4, new BodyCompressor(4096, 5));

    @Test
    void singleSendHasTheCapturedV2Header() {
        Message m = Message.builder("TopicTest").body("hello").keys("key1", "key2").property("ua", "uv").tags("TagA").build();
        RemotingCommand cmd = factory.single(m, UNIQ, new MessageQueue("TopicTest", "broker-a", 1), 1796061778187L);
        assertThat(cmd.code()).isEqualTo(RequestCode.SEND_MESSAGE_V2);
        Map<String, String> expected = new LinkedHashMap<>();
        expected.put("a", "pg");
        expected.put("b", "TopicTest");
        expected.put("c", "TBW102");
        expected.put("d", "4");
        expected.put("e", "1");
        expected.put("f", "0");
        expected.put("g", "1796061778187");
        expected.put("h", "0");
        expected.put("j", "0");
        expected.put("k", "false");
        expected.put("m", "false");
        expected.put("n", "broker-a");
        Map<String, String> ext = new LinkedHashMap<>(cmd.extFields());
        String properties = ext.remove("i");
        assertThat(ext).isEqualTo(expected);
        assertThat(PropertiesCodec.decode(properties)).containsExactlyInAnyOrderEntriesOf(Map.of(
            "KEYS", "key1 key2", "ua", "uv", "UNIQ_KEY", UNIQ, "WAIT", "true", "TAGS", "TagA"));
        assertThat(cmd.body()).isEqualTo("hello".getBytes());
    }

    @Test
    void bodiesFromFourKibAreZlibCompressedExactlyAsApache() {
        byte[] body = new byte[4096];
        for (int i = 0; i < body.length; i++) {
            body[i] = (byte) "petrel-".charAt(i % 7);
        }
        RemotingCommand cmd = factory.single(Message.of("T", body), UNIQ, new MessageQueue("T", "b", 0), 1);
        // Apache 5.3.1 CompressorFactory.getCompressor(ZLIB).compress(body, 5) on the same bytes
        assertThat(HexFormat.of().formatHex(cmd.body()))
            .isEqualTo("785eedc5310900000800b044c6f2f310b13ff690ed59e74e56b42449922449fadb010a0a398c");
        assertThat(cmd.extField("f")).isEqualTo(Integer.toString(0x301));
        RemotingCommand small = factory.single(Message.of("T", new byte[4095]), UNIQ, new MessageQueue("T", "b", 0), 1);
        assertThat(small.extField("f")).isEqualTo("0");
        assertThat(small.bodyLength()).isEqualTo(4095);
    }

    @Test
    void retryTopicMovesReconsumeCountersToTheHeader() {
        Message m = Message.withProperties("%RETRY%cg", "x".getBytes(), 0,
            Map.of("RECONSUME_TIME", "3", "MAX_RECONSUME_TIMES", "16", "WAIT", "true"));
        RemotingCommand cmd = factory.single(m, UNIQ, new MessageQueue("%RETRY%cg", "b", 0), 1);
        assertThat(cmd.extField("j")).isEqualTo("3");
        assertThat(cmd.extField("l")).isEqualTo("16");
        assertThat(PropertiesCodec.decode(cmd.extField("i"))).doesNotContainKeys("RECONSUME_TIME", "MAX_RECONSUME_TIMES");
    }

    @Test
    void batchCarriesEnvelopeAndInnerKeys() {
        List<Message> msgs = List.of(Message.builder("T").body("a").tags("x").build(), Message.of("T", "bb"));
        RemotingCommand cmd = factory.batch(msgs, List.of("K1", "K2"), new MessageQueue("T", "b", 2), 5);
        assertThat(cmd.code()).isEqualTo(RequestCode.SEND_BATCH_MESSAGE);
        assertThat(cmd.extField("m")).isEqualTo("true");
        assertThat(cmd.extField("e")).isEqualTo("2");
        // no envelope UNIQ_KEY: the broker appends envelope properties to each message, it would replace theirs
        assertThat(cmd.extField("i")).isEqualTo("WAIT\u0001true\u0002");
        List<BatchBodyCodec.Entry> entries = BatchBodyCodec.decode(ByteBuffer.wrap(cmd.body()));
        assertThat(entries).hasSize(2);
        assertThat(PropertiesCodec.decode(entries.get(0).properties())).containsEntry("UNIQ_KEY", "K1").containsEntry("TAGS", "x");
        assertThat(PropertiesCodec.decode(entries.get(1).properties())).containsEntry("UNIQ_KEY", "K2");
        assertThat(entries.get(1).body()).isEqualTo("bb".getBytes());
    }
}
