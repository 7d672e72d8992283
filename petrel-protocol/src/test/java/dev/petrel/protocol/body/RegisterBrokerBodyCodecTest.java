package dev.petrel.protocol.body;

import static dev.petrel.protocol.body.BodyGolden.utf8;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.petrel.protocol.body.register.RegisterBrokerBody;
import dev.petrel.protocol.body.register.RegisterBrokerBodyCodec;
import dev.petrel.protocol.body.topic.TopicConfig;
import dev.petrel.protocol.body.topic.TopicConfigAndMappingSerializeWrapper;
import dev.petrel.protocol.body.topic.TopicFilterType;
import dev.petrel.protocol.body.topic.TopicQueueMappingInfo;
import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.zip.Deflater;
import java.util.zip.Inflater;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.Size;
import org.junit.jupiter.api.Test;

/** The zlib-compressed REGISTER_BROKER body (json-bodies.md §4). */
class RegisterBrokerBodyCodecTest {

    private static final DataVersion VERSION = new DataVersion(7, 0, 1700000000000L);
    private static final TopicConfig TOPIC = new TopicConfig("TopicTest", 4, 2, 6, TopicFilterType.SINGLE_TAG, 0, false,
        Map.of("message.type", "NORMAL"));
    private static final TopicQueueMappingInfo MAPPING = new TopicQueueMappingInfo("broker-a", Map.of(0, 0), false, 1,
        "__global__", "S", 1);
    private static final RegisterBrokerBody BODY = new RegisterBrokerBody(List.of(),
        new TopicConfigAndMappingSerializeWrapper(VERSION, null, Map.of("TopicTest", TOPIC), Map.of(), Map.of("S", MAPPING)));

    /** The inflated layout, written out field by field. */
    private static byte[] expectedPlain() {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        chunk(out, "{\"counter\":7,\"stateVersion\":0,\"timestamp\":1700000000000}");
        out.writeBytes(ByteBuffer.allocate(4).putInt(1).array());
        chunk(out, "TopicTest 4 2 6 SINGLE_TAG {\"message.type\":\"NORMAL\"}");
        chunk(out, "[]");
        out.writeBytes(ByteBuffer.allocate(4).putInt(1).array());
        chunk(out, "{\"bname\":\"broker-a\",\"currIdMap\":{\"0\":0},\"dirty\":false,\"epoch\":1,\"scope\":\"__global__\","
            + "\"topic\":\"S\",\"totalQueues\":1}");
        return out.toByteArray();
    }

    private static void chunk(ByteArrayOutputStream out, String text) {
        byte[] bytes = utf8(text);
        out.writeBytes(ByteBuffer.allocate(4).putInt(bytes.length).array());
        out.writeBytes(bytes);
    }

    private static byte[] inflate(byte[] compressed) throws Exception {
        Inflater inflater = new Inflater();
        inflater.setInput(compressed);
        byte[] buffer = new byte[1 << 16];
        int n = inflater.inflate(buffer);
        assertThat(inflater.finished()).isTrue();
        inflater.end();
        return Arrays.copyOf(buffer, n);
    }

    private static byte[] deflate(byte[] plain) {
        Deflater deflater = new Deflater(Deflater.BEST_COMPRESSION);
        deflater.setInput(plain);
        deflater.finish();
        byte[] buffer = new byte[plain.length + 64];
        int n = deflater.deflate(buffer);
        deflater.end();
        return Arrays.copyOf(buffer, n);
    }

    @Test
    void compressedLayoutIsGolden() throws Exception {
        byte[] compressed = RegisterBrokerBodyCodec.encode(BODY, true);
        assertThat(compressed[0]).as("zlib header").isEqualTo((byte) 0x78);
        assertThat(compressed[1]).as("zlib header, best compression").isEqualTo((byte) 0xDA);
        assertThat(inflate(compressed)).isEqualTo(expectedPlain());
    }

    @Test
    void decodesTheLayoutWithAndWithoutMappings() {
        byte[] compressed = deflate(expectedPlain());
        // topicSysFlag and order are not carried; the mapping data version is not either.
        assertThat(RegisterBrokerBodyCodec.decode(compressed, true, 475)).isEqualTo(BODY);
        RegisterBrokerBody old = RegisterBrokerBodyCodec.decode(compressed, true, 409);
        assertThat(old.topicConfigSerializeWrapper().topicQueueMappingInfoMap()).isEmpty();
        assertThat(old.topicConfigSerializeWrapper().topicConfigTable()).containsEntry("TopicTest", TOPIC);
    }

    @Test
    void jsonFormGoesThroughTheBodyCodec() {
        RegisterBrokerBody body = new RegisterBrokerBody(List.of(),
            new TopicConfigAndMappingSerializeWrapper(VERSION, VERSION, Map.of("TopicTest", TOPIC), Map.of(), Map.of()));
        assertThat(RegisterBrokerBodyCodec.encode(body, false)).isEqualTo(RegisterBrokerBody.CODEC.encode(body));
        assertThat(RegisterBrokerBodyCodec.decode(RegisterBrokerBody.CODEC.encode(body), false, 475)).isEqualTo(body);
    }

