package dev.petrel.message;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;

import java.nio.ByteBuffer;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowable;

/** Round trips and fuzzing of every decoder in the module. */
class MessageCodecPropertiesTest {

    @Provide
    Arbitrary<MessageDraft> drafts() {
        Arbitrary<String> topic = Arbitraries.strings().withChars("abcXYZ019_-%|").ofMinLength(1).ofMaxLength(200);
        Arbitrary<byte[]> body = Arbitraries.bytes().array(byte[].class).ofMaxSize(300);
        Arbitrary<Map<String, String>> props = Arbitraries.maps(
            Arbitraries.strings().alpha().ofMinLength(1).ofMaxLength(8),
            Arbitraries.strings().ofMinLength(1).ofMaxLength(20).excludeChars('\u0001', '\u0002')).ofMaxSize(5);
        Arbitrary<Host> host = Arbitraries.of(4, 16).flatMap(n -> Arbitraries.bytes().array(byte[].class).ofSize(n))
            .flatMap(a -> Arbitraries.integers().between(0, 65535).map(p -> new Host(a, p)));
        return Combinators.combine(topic, body, props, host, host, Arbitraries.integers(), Arbitraries.longs())
            .as((t, b, p, bh, sh, i, l) -> MessageDraft.builder().topic(t).queueId(i & 0xFF).body(b).flag(i)
                .properties(p).bornTimestamp(l).bornHost(bh).storeHost(sh).sysFlag((i >>> 8) & 0xC)
                .reconsumeTimes(i >>> 3).preparedTransactionOffset(l >>> 1).build());
    }

    @Property(tries = 300)
    void recordRoundTrip(@ForAll("drafts") MessageDraft d, @ForAll long queueOffset, @ForAll long storeTs) {
        ByteBuffer buf = ByteBuffer.allocate(d.recordSize() + 7);
        MessageRecordLayout.encode(buf, 7, d, queueOffset, 4242, storeTs);
        assertThat(MessageRecordLayout.check(buf, 7, buf.limit(), true)).isEqualTo(d.recordSize());
        DecodedMessage m = new MessageRecordDecoder().decode(buf, 7);
        assertThat(m.topic()).isEqualTo(d.topic());
        assertThat(m.body()).isEqualTo(d.body());
        assertThat(m.properties()).isEqualTo(PropertiesCodec.decode(d.properties()));
        assertThat(m.queueOffset()).isEqualTo(queueOffset);
        assertThat(m.storeTimestamp()).isEqualTo(storeTs);
        assertThat(m.bornHost()).isEqualTo(d.bornHost());
        assertThat(m.storeHost()).isEqualTo(d.storeHost());
        assertThat(m.sysFlag()).isEqualTo(d.sysFlag());
        assertThat(m.reconsumeTimes()).isEqualTo(d.reconsumeTimes());
        assertThat(m.preparedTransactionOffset()).isEqualTo(d.preparedTransactionOffset());
        assertThat(m.msgId()).isEqualTo(OffsetMessageId.encode(d.storeHost(), 4242));
    }

    @Property(tries = 300)
    void truncatedRecordsFailClearly(@ForAll("drafts") MessageDraft d, @ForAll @IntRange(min = 0, max = 10_000) int cut) {
        ByteBuffer full = ByteBuffer.allocate(d.recordSize());
        MessageRecordLayout.encode(full, 0, d, 1, 2, 3);
        int keep = 1 + cut % (d.recordSize() - 1);
        ByteBuffer truncated = ByteBuffer.wrap(java.util.Arrays.copyOf(full.array(), keep));
        assertThatThrownBy(() -> new MessageRecordDecoder().decodeAll(truncated)).isInstanceOf(MessageFormatException.class);
        assertThat(MessageRecordLayout.check(truncated, 0, keep, true)).isEqualTo(MessageRecordLayout.CHECK_INVALID);
    }

