package dev.petrel.message;

import org.junit.jupiter.api.Test;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;

import static org.assertj.core.api.Assertions.assertThat;

class MessageRecordLayoutTest {

    static final Host BORN = new Host(new byte[] {10, 0, 0, 1}, 50000);
    static final Host STORE = new Host(new byte[] {(byte) 192, (byte) 168, 0, 1}, 10911);
    static final String PROPS = "TAGS\u0001TagA\u0002WAIT\u0001true\u0002";

    static MessageDraft workedExample() {
        return MessageDraft.builder().topic("TopicTest").queueId(3).body("hello".getBytes(StandardCharsets.US_ASCII))
            .flag(0).properties(PROPS).bornTimestamp(0x0000018BCFE56800L).bornHost(BORN).storeHost(STORE).build();
    }

    /** message-format.md §1.7, written out field by field from the reference, not from the layout code. */
    @Test
    void workedExampleByteForByte() {
        String expectedHex = ""
            + "0000007D"                 // TOTALSIZE 125
            + "DAA320A7"                 // MAGIC V1
            + "3610A686"                 // BODYCRC of "hello"
            + "00000003"                 // QUEUEID
            + "00000000"                 // FLAG
            + "0000000000000007"         // QUEUEOFFSET
            + "0000000000001234"         // PHYSICALOFFSET
            + "00000000"                 // SYSFLAG
            + "0000018BCFE56800"         // BORNTIMESTAMP
            + "0A000001" + "0000C350"    // BORNHOST 10.0.0.1:50000
            + "0000018BCFE5687B"         // STORETIMESTAMP (+123 ms)
            + "C0A80001" + "00002A9F"    // STOREHOST 192.168.0.1:10911
            + "00000000"                 // RECONSUMETIMES
            + "0000000000000000"         // PREPARED TRANSACTION OFFSET
            + "00000005" + "68656C6C6F"  // BODY length + "hello"           (84, 88..92)
            + "09" + "546F70696354657374" // TOPIC length + "TopicTest"     (93, 94..102)
            + "0014"                     // PROPERTIES length 20            (103..104)
            + "544147530154616741025741495401747275650" + "2"; // TAGS.TagA.WAIT.true.  (105..124)
        MessageDraft d = workedExample();
        assertThat(d.recordSize()).isEqualTo(125);
        ByteBuffer buf = ByteBuffer.allocate(125);
        MessageRecordLayout.encode(buf, 0, d, 7, 0x1234, 0x0000018BCFE5687BL);
        assertThat(Hex.encode(buf.array())).isEqualTo(expectedHex);
        assertThat(buf.get(93)).isEqualTo((byte) 9);
        assertThat(buf.getShort(103)).isEqualTo((short) 20);
        assertThat(MessageRecordLayout.check(buf, 0, 125, true)).isEqualTo(125);
    }

    @Test
    void crcTestVectors() {
        assertThat(crcOf("hello")).isEqualTo(0x3610A686).isEqualTo(907060870);
        assertThat(crcOf("123456789")).isEqualTo(0x4BF43926).isEqualTo(1274296614);
    }

    private static int crcOf(String s) {
        byte[] b = s.getBytes(StandardCharsets.US_ASCII);
        return MessageRecordLayout.crc(ByteBuffer.wrap(b), 0, b.length);
    }

    @Test
    void ipv6HostsShiftTheTailBy12Each() {
        Host v6 = new Host(new byte[16], 1);
        MessageDraft d = workedExample().toBuilder().bornHost(v6).storeHost(v6).build();
        assertThat(d.sysFlag() & (SysFlag.BORNHOST_V6 | SysFlag.STOREHOST_V6)).isEqualTo(0x30);
        assertThat(d.recordSize()).isEqualTo(125 + 24);
        assertThat(MessageRecordLayout.storeTimestampOffset(d.sysFlag())).isEqualTo(68);
        assertThat(MessageRecordLayout.bodyLengthOffset(d.sysFlag())).isEqualTo(84 + 24);
        ByteBuffer buf = ByteBuffer.allocate(d.recordSize());
        MessageRecordLayout.encode(buf, 0, d, 0, 0, 99);
        assertThat(MessageRecordLayout.storeTimestamp(buf, 0)).isEqualTo(99);
        assertThat(MessageRecordLayout.check(buf, 0, buf.limit(), true)).isEqualTo(149);
    }

