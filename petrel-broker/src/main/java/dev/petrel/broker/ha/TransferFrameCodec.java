package dev.petrel.broker.ha;

import java.nio.ByteBuffer;

/**
 * Master to slave: raw CommitLog bytes, each block behind a 12-byte header (storage-layout.md §9.2; unchanged from
 * RocketMQ 4.x through 5.3.1's DefaultHAConnection). A header with body size 0 is a heartbeat carrying the next
 * offset the master will send.
 *
 * <pre>
 *   0 +------------------------------------+
 *     | physical offset of body[0]    long |  big-endian, &gt;= 0
 *   8 | body size n                    int |  0 (heartbeat) .. maxBodySize
 *  12 +------------------------------------+
 *     | n raw CommitLog bytes              |  never crosses a CommitLog file boundary
 *     +------------------------------------+
 * </pre>
 *
 * <p>The bound on {@code n}: a sender keeps it at or below {@code haTransferBatchSize} (32 KiB); a receiver accepts
 * up to {@link #DEFAULT_MAX_BODY_SIZE} (what fits Apache's 4 MiB slave read buffer after the header), so a Petrel
 * slave accepts everything an Apache slave does and never buffers more than that, whatever a peer claims.
 */
public final class TransferFrameCodec {

    public static final int HEADER_SIZE = 12;
    public static final int OFFSET = 0;
    public static final int BODY_SIZE = 8;
    /** Apache's slave read buffer (4 MiB) minus the header. */
    public static final int DEFAULT_MAX_BODY_SIZE = 4 * 1024 * 1024 - HEADER_SIZE;

    private TransferFrameCodec() {
    }

    /** A decoded header. */
    public record Header(long offset, int bodySize) {

        public boolean isHeartbeat() {
            return bodySize == 0;
        }

        /** Offset just past the body. */
        public long endOffset() {
            return offset + bodySize;
        }
    }

    /** Writes a header at the buffer's position. */
    public static void encodeHeader(ByteBuffer dst, long offset, int bodySize) {
        if (offset < 0 || bodySize < 0) {
            throw new IllegalArgumentException("frame offset " + offset + " and size " + bodySize + " must be >= 0");
        }
        dst.putLong(offset);
        dst.putInt(bodySize);
    }

    /** The 12 bytes of a heartbeat: the next offset the master will send, body size 0. */
    public static byte[] heartbeat(long nextOffset) {
        ByteBuffer b = ByteBuffer.allocate(HEADER_SIZE);
        encodeHeader(b, nextOffset, 0);
        return b.array();
    }

    /**
     * Reads the header at absolute index {@code at} of {@code src} (nothing is consumed), or null if fewer than
     * {@link #HEADER_SIZE} bytes are available from there to the limit.
     *
     * @throws HaProtocolException a negative offset, a negative body size, a body above {@code maxBodySize}, or a
     *                             body whose end would overflow the offset space
     */
    public static Header peekHeader(ByteBuffer src, int at, int maxBodySize) throws HaProtocolException {
        if (src.limit() - at < HEADER_SIZE) {
            return null;
        }
        long offset = src.getLong(at + OFFSET);
        int size = src.getInt(at + BODY_SIZE);
        if (offset < 0) {
            throw new HaProtocolException("master sent a frame at negative CommitLog offset " + offset
                + " (0x" + Long.toHexString(offset) + "); the peer is not speaking the HA protocol");
        }
        if (size < 0 || size > maxBodySize) {
            throw new HaProtocolException("master sent a frame of " + size + " bytes at offset " + offset
                + "; frames are 0.." + maxBodySize + " bytes (haTransferBatchSize on the master is normally 32768)");
        }
        if (offset > Long.MAX_VALUE - size) {
            throw new HaProtocolException("master sent a frame of " + size + " bytes at offset " + offset
                + " whose end overflows the CommitLog offset space");
        }
        return new Header(offset, size);
    }
}