    @Property(tries = 1000)
    void randomBytesNeverBreakTheDecoder(@ForAll @Size(max = 400) byte[] bytes, @ForAll boolean plantMagic) {
        if (plantMagic && bytes.length >= 8) {
            ByteBuffer.wrap(bytes).putInt(4, MessageRecordLayout.MAGIC_V1);
        }
        Throwable t = catchThrowable(() -> new MessageRecordDecoder().decodeAll(ByteBuffer.wrap(bytes)));
        assertThat(t == null || t instanceof MessageFormatException).as(String.valueOf(t)).isTrue();
        int r = MessageRecordLayout.check(ByteBuffer.wrap(bytes), 0, bytes.length, true);
        assertThat(r == MessageRecordLayout.CHECK_INVALID || r == MessageRecordLayout.CHECK_BLANK
            || (r >= MessageRecordLayout.MIN_RECORD_SIZE && r <= bytes.length)).isTrue();
    }

    @Property(tries = 300)
    void flippedByteIsDetectedOrHarmless(@ForAll("drafts") MessageDraft d, @ForAll int position, @ForAll byte xor) {
        ByteBuffer buf = ByteBuffer.allocate(d.recordSize());
        MessageRecordLayout.encode(buf, 0, d, 1, 2, 3);
        int p = Math.floorMod(position, d.recordSize());
        buf.put(p, (byte) (buf.get(p) ^ (xor == 0 ? 1 : xor)));
        Throwable t = catchThrowable(() -> new MessageRecordDecoder().decodeAll(buf));
        assertThat(t == null || t instanceof MessageFormatException).isTrue();
    }

    @Property(tries = 300)
    void batchRoundTrip(@ForAll @Size(max = 10) List<@Size(max = 64) byte[]> bodies, @ForAll int flag) {
        List<BatchBodyCodec.Entry> entries = bodies.stream()
            .map(b -> new BatchBodyCodec.Entry(flag, b, "UNIQ_KEY\u0001" + b.length + "\u0002")).toList();
        byte[] encoded = BatchBodyCodec.encode(entries);
        List<BatchBodyCodec.Entry> back = BatchBodyCodec.decode(ByteBuffer.wrap(encoded));
        assertThat(back).hasSize(entries.size());
        for (int i = 0; i < back.size(); i++) {
            assertThat(back.get(i).body()).isEqualTo(entries.get(i).body());
            assertThat(back.get(i).properties()).isEqualTo(entries.get(i).properties());
            assertThat(back.get(i).flag()).isEqualTo(flag);
        }
    }

    @Property(tries = 1000)
    void batchFuzz(@ForAll @Size(max = 200) byte[] bytes) {
        Throwable t = catchThrowable(() -> BatchBodyCodec.decode(ByteBuffer.wrap(bytes)));
        assertThat(t == null || t instanceof MessageFormatException).as(String.valueOf(t)).isTrue();
    }

    @Property(tries = 1000)
    void propertiesRoundTripAndFuzz(@ForAll Map<@Size(min = 1, max = 5) String, @Size(min = 1, max = 5) String> m,
                                    @ForAll String junk) {
        Map<String, String> clean = new java.util.LinkedHashMap<>();
        m.forEach((k, v) -> {
            if (k.indexOf('\u0001') < 0 && k.indexOf('\u0002') < 0 && v.indexOf('\u0001') < 0 && v.indexOf('\u0002') < 0
                && !k.isEmpty() && !v.isEmpty()) {
                clean.put(k, v);
            }
        });
        assertThat(PropertiesCodec.decode(PropertiesCodec.encode(clean))).isEqualTo(clean);
        PropertiesCodec.decode(junk);
    }

    @Property(tries = 500)
    void msgIdFuzz(@ForAll String s) {
        Throwable t = catchThrowable(() -> OffsetMessageId.decode(s));
        assertThat(t == null || t instanceof MessageFormatException).isTrue();
    }
}
