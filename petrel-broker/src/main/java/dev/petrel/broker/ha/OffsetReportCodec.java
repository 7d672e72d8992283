package dev.petrel.broker.ha;

import java.nio.ByteBuffer;

/**
 * Slave to master: the slave's CommitLog max offset (storage-layout.md §9.2), sent right after connecting (the
 * requested start), after every frame appended and at least every {@code haSendHeartbeatInterval}. The stream is a
 * plain sequence of these 8-byte values, with no framing of its own; a reader uses the last complete one.
 *
 * <pre>
 *   0 +------------------------------------+
 *     | slave CommitLog max offset    long |  big-endian, &gt;= 0
 *   8 +------------------------------------+
 * </pre>
 */
public final class OffsetReportCodec {

    public static final int SIZE = 8;
    /** Returned by {@link #decodeLast} when no complete report is buffered. */
    public static final long NONE = -1;

    private OffsetReportCodec() {
    }

    /** Writes one report at the buffer's position. */
    public static void encode(ByteBuffer dst, long maxOffset) {
        if (maxOffset < 0) {
            throw new IllegalArgumentException("a reported offset is never negative: " + maxOffset);
        }
        dst.putLong(maxOffset);
    }

    public static byte[] encode(long maxOffset) {
        ByteBuffer b = ByteBuffer.allocate(SIZE);
        encode(b, maxOffset);
        return b.array();
    }

    /**
     * Consumes every complete report between the buffer's position and limit and returns the last one, or
     * {@link #NONE}; a partial report stays unread (position at its first byte). Every consumed value is checked,
     * so a bad one is refused even when a later one would be valid.
     *
     * @throws HaProtocolException a negative offset (no CommitLog offset is negative: the peer is not an HA slave,
     *                             or the stream is out of step)
     */
    public static long decodeLast(ByteBuffer src) throws HaProtocolException {
        long last = NONE;
        while (src.remaining() >= SIZE) {
            long v = src.getLong();
            if (v < 0) {
                throw new HaProtocolException("slave reported a negative CommitLog offset " + v
                    + " (0x" + Long.toHexString(v) + "); the peer is not speaking the HA protocol");
            }
            last = v;
        }
        return last;
    }
}
