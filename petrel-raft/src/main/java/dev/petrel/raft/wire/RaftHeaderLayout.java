package dev.petrel.raft.wire;

import java.nio.ByteBuffer;

/**
 * The header every Raft message starts with (16 bytes, big-endian):
 *
 * <pre>
 *  0        1        2                 4                                  8
 *  +--------+--------+-----------------+----------------------------------+
 *  | version| type   | flags (u16)     | from: sender node id (i32)       |
 *  +--------+--------+-----------------+----------------------------------+
 *  | term (i64)                                                          |  8..16
 *  +---------------------------------------------------------------------+
 * </pre>
 *
 * {@code version} is {@link #VERSION}; {@code type} one of the {@code TYPE_} constants; {@code flags} are per type
 * (unknown bits are an error, so a future flag is never silently ignored).
 */
final class RaftHeaderLayout {

    static final byte VERSION = 1;

    static final byte TYPE_VOTE_REQUEST = 1;
    static final byte TYPE_VOTE_RESPONSE = 2;
    static final byte TYPE_APPEND_REQUEST = 3;
    static final byte TYPE_APPEND_RESPONSE = 4;
    static final byte TYPE_TIMEOUT_NOW = 5;

    static final int VERSION_OFFSET = 0;
    static final int TYPE_OFFSET = 1;
    static final int FLAGS_OFFSET = 2;
    static final int FROM_OFFSET = 4;
    static final int TERM_OFFSET = 8;
    static final int LENGTH = 16;

    private RaftHeaderLayout() {
    }

    static void write(ByteBuffer out, int base, byte type, int flags, int from, long term) {
        out.put(base + VERSION_OFFSET, VERSION);
        out.put(base + TYPE_OFFSET, type);
        out.putShort(base + FLAGS_OFFSET, (short) flags);
        out.putInt(base + FROM_OFFSET, from);
        out.putLong(base + TERM_OFFSET, term);
    }

    /** The flags, after checking that only {@code allowed} bits are set. */
    static int flags(ByteBuffer in, int base, int allowed, String what) throws RaftWireException {
        int flags = in.getShort(base + FLAGS_OFFSET) & 0xFFFF;
        if ((flags & ~allowed) != 0) {
            throw new RaftWireException(what + ": unknown flag bits 0x" + Integer.toHexString(flags & ~allowed));
        }
        return flags;
    }

    static int from(ByteBuffer in, int base, String what) throws RaftWireException {
        int from = in.getInt(base + FROM_OFFSET);
        if (from < 0) {
            throw new RaftWireException(what + ": negative sender id " + from);
        }
        return from;
    }

    static long term(ByteBuffer in, int base, String what) throws RaftWireException {
        return nonNegative(in.getLong(base + TERM_OFFSET), what, "term");
    }

    static long nonNegative(long value, String what, String field) throws RaftWireException {
        if (value < 0) {
            throw new RaftWireException(what + ": negative " + field + " " + value);
        }
        return value;
    }

    static void requireExactLength(int actual, int expected, String what) throws RaftWireException {
        if (actual != expected) {
            throw new RaftWireException(what + " is " + expected + " bytes, got " + actual);
        }
    }
}