    @Test
    void longTopicUsesV2MagicAndShortLength() {
        String topic = "%RETRY%" + "g".repeat(150);
        MessageDraft d = workedExample().toBuilder().topic(topic).build();
        assertThat(d.magic()).isEqualTo(MessageRecordLayout.MAGIC_V2).isEqualTo(0xDAA320AB);
        assertThat(d.recordSize()).isEqualTo(91 + 1 + 5 + topic.length() + 20);
        ByteBuffer buf = ByteBuffer.allocate(d.recordSize());
        MessageRecordLayout.encode(buf, 0, d, 0, 0, 0);
        assertThat(buf.getShort(93)).isEqualTo((short) topic.length());
        assertThat(new MessageRecordDecoder().decode(buf, 0).topic()).isEqualTo(topic);
    }

    @Test
    void blankMarker() {
        ByteBuffer buf = ByteBuffer.allocate(16);
        MessageRecordLayout.encodeBlank(buf, 4, 12);
        assertThat(Hex.encode(buf.array())).isEqualTo("00000000" + "0000000C" + "CBD43194" + "00000000");
        assertThat(MessageRecordLayout.check(buf, 4, 16, true)).isEqualTo(MessageRecordLayout.CHECK_BLANK);
    }

    @Test
    void checkRejectsCorruptionAndTruncation() {
        MessageDraft d = workedExample();
        ByteBuffer buf = ByteBuffer.allocate(125);
        MessageRecordLayout.encode(buf, 0, d, 0, 0, 0);
        assertThat(MessageRecordLayout.check(buf, 0, 124, true)).isEqualTo(MessageRecordLayout.CHECK_INVALID);
        buf.put(90, (byte) 'X');
        assertThat(MessageRecordLayout.check(buf, 0, 125, true)).isEqualTo(MessageRecordLayout.CHECK_INVALID);
        assertThat(MessageRecordLayout.check(buf, 0, 125, false)).isEqualTo(125);
        buf.putShort(103, (short) 21);
        assertThat(MessageRecordLayout.check(buf, 0, 125, false)).isEqualTo(MessageRecordLayout.CHECK_INVALID);
    }

    @Test
    void decodesTheWorkedExample() {
        ByteBuffer buf = ByteBuffer.allocate(125);
        MessageRecordLayout.encode(buf, 0, workedExample(), 7, 0x1234, 5);
        DecodedMessage m = new MessageRecordDecoder().decode(buf, 0);
        assertThat(m.topic()).isEqualTo("TopicTest");
        assertThat(m.body()).asString().isEqualTo("hello");
        assertThat(m.tags()).isEqualTo("TagA");
        assertThat(m.property("WAIT")).isEqualTo("true");
        assertThat(m.queueOffset()).isEqualTo(7);
        assertThat(m.storeTimestamp()).isEqualTo(5);
        assertThat(m.bornHost()).isEqualTo(BORN);
        assertThat(m.msgId()).isEqualTo("C0A8000100002A9F0000000000001234");
    }

    @Test
    void zlibBodyIsDecompressedAndLz4RefusedClearly() throws Exception {
        byte[] raw = "hello hello hello hello".getBytes(StandardCharsets.US_ASCII);
        java.util.zip.Deflater def = new java.util.zip.Deflater(5);
        def.setInput(raw);
        def.finish();
        byte[] out = new byte[200];
        int n = def.deflate(out);
        byte[] z = java.util.Arrays.copyOf(out, n);
        MessageDraft d = workedExample().toBuilder().body(z).sysFlag(SysFlag.COMPRESSED | SysFlag.COMPRESSION_ZLIB).build();
        ByteBuffer buf = ByteBuffer.allocate(d.recordSize());
        MessageRecordLayout.encode(buf, 0, d, 0, 0, 0);
        DecodedMessage m = new MessageRecordDecoder().decode(buf, 0);
        assertThat(m.body()).isEqualTo(raw);
        assertThat(m.sysFlag() & SysFlag.COMPRESSED).isZero();

        MessageDraft lz4 = d.toBuilder().sysFlag(SysFlag.COMPRESSED | SysFlag.COMPRESSION_LZ4).build();
        ByteBuffer b2 = ByteBuffer.allocate(lz4.recordSize());
        MessageRecordLayout.encode(b2, 0, lz4, 0, 0, 0);
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> new MessageRecordDecoder().decode(b2, 0))
            .isInstanceOf(MessageFormatException.class).hasMessageContaining("LZ4");
    }
}
