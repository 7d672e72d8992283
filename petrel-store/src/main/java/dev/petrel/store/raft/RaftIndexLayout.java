package dev.petrel.store.raft;

import java.nio.ByteBuffer;
import java.util.zip.CRC32C;

/**
 * The raft index's byte format: where each Raft log entry's bytes lie in the CommitLog, and its term. Segment files
 * {@code <storePathRootDir>/raft/index/<20-digit index of the segment's first entry>}; each holds a header and then one
 * fixed-size record per entry, so entry {@code i} sits at byte {@code HEADER_SIZE + (i - firstIndex) * RECORD_SIZE}
 * of its segment. Big-endian.
 *
 * <pre>
 * segment header (64 bytes)
 *   0 +------------------------------+
 *     | magic           int          |  HEADER_MAGIC 'PRIX'
 *   4 | version         int          |  1
 *   8 | firstIndex      long         |  index of this segment's first record (== the file name)
 *  16 | prevTerm        long         |  term of entry firstIndex - 1 (0 when firstIndex == 1): lets the log answer
 *     |                              |  termAt(firstIndex - 1) after older segments were deleted
 *  24 | startOffset     long         |  CommitLog offset where entry firstIndex's bytes begin
 *  32 | crc             int          |  CRC32C of bytes 0..31
 *  36 | reserved        28 bytes, 0  |
 *  64 +------------------------------+
 *
 * entry record (32 bytes)
 *   0 +------------------------------+
 *     | magic           int          |  RECORD_MAGIC 'PREN'; zero means "never written" (end of the index)
 *   4 | size            int          |  bytes of the entry in the CommitLog, >= 0 (0: a leader marker)
 *   8 | offset          long         |  CommitLog offset of the entry's first byte
 *  16 | term            long         |  term of the leader that created the entry, >= 1
 *  24 | crc             int          |  CRC32C of bytes 0..23 followed by the entry's index (8 bytes): a record
 *     |                              |  copied to another slot does not validate
 *  28 | reserved        int, 0       |
 *  32 +------------------------------+
 * </pre>
 *
 * Entries are contiguous in the CommitLog: record i's offset is record i-1's offset plus its size. A leader marker
 * (Raft's no-op, an empty payload) therefore has size 0 and the offset where the next entry begins.
 */
public final class RaftIndexLayout {

    public static final int HEADER_MAGIC = 0x50524958; // "PRIX"
    public static final int HEADER_VERSION = 1;
    public static final int HEADER_SIZE = 64;
    public static final int H_MAGIC = 0;
    public static final int H_VERSION = 4;
    public static final int H_FIRST_INDEX = 8;
    public static final int H_PREV_TERM = 16;
    public static final int H_START_OFFSET = 24;
    public static final int H_CRC = 32;

    public static final int RECORD_MAGIC = 0x5052454E; // "PREN"
    public static final int RECORD_SIZE = 32;
    public static final int R_MAGIC = 0;
    public static final int R_SIZE = 4;
    public static final int R_OFFSET = 8;
    public static final int R_TERM = 16;
    public static final int R_CRC = 24;

    private RaftIndexLayout() {
    }

    /** A segment header's values. */
    public record Header(long firstIndex, long prevTerm, long startOffset) {
    }

    /** An entry record's values (its index is implied by its slot). */
    public record Entry(long offset, int size, long term) {

        public long endOffset() {
            return offset + size;
        }
    }

    public static byte[] encodeHeader(Header h) {
        ByteBuffer b = ByteBuffer.allocate(HEADER_SIZE);
        b.putInt(H_MAGIC, HEADER_MAGIC);
        b.putInt(H_VERSION, HEADER_VERSION);
        b.putLong(H_FIRST_INDEX, h.firstIndex());
        b.putLong(H_PREV_TERM, h.prevTerm());
        b.putLong(H_START_OFFSET, h.startOffset());
        b.putInt(H_CRC, crc(b.array(), 0, H_CRC, -1));
        return b.array();
    }

    /** The header in {@code b} (64 bytes from position 0), or null if it is damaged or not a raft index header. */
    public static Header decodeHeader(ByteBuffer b) {
        if (b.remaining() < HEADER_SIZE || b.getInt(H_MAGIC) != HEADER_MAGIC || b.getInt(H_VERSION) != HEADER_VERSION) {
            return null;
        }
        byte[] a = new byte[H_CRC];
        b.get(0, a);
        if (crc(a, 0, H_CRC, -1) != b.getInt(H_CRC)) {
            return null;
        }
        long first = b.getLong(H_FIRST_INDEX);
        long prevTerm = b.getLong(H_PREV_TERM);
        long start = b.getLong(H_START_OFFSET);
        if (first < 1 || prevTerm < 0 || start < 0) {
            return null;
        }
        return new Header(first, prevTerm, start);
    }

    /** Writes the record of entry {@code index} at {@code b}'s position..+32 (position unchanged). */
    public static void encodeEntry(ByteBuffer b, long index, Entry e) {
        int p = b.position();
        b.putInt(p + R_MAGIC, RECORD_MAGIC);
        b.putInt(p + R_SIZE, e.size());
        b.putLong(p + R_OFFSET, e.offset());
        b.putLong(p + R_TERM, e.term());
        byte[] a = new byte[R_CRC];
        b.get(p, a);
        b.putInt(p + R_CRC, crc(a, 0, R_CRC, index));
        b.putInt(p + R_CRC + 4, 0);
    }

    public static byte[] encodeEntry(long index, Entry e) {
        ByteBuffer b = ByteBuffer.allocate(RECORD_SIZE);
        encodeEntry(b, index, e);
        return b.array();
    }

    /**
     * The record of entry {@code index} at {@code b}'s position, or null when the slot is empty, torn or damaged
     * (wrong magic, bad CRC, impossible values): recovery ends the index there.
     */
    public static Entry decodeEntry(ByteBuffer b, long index) {
        int p = b.position();
        if (b.limit() - p < RECORD_SIZE || b.getInt(p + R_MAGIC) != RECORD_MAGIC) {
            return null;
        }
        byte[] a = new byte[R_CRC];
        b.get(p, a);
        if (crc(a, 0, R_CRC, index) != b.getInt(p + R_CRC)) {
            return null;
        }
        int size = b.getInt(p + R_SIZE);
        long offset = b.getLong(p + R_OFFSET);
        long term = b.getLong(p + R_TERM);
        if (size < 0 || offset < 0 || term < 1) {
            return null;
        }
        return new Entry(offset, size, term);
    }

    /** Byte position of entry {@code index}'s record in the segment that starts at {@code firstIndex}. */
    public static long recordPosition(long firstIndex, long index) {
        return HEADER_SIZE + (index - firstIndex) * RECORD_SIZE;
    }

    /** The segment file name: the 20-digit first index (like CommitLog names, which are 20-digit offsets). */
    public static String fileName(long firstIndex) {
        return String.format("%020d", firstIndex);
    }

    private static int crc(byte[] a, int from, int len, long index) {
        CRC32C c = new CRC32C();
        c.update(a, from, len);
        if (index >= 0) {
            byte[] i = ByteBuffer.allocate(8).putLong(0, index).array();
            c.update(i, 0, 8);
        }
        return (int) c.getValue();
    }
}
