package dev.petrel.store.raft;

import dev.petrel.store.raft.RaftIndexLayout.Entry;
import dev.petrel.store.raft.RaftIndexLayout.Header;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.LongRange;
import net.jqwik.api.constraints.Size;
import org.junit.jupiter.api.Test;

import java.nio.ByteBuffer;
import java.util.HexFormat;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The raft index's bytes, written out by hand (CRCs computed with an independent CRC32C), and its decoders on damaged
 * or random input: they answer null (the end of the index), never throw or accept garbage.
 */
class RaftIndexLayoutGoldenTest {

    private static final HexFormat HEX = HexFormat.of();

    @Test
    void headerOfANewIndex() {
        byte[] b = RaftIndexLayout.encodeHeader(new Header(1, 0, 0));
        assertThat(HEX.formatHex(b)).isEqualTo(
            "50524958" + "00000001" + "0000000000000001" + "0000000000000000" + "0000000000000000" + "568aafbe"
                + "00".repeat(28));
        assertThat(RaftIndexLayout.decodeHeader(ByteBuffer.wrap(b))).isEqualTo(new Header(1, 0, 0));
    }

    @Test
    void headerOfALaterSegment() {
        byte[] b = RaftIndexLayout.encodeHeader(new Header(5, 3, 4096));
        assertThat(HEX.formatHex(b, 0, 36)).isEqualTo(
            "50524958" + "00000001" + "0000000000000005" + "0000000000000003" + "0000000000001000" + "0a9f559b");
    }

    @Test
    void entryRecordCoversItsIndexInTheCrc() {
        byte[] b = RaftIndexLayout.encodeEntry(7, new Entry(4096, 100, 3));
        assertThat(HEX.formatHex(b)).isEqualTo(
            "5052454e" + "00000064" + "0000000000001000" + "0000000000000003" + "57b0d76b" + "00000000");
        assertThat(RaftIndexLayout.decodeEntry(ByteBuffer.wrap(b), 7)).isEqualTo(new Entry(4096, 100, 3));
        assertThat(RaftIndexLayout.decodeEntry(ByteBuffer.wrap(b), 8)).as("the same record in another slot").isNull();
    }

    @Test
    void emptySlotAndTornRecordAreTheEnd() {
        assertThat(RaftIndexLayout.decodeEntry(ByteBuffer.allocate(32), 1)).isNull();
        byte[] b = RaftIndexLayout.encodeEntry(1, new Entry(0, 10, 1));
        ByteBuffer torn = ByteBuffer.allocate(32).put(b, 0, 20).clear();
        assertThat(RaftIndexLayout.decodeEntry(torn, 1)).isNull();
        assertThat(RaftIndexLayout.decodeEntry(ByteBuffer.wrap(b, 0, 31).slice(), 1)).as("short buffer").isNull();
    }

    @Test
    void segmentNamesAreTwentyDigitFirstIndices() {
        assertThat(RaftIndexLayout.fileName(1)).isEqualTo("00000000000000000001");
        assertThat(RaftIndexLayout.recordPosition(1, 1)).isEqualTo(64);
        assertThat(RaftIndexLayout.recordPosition(1, 3)).isEqualTo(128);
    }

    @Property(tries = 300)
    void entryRoundTrip(@ForAll @LongRange(min = 1, max = Long.MAX_VALUE / 2) long index,
                        @ForAll @LongRange(min = 0, max = Long.MAX_VALUE / 2) long offset,
                        @ForAll @IntRange(min = 0) int size, @ForAll @LongRange(min = 1) long term) {
        Entry e = new Entry(offset, size, term);
        assertThat(RaftIndexLayout.decodeEntry(ByteBuffer.wrap(RaftIndexLayout.encodeEntry(index, e)), index))
            .isEqualTo(e);
    }

    @Property(tries = 500)
    void anyFlippedByteOfARecordIsRefused(@ForAll @IntRange(min = 0, max = 27) int position,
                                          @ForAll @IntRange(min = 1, max = 255) int flip) {
        byte[] b = RaftIndexLayout.encodeEntry(9, new Entry(123_456, 789, 4));
        b[position] ^= (byte) flip;
        assertThat(RaftIndexLayout.decodeEntry(ByteBuffer.wrap(b), 9)).isNull();
    }

    @Property(tries = 500)
    void anyFlippedByteOfAHeaderIsRefused(@ForAll @IntRange(min = 0, max = 35) int position,
                                          @ForAll @IntRange(min = 1, max = 255) int flip) {
        byte[] b = RaftIndexLayout.encodeHeader(new Header(17, 2, 99));
        b[position] ^= (byte) flip;
        assertThat(RaftIndexLayout.decodeHeader(ByteBuffer.wrap(b))).isNull();
    }

    @Property(tries = 500)
    void randomBytesNeverDecodeAsARecord(@ForAll @Size(32) byte[] garbage, @ForAll @LongRange(min = 1) long index) {
        // A random 32-byte pattern passes magic and CRC with probability 2^-64: treat any success as a failure.
        assertThat(RaftIndexLayout.decodeEntry(ByteBuffer.wrap(garbage), index)).isNull();
        ByteBuffer h = ByteBuffer.allocate(64).put(garbage).clear();
        assertThat(RaftIndexLayout.decodeHeader(h)).isNull();
    }
}
