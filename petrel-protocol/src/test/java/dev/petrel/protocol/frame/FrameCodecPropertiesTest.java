package dev.petrel.protocol.frame;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.management.ManagementFactory;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;
import org.junit.jupiter.api.Test;

/**
 * Round trips of random commands in both encodings, and hostile input: random bytes, every truncation and random
 * corruption of valid frames. Bad input must end in a {@link MalformedFrameException}, never another exception, and
 * the decoder must never allocate what a length field merely claims; the latter is measured with the JVM's per-thread
 * allocation counter.
 */
class FrameCodecPropertiesTest {

    private static final com.sun.management.ThreadMXBean THREADS =
        (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();

    /** Generous: a HashMap entry with two tiny strings costs ~150 bytes for 6 input bytes. */
    private static long allocationBound(int inputLength) {
        return 64 * 1024 + 48L * inputLength;
    }

    static {
        // Class loading and the first decodes allocate on this thread; do it before anything is measured.
        for (int i = 0; i < 3; i++) {
            for (SerializeType type : SerializeType.values()) {
                RemotingCommand c = RemotingCommand.newRequest(10).remark("é").extField("k", "v").serializeType(type).build();
                byte[] frame = RemotingFrameCodec.encode(c);
                decodeUnmeasured(Arrays.copyOfRange(frame, 4, frame.length));
                decodeUnmeasured(Arrays.copyOfRange(frame, 4, frame.length - 3));
            }
            decodeUnmeasured(new byte[] {0, 0, 0, 5, '{', '"', 'x', '"', ':'});
        }
    }

    // ---- round trips ----

    @Property(tries = 400)
    void jsonRoundTrip(@ForAll("anyCommand") RemotingCommand command) throws Exception {
        RemotingCommand json = command.withSerializeType(SerializeType.JSON);
        assertThat(RemotingFrameCodec.decodeFrame(ByteBuffer.wrap(RemotingFrameCodec.encode(json)))).isEqualTo(json);
    }

    @Property(tries = 400)
    void binaryRoundTrip(@ForAll("binaryCommand") RemotingCommand command) throws Exception {
        assertThat(RemotingFrameCodec.decodeFrame(ByteBuffer.wrap(RemotingFrameCodec.encode(command))))
            .isEqualTo(command);
    }

    @Property(tries = 200)
    void anyCommandAskedForBinaryComesBackInTheEncodingUsed(@ForAll("anyCommand") RemotingCommand command)
        throws Exception {
        RemotingCommand binary = command.withSerializeType(SerializeType.ROCKETMQ);
        RemotingCommand decoded = RemotingFrameCodec.decodeFrame(ByteBuffer.wrap(RemotingFrameCodec.encode(binary)));

        assertThat(decoded.code()).isEqualTo(command.code());
        assertThat(decoded.version()).isEqualTo(command.version());
        assertThat(decoded.serializeType()).isEqualTo(RemotingFrameCodec.encodingFor(binary));
        assertThat(decoded.extFields()).isEqualTo(command.extFields());
    }

    // ---- hostile input ----

    @Property(tries = 2000)
    void randomBytesDecodeOrFailCleanly(@ForAll("hostileFrame") byte[] afterLength) {
        decodeMeasured(afterLength);
    }

    @Property(tries = 150)
    void everyTruncationDecodesOrFailsCleanly(@ForAll("anyCommand") RemotingCommand command,
                                              @ForAll boolean binary) {
        byte[] frame = RemotingFrameCodec.encode(command.withSerializeType(binary ? SerializeType.ROCKETMQ : SerializeType.JSON));
        byte[] afterLength = Arrays.copyOfRange(frame, 4, frame.length);
        int headerLength = ByteBuffer.wrap(afterLength).getInt() & 0xFFFFFF;
        for (int cut = 0; cut < afterLength.length; cut++) {
            decodeMeasured(Arrays.copyOf(afterLength, cut));
        }
        // The same, with the header-length word fixed up so the header decoders themselves see the cut.
        for (int cut = 0; cut < headerLength; cut++) {
            byte[] shortened = Arrays.copyOf(afterLength, 4 + cut);
            ByteBuffer.wrap(shortened).putInt(0, (afterLength[0] << 24) | cut);
            decodeMeasured(shortened);
        }
    }

    @Property(tries = 1000)
    void corruptedFramesDecodeOrFailCleanly(@ForAll("anyCommand") RemotingCommand command, @ForAll boolean binary,
                                            @ForAll @Size(min = 1, max = 6) List<@IntRange(min = 0, max = 10_000) Integer> positions,
                                            @ForAll @Size(min = 6, max = 6) List<Byte> values) {
        byte[] frame = RemotingFrameCodec.encode(command.withSerializeType(binary ? SerializeType.ROCKETMQ : SerializeType.JSON));
        byte[] afterLength = Arrays.copyOfRange(frame, 4, frame.length);
        for (int i = 0; i < positions.size(); i++) {
            afterLength[positions.get(i) % afterLength.length] = values.get(i);
        }
        decodeMeasured(afterLength);
    }

    @Property(tries = 1000)
    void directAndHeapBuffersDecodeAlike(@ForAll("hostileFrame") byte[] hostile, @ForAll("anyCommand") RemotingCommand valid,
                                         @ForAll boolean useValid) {
        byte[] input = hostile;
        if (useValid) {
            byte[] frame = RemotingFrameCodec.encode(valid);
            input = Arrays.copyOfRange(frame, 4, frame.length);
        }
        ByteBuffer direct = ByteBuffer.allocateDirect(input.length + 3);
        direct.position(3);
        direct.put(input).position(3);
        assertThat(outcome(direct)).isEqualTo(outcome(ByteBuffer.wrap(input)));
        assertThat(outcome(ByteBuffer.wrap(input).asReadOnlyBuffer())).isEqualTo(outcome(ByteBuffer.wrap(input)));
    }

    /** The decoded command, or the error message (which includes the frame offset). */
    private static Object outcome(ByteBuffer frame) {
        try {
            return RemotingFrameCodec.decode(frame);
        } catch (MalformedFrameException e) {
            return e.getMessage();
        }
    }

    @Test
    void hugeClaimedLengthsAllocateNothingLikeThem() {
        // header length 16 MiB - 1 with 2 bytes present
        decodeMeasured(new byte[] {0, (byte) 0xFF, (byte) 0xFF, (byte) 0xFF, '{', '}'});
        // binary remark length 2^31-1 inside a 21-byte header
        ByteBuffer b = ByteBuffer.allocate(4 + 21).putInt(0x0100_0000 | 21).putShort((short) 10).put((byte) 0)
            .putShort((short) 475).putInt(1).putInt(0).putInt(Integer.MAX_VALUE).putInt(0);
        decodeMeasured(b.array());
        // binary ext length 2^31-1, then a key length of 32767
        b = ByteBuffer.allocate(4 + 27).putInt(0x0100_0000 | 27).putShort((short) 10).put((byte) 0)
            .putShort((short) 475).putInt(1).putInt(0).putInt(0).putInt(6).putShort(Short.MAX_VALUE).putInt(Integer.MAX_VALUE);
        decodeMeasured(b.array());
    }

    private static void decodeUnmeasured(byte[] afterLength) {
        try {
            RemotingFrameCodec.decode(ByteBuffer.wrap(afterLength));
        } catch (MalformedFrameException expected) {
            // warming up only
        }
    }

    /**
     * Decodes twice and measures the second run: the first run of a code path links call sites (string
     * concatenation bootstraps allocate a lot once), which is the JVM's cost, not the decoder's.
     */
    private static void decodeMeasured(byte[] afterLength) {
        decodeUnmeasured(afterLength);
        long before = THREADS.getCurrentThreadAllocatedBytes();
        try {
            RemotingFrameCodec.decode(ByteBuffer.wrap(afterLength));
        } catch (MalformedFrameException expected) {
            assertThat(expected.getMessage()).isNotBlank();
        }
        long allocated = THREADS.getCurrentThreadAllocatedBytes() - before;
        assertThat(allocated).as("bytes allocated decoding %d input bytes", afterLength.length)
            .isLessThanOrEqualTo(allocationBound(afterLength.length));
    }

    // ---- generators ----

    @Provide
    Arbitrary<RemotingCommand> anyCommand() {
        return commands(Arbitraries.integers(), Arbitraries.integers(), text().injectNull(0.3), extFields().injectNull(0.3));
    }

    @Provide
    Arbitrary<RemotingCommand> binaryCommand() {
        // The binary layout cannot tell an empty remark from none, nor an empty ext map from none.
        Arbitrary<Integer> shorts = Arbitraries.integers().between(Short.MIN_VALUE, Short.MAX_VALUE);
        return commands(shorts, shorts, text().filter(s -> !s.isEmpty()).injectNull(0.3),
            extFields().filter(m -> !m.isEmpty()).injectNull(0.3))
            .map(c -> c.withSerializeType(SerializeType.ROCKETMQ));
    }

    private static Arbitrary<RemotingCommand> commands(Arbitrary<Integer> codes, Arbitrary<Integer> versions,
                                                       Arbitrary<String> remarks, Arbitrary<Map<String, String>> ext) {
        Arbitrary<byte[]> bodies = Arbitraries.bytes().array(byte[].class).ofMaxSize(64).injectNull(0.3);
        return Combinators.combine(codes, Arbitraries.of(LanguageCode.class), versions, Arbitraries.integers(),
                Arbitraries.integers().between(0, 3), remarks, ext, bodies)
            .as((code, language, version, opaque, flag, remark, fields, body) -> RemotingCommand.newRequest(code)
                .language(language).version(version).opaque(opaque).flag(flag).remark(remark).extFields(fields)
                .body(body).build());
    }

    /** Text of valid UTF-16 (unpaired surrogates are written as '?', so they do not round-trip by design). */
    private static Arbitrary<String> text() {
        Arbitrary<Integer> codePoints = Arbitraries.frequencyOf(
            net.jqwik.api.Tuple.of(6, Arbitraries.integers().between(0x20, 0x7E)),
            net.jqwik.api.Tuple.of(2, Arbitraries.integers().between(0, 0x1F)),
            net.jqwik.api.Tuple.of(1, Arbitraries.integers().between(0x7F, 0xD7FF)),
            net.jqwik.api.Tuple.of(1, Arbitraries.integers().between(0xE000, 0x10FFFF)),
            net.jqwik.api.Tuple.of(1, Arbitraries.of(0x2028, 0x2029, (int) '"', (int) '\\', (int) '/')));
        return codePoints.list().ofMaxSize(24).map(cps -> {
            StringBuilder sb = new StringBuilder();
            cps.forEach(sb::appendCodePoint);
            return sb.toString();
        });
    }

    private static Arbitrary<Map<String, String>> extFields() {
        return Arbitraries.maps(text(), text()).ofMaxSize(8).map(HashMap::new);
    }

    @Provide
    Arbitrary<byte[]> hostileFrame() {
        Arbitrary<Byte> jsonish = Arbitraries.of("{}[]\":,\\-+.0123456789eEtrufalsn xu\t{\"code\":1,\"extFields\":{".chars()
            .mapToObj(c -> (byte) c).toArray(Byte[]::new));
        Arbitrary<Byte> anyByte = Arbitraries.bytes();
        Arbitrary<byte[]> content = Arbitraries.frequencyOf(
            net.jqwik.api.Tuple.of(1, anyByte), net.jqwik.api.Tuple.of(2, jsonish))
            .list().ofMaxSize(300).map(list -> {
                byte[] bytes = new byte[list.size()];
                for (int i = 0; i < bytes.length; i++) {
                    bytes[i] = list.get(i);
                }
                return bytes;
            });
        Arbitrary<Integer> types = Arbitraries.frequency(
            net.jqwik.api.Tuple.of(5, 0), net.jqwik.api.Tuple.of(5, 1), net.jqwik.api.Tuple.of(1, 7));
        return Combinators.combine(types, content, Arbitraries.integers().between(-5, 0xFFFFFF), Arbitraries.of(true, false))
            .as((type, bytes, claimed, honest) -> {
                int headerLength = honest ? Math.max(0, bytes.length - Math.floorMod(claimed, 8)) : claimed & 0xFFFFFF;
                return ByteBuffer.allocate(4 + bytes.length).putInt((type << 24) | headerLength).put(bytes).array();
            });
    }
}
