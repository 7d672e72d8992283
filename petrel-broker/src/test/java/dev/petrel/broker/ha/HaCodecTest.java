package dev.petrel.broker.ha;

import org.junit.jupiter.api.Test;

import java.nio.ByteBuffer;
import java.util.HexFormat;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Golden bytes of the classic HA stream (ha.md §1.6(7), storage-layout.md §9.2). */
class HaCodecTest {

    private static final HexFormat HEX = HexFormat.ofDelimiter(" ");

    @Test
    void reportIsTheOffsetAsEightBigEndianBytes() {
        assertThat(HEX.formatHex(OffsetReportCodec.encode(0))).isEqualTo("00 00 00 00 00 00 00 00");
        assertThat(HEX.formatHex(OffsetReportCodec.encode(1_073_741_824L + 0x1234)))
            .isEqualTo("00 00 00 00 40 00 12 34");
    }

    @Test
    void decodeLastTakesTheLastCompleteReportAndLeavesAPartialOne() throws Exception {
        ByteBuffer b = ByteBuffer.wrap(HEX.parseHex("00 00 00 00 00 00 00 10 00 00 00 00 00 00 00 20 00 00 00"));
        assertThat(OffsetReportCodec.decodeLast(b)).isEqualTo(0x20);
        assertThat(b.remaining()).isEqualTo(3);
        assertThat(OffsetReportCodec.decodeLast(b)).isEqualTo(OffsetReportCodec.NONE);
        assertThat(b.remaining()).isEqualTo(3);
    }

    @Test
    void negativeReportIsRefused() {
        ByteBuffer b = ByteBuffer.wrap(HEX.parseHex("ff ff ff ff ff ff ff fe 00 00 00 00 00 00 00 20"));
        assertThatThrownBy(() -> OffsetReportCodec.decodeLast(b))
            .isInstanceOf(HaProtocolException.class).hasMessageContaining("negative CommitLog offset -2");
    }

    @Test
    void frameHeaderAtTheStartOfTheSecondGibibyte() {
        // ha.md §1.6(7): a frame of 32 768 bytes at offset 1 073 741 824
        ByteBuffer b = ByteBuffer.allocate(TransferFrameCodec.HEADER_SIZE);
        TransferFrameCodec.encodeHeader(b, 1_073_741_824L, 32_768);
        assertThat(HEX.formatHex(b.array())).isEqualTo("00 00 00 00 40 00 00 00 00 00 80 00");
        assertThat(HEX.formatHex(TransferFrameCodec.heartbeat(1_073_741_824L)))
            .isEqualTo("00 00 00 00 40 00 00 00 00 00 00 00");
    }

    @Test
    void readerCutsFramesAndHeartbeats() throws Exception {
        TransferFrameReader r = new TransferFrameReader(32);
        r.writable().put(HEX.parseHex("00 00 00 00 00 00 01 00 00 00 00 03 aa bb cc"
            + " 00 00 00 00 00 00 01 03 00 00 00 00"
            + " 00 00 00 00 00 00 01 03 00 00 00 02 dd"));
        TransferFrameReader.Frame f = r.next();
        assertThat(f.offset()).isEqualTo(0x100);
        assertThat(HEX.formatHex(bytes(f.body()))).isEqualTo("aa bb cc");
        TransferFrameReader.Frame hb = r.next();
        assertThat(hb.offset()).isEqualTo(0x103);
        assertThat(hb.isHeartbeat()).isTrue();
        assertThat(r.next()).isNull(); // one body byte of two
        assertThat(r.buffered()).isEqualTo(13);
        r.writable().put((byte) 0xee);
        TransferFrameReader.Frame g = r.next();
        assertThat(HEX.formatHex(bytes(g.body()))).isEqualTo("dd ee");
        assertThat(r.buffered()).isZero();
        r.endOfStream();
    }

    @Test
    void frameAboveTheBoundIsRefusedFromItsHeader() {
        TransferFrameReader r = new TransferFrameReader(16);
        r.writable().put(HEX.parseHex("00 00 00 00 00 00 00 00 00 00 00 11"));
        assertThatThrownBy(r::next).isInstanceOf(HaProtocolException.class)
            .hasMessageContaining("frame of 17 bytes at offset 0; frames are 0..16 bytes");
    }

    @Test
    void streamCutInsideAFrameIsATornFrame() throws Exception {
        TransferFrameReader r = new TransferFrameReader(16);
        r.writable().put(HEX.parseHex("00 00 00 00 00 00 00 00 00 00 00 04 01 02"));
        assertThat(r.next()).isNull();
        assertThatThrownBy(r::endOfStream).isInstanceOf(HaProtocolException.class)
            .hasMessageContaining("inside a frame: 14 bytes");
    }

    private static byte[] bytes(ByteBuffer b) {
        byte[] a = new byte[b.remaining()];
        b.duplicate().get(a);
        return a;
    }
}
