package dev.petrel.protocol.frame;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.ByteBuffer;
import java.util.HexFormat;
import java.util.Map;
import org.junit.jupiter.api.Test;

class BinaryHeaderDecodingTest {

    private static final HexFormat HEX = HexFormat.of();
    /** code 34, JAVA, version 475, opaque 9, flag 0. */
    private static final String FIXED = "0022" + "00" + "01db" + "00000009" + "00000000";

    private static RemotingCommand decodeBinary(String headerHex) throws MalformedFrameException {
        byte[] header = HEX.parseHex(headerHex);
        return RemotingFrameCodec.decode(ByteBuffer.allocate(4 + header.length).putInt(0x0100_0000 | header.length)
            .put(header).flip());
    }

    @Test
    void lastDuplicateKeyWinsAndEmptyStringsAreKept() throws Exception {
        RemotingCommand c = decodeBinary(FIXED + "00000000" + "00000016"
            + "0001" + "61" + "00000001" + "31"      // a=1
            + "0001" + "61" + "00000001" + "32"      // a=2
            + "0000" + "00000000");                  // ""=""

        assertThat(c.extFields()).containsOnly(Map.entry("a", "2"), Map.entry("", ""));
        assertThat(c.code()).isEqualTo(34);
        assertThat(c.opaque()).isEqualTo(9);
    }

    @Test
    void unknownLanguageByteIsOther() throws Exception {
        assertThat(decodeBinary("0022" + "0d" + "01db" + "00000009" + "00000000" + "00000000" + "00000000").language())
            .isEqualTo(LanguageCode.OTHER);
    }

    @Test
    void negativeShortsStaySigned() throws Exception {
        RemotingCommand c = decodeBinary("fc18" + "00" + "ffff" + "00000000" + "00000001" + "00000000" + "00000000");
        assertThat(c.code()).isEqualTo(-1000);
        assertThat(c.version()).isEqualTo(-1);
    }

    @Test
    void rejectsLengthsBeyondTheBytesPresent() {
        assertMalformed(FIXED + "7fffffff" + "00000000", "remark length 2147483647 exceeds the 0 bytes available", 21);
        assertMalformed(FIXED + "ffffffff" + "00000000", "remark length -1 exceeds", 21);
        assertMalformed(FIXED + "00000000" + "00000010" + "0001", "ext fields length 16 exceeds the 2 bytes", 25);
        assertMalformed(FIXED + "00000000" + "00000007" + "0001" + "61" + "00000009",
            "ext value of 'a' length 9 exceeds the 0 bytes available", 32);
        assertMalformed(FIXED + "00000000" + "00000007" + "7fff" + "61" + "00000000", "ext key length 32767 exceeds", 29);
        assertMalformed(FIXED + "00000000" + "00000001" + "00", "ext entry key length needs 2 bytes, only 1 left", 29);
        assertMalformed(FIXED + "00000000", "binary header of 17 bytes is shorter than the 21 bytes", 8);
        assertMalformed(FIXED + "00000000" + "00000000" + "ee", "1 unread bytes after its ext fields", 29);
    }

    @Test
    void rejectsBadFrameWords() {
        assertThatThrownBy(() -> RemotingFrameCodec.decode(ByteBuffer.wrap(new byte[] {0, 0})))
            .isInstanceOf(MalformedFrameException.class).hasMessageContaining("shorter than the 4-byte header-length word");
        assertThatThrownBy(() -> RemotingFrameCodec.decode(ByteBuffer.wrap(HEX.parseHex("02000000"))))
            .isInstanceOf(MalformedFrameException.class).hasMessageContaining("unknown serialize type 2");
        assertThatThrownBy(() -> RemotingFrameCodec.decode(ByteBuffer.wrap(HEX.parseHex("00ffffff7b7d"))))
            .isInstanceOf(MalformedFrameException.class)
            .hasMessageContaining("header length 16777215 exceeds the 2 bytes that follow");
        assertThatThrownBy(() -> RemotingFrameCodec.decodeFrame(ByteBuffer.wrap(HEX.parseHex("0000000700000002" + "7b7d"))))
            .isInstanceOf(MalformedFrameException.class).hasMessageContaining("length field says 7 bytes follow, but 6 do")
            .satisfies(e -> assertThat(((MalformedFrameException) e).frameOffset()).isZero());
    }

    @Test
    void decodeLeavesTheCallersBufferAlone() throws Exception {
        ByteBuffer frame = ByteBuffer.wrap(RemotingFrameCodec.encode(RemotingCommand.request(1, Map.of("k", "v"),
            new byte[] {9}))).order(java.nio.ByteOrder.LITTLE_ENDIAN);
        frame.position(4);

        RemotingCommand c = RemotingFrameCodec.decode(frame);

        assertThat(c.extFields()).containsExactly(Map.entry("k", "v"));
        assertThat(frame.position()).isEqualTo(4);
        assertThat(frame.order()).isEqualTo(java.nio.ByteOrder.LITTLE_ENDIAN);
    }

    private static void assertMalformed(String headerHex, String messagePart, long frameOffset) {
        assertThatThrownBy(() -> decodeBinary(headerHex))
            .isInstanceOf(MalformedFrameException.class)
            .hasMessageContaining(messagePart)
            .satisfies(e -> assertThat(((MalformedFrameException) e).frameOffset()).as(headerHex).isEqualTo(frameOffset));
    }
}