    @Test
    void topicLinesWithoutAttributesOrWithSpacesInThem() {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        chunk(out, "{\"counter\":1,\"stateVersion\":0,\"timestamp\":1}");
        out.writeBytes(ByteBuffer.allocate(4).putInt(2).array());
        chunk(out, "Old 8 8 6 SINGLE_TAG");
        chunk(out, "Spaced 1 1 6 SINGLE_TAG {\"a\":\"x y\"}");
        chunk(out, "[\"10.0.0.1:40000\"]");
        RegisterBrokerBody body = RegisterBrokerBodyCodec.decode(deflate(out.toByteArray()), true, 409);
        assertThat(body.topicConfigSerializeWrapper().topicConfigTable())
            .containsEntry("Old", TopicConfig.of("Old", 8, 8, 6))
            .containsEntry("Spaced", new TopicConfig("Spaced", 1, 1, 6, TopicFilterType.SINGLE_TAG, 0, false, Map.of("a", "x y")));
        assertThat(body.filterServerList()).containsExactly("10.0.0.1:40000");
    }

    @Test
    void crc32IsMaskedTo31BitsLikeApaches() {
        assertThat(RegisterBrokerBodyCodec.bodyCrc32(utf8("123456789"))).isEqualTo(0xCBF43926 & 0x7FFFFFFF);
    }

    @Test
    void lyingLengthsAndGarbageAreRejectedWithoutAllocating() {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.writeBytes(ByteBuffer.allocate(4).putInt(Integer.MAX_VALUE).array());
        assertThatThrownBy(() -> RegisterBrokerBodyCodec.decode(deflate(out.toByteArray()), true, 475))
            .isInstanceOf(MalformedBodyException.class)
            .hasMessage("cannot read compressed RegisterBrokerBody: data version length 2147483647 but 0 bytes remain");
        ByteArrayOutputStream count = new ByteArrayOutputStream();
        chunk(count, "{\"counter\":1,\"stateVersion\":0,\"timestamp\":1}");
        count.writeBytes(ByteBuffer.allocate(4).putInt(1_000_000_000).array());
        assertThatThrownBy(() -> RegisterBrokerBodyCodec.decode(deflate(count.toByteArray()), true, 475))
            .hasMessage("cannot read compressed RegisterBrokerBody: topic count 1000000000 but 0 bytes remain");
        assertThatThrownBy(() -> RegisterBrokerBodyCodec.decode(utf8("not zlib"), true, 475))
            .isInstanceOf(MalformedBodyException.class).hasMessageStartingWith("cannot read compressed RegisterBrokerBody: not a zlib stream");
        byte[] truncated = Arrays.copyOf(RegisterBrokerBodyCodec.encode(BODY, true), 20);
        assertThatThrownBy(() -> RegisterBrokerBodyCodec.decode(truncated, true, 475))
            .hasMessage("cannot read compressed RegisterBrokerBody: the zlib stream is truncated");
        ByteArrayOutputStream badLine = new ByteArrayOutputStream();
        chunk(badLine, "{\"counter\":1,\"stateVersion\":0,\"timestamp\":1}");
        badLine.writeBytes(ByteBuffer.allocate(4).putInt(1).array());
        chunk(badLine, "T four 1 6 SINGLE_TAG");
        assertThatThrownBy(() -> RegisterBrokerBodyCodec.decode(deflate(badLine.toByteArray()), true, 475))
            .hasMessageStartingWith("cannot read compressed RegisterBrokerBody: topic config 'T four 1 6 SINGLE_TAG': ");
    }

    @Test
    void aZipBombIsCutOff() {
        byte[] zeros = new byte[RegisterBrokerBodyCodec.MAX_INFLATED_BYTES + 1];
        Deflater deflater = new Deflater(Deflater.BEST_COMPRESSION);
        deflater.setInput(zeros);
        deflater.finish();
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        byte[] buffer = new byte[1 << 16];
        while (!deflater.finished()) {
            out.write(buffer, 0, deflater.deflate(buffer));
        }
        deflater.end();
        assertThatThrownBy(() -> RegisterBrokerBodyCodec.decode(out.toByteArray(), true, 475))
            .isInstanceOf(MalformedBodyException.class).hasMessageContaining("inflates to more than");
    }

    @Property(tries = 300)
    void randomOrDamagedInputFailsCleanly(@ForAll @Size(max = 300) byte[] garbage, @ForAll int cut) {
        try {
            RegisterBrokerBodyCodec.decode(garbage, true, 475);
        } catch (MalformedBodyException expected) {
            // fine
        }
        byte[] valid = RegisterBrokerBodyCodec.encode(BODY, true);
        byte[] prefix = Arrays.copyOf(valid, Math.floorMod(cut, valid.length));
        assertThatThrownBy(() -> RegisterBrokerBodyCodec.decode(prefix, true, 475)).isInstanceOf(MalformedBodyException.class);
        byte[] plain = expectedPlain();
        byte[] damaged = plain.clone();
        damaged[Math.floorMod(cut, damaged.length)] ^= (byte) (1 + Math.floorMod(cut >>> 8, 255));
        try {
            RegisterBrokerBodyCodec.decode(deflate(damaged), true, 475);
        } catch (MalformedBodyException expected) {
            // fine
        }
    }
}
