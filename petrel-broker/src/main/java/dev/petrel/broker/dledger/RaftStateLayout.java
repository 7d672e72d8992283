package dev.petrel.broker.dledger;

import dev.petrel.raft.RaftStateStore.PersistentState;

import java.nio.ByteBuffer;
import java.util.zip.CRC32C;

/**
 * The byte format of the Raft state file ({@code <storePathRootDir>/raft/state}): the current term and the vote given
 * in it. Big-endian, 24 bytes.
 *
 * <pre>
 *   0 +----------------------+
 *     | magic      int       |  MAGIC 'PRST'
 *   4 | version    int       |  1
 *   8 | term       long      |  current term, >= 0
 *  16 | votedFor   int       |  node id voted for in term, -1 for none
 *  20 | crc        int       |  CRC32C of bytes 0..19
 *  24 +----------------------+
 * </pre>
 */
public final class RaftStateLayout {

    public static final int MAGIC = 0x50525354; // "PRST"
    public static final int VERSION = 1;
    public static final int SIZE = 24;
    public static final int MAGIC_AT = 0;
    public static final int VERSION_AT = 4;
    public static final int TERM_AT = 8;
    public static final int VOTED_FOR_AT = 16;
    public static final int CRC_AT = 20;

    private RaftStateLayout() {
    }

    public static byte[] encode(PersistentState s) {
        ByteBuffer b = ByteBuffer.allocate(SIZE);
        b.putInt(MAGIC_AT, MAGIC);
        b.putInt(VERSION_AT, VERSION);
        b.putLong(TERM_AT, s.term());
        b.putInt(VOTED_FOR_AT, s.votedFor());
        b.putInt(CRC_AT, crc(b.array()));
        return b.array();
    }

    /**
     * Decodes a whole file's bytes.
     *
     * @throws IllegalArgumentException the bytes are not an intact state file; the message says what is wrong
     */
    public static PersistentState decode(byte[] bytes) {
        if (bytes.length != SIZE) {
            throw new IllegalArgumentException("has " + bytes.length + " bytes, expected " + SIZE);
        }
        ByteBuffer b = ByteBuffer.wrap(bytes);
        if (b.getInt(MAGIC_AT) != MAGIC) {
            throw new IllegalArgumentException(String.format("magic is 0x%08x, expected 0x%08x", b.getInt(MAGIC_AT), MAGIC));
        }
        if (b.getInt(VERSION_AT) != VERSION) {
            throw new IllegalArgumentException("version " + b.getInt(VERSION_AT) + " is unknown (this Petrel reads "
                + VERSION + ")");
        }
        if (b.getInt(CRC_AT) != crc(bytes)) {
            throw new IllegalArgumentException("CRC does not match the content");
        }
        long term = b.getLong(TERM_AT);
        int votedFor = b.getInt(VOTED_FOR_AT);
        if (term < 0 || votedFor < -1) {
            throw new IllegalArgumentException("term " + term + " or vote " + votedFor + " is impossible");
        }
        return new PersistentState(term, votedFor);
    }

    private static int crc(byte[] bytes) {
        CRC32C c = new CRC32C();
        c.update(bytes, 0, CRC_AT);
        return (int) c.getValue();
    }
}
