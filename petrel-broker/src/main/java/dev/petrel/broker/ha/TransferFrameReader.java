package dev.petrel.broker.ha;

import java.nio.ByteBuffer;

/**
 * Cuts the master-to-slave byte stream into frames ({@link TransferFrameCodec}). It owns one buffer of
 * {@code HEADER_SIZE + maxBodySize} bytes, allocated once: a frame is refused from its header, before any of its body
 * is read, if it claims more than the bound, so a peer can never make the slave allocate what it claims.
 *
 * <p>Use: read from the socket into {@link #writable()}, then take {@link #next()} until it returns null; at end of
 * stream call {@link #endOfStream()}, which refuses a stream cut inside a frame.
 *
 * <p>Threading: owned by the slave's HA client thread.
 */
public final class TransferFrameReader {

    /** A complete frame; {@code body} is a view into the reader's buffer, valid until the next call to the reader. */
    public record Frame(long offset, ByteBuffer body) {

        public boolean isHeartbeat() {
            return !body.hasRemaining();
        }
    }

    private final int maxBodySize;
    /** Write mode: bytes [0, position) are received, [0, consumed) of them already handed out. */
    private final ByteBuffer buf;
    private int consumed;

    public TransferFrameReader(int maxBodySize) {
        if (maxBodySize < 0 || maxBodySize > Integer.MAX_VALUE - TransferFrameCodec.HEADER_SIZE) {
            throw new IllegalArgumentException("maxBodySize " + maxBodySize);
        }
        this.maxBodySize = maxBodySize;
        this.buf = ByteBuffer.allocate(TransferFrameCodec.HEADER_SIZE + maxBodySize);
    }

    /** Where the next socket read goes; compacts handed-out frames away first. Always has room for one more byte. */
    public ByteBuffer writable() {
        if (consumed > 0) {
            buf.flip();
            buf.position(consumed);
            buf.compact();
            consumed = 0;
        }
        return buf;
    }

    /**
     * The next complete frame, or null if more bytes are needed.
     *
     * @throws HaProtocolException the next header is invalid (see {@link TransferFrameCodec#peekHeader})
     */
    public Frame next() throws HaProtocolException {
        ByteBuffer view = buf.duplicate();
        view.flip();
        TransferFrameCodec.Header h = TransferFrameCodec.peekHeader(view, consumed, maxBodySize);
        if (h == null) {
            return null;
        }
        int bodyStart = consumed + TransferFrameCodec.HEADER_SIZE;
        if (view.limit() - bodyStart < h.bodySize()) {
            return null;
        }
        view.position(bodyStart).limit(bodyStart + h.bodySize());
        consumed = bodyStart + h.bodySize();
        return new Frame(h.offset(), view.slice());
    }

    /**
     * The header of the next frame if it has arrived but its body has not, else null: lets the receiver refuse a
     * frame from its header (a wrong offset) without waiting for a body that may never come.
     */
    public TransferFrameCodec.Header pendingHeader() throws HaProtocolException {
        ByteBuffer view = buf.duplicate();
        view.flip();
        return TransferFrameCodec.peekHeader(view, consumed, maxBodySize);
    }

    /** Bytes received but not yet handed out as a frame. */
    public int buffered() {
        return buf.position() - consumed;
    }

    /**
     * The master closed the stream.
     *
     * @throws HaProtocolException bytes of an incomplete frame were left (a torn frame)
     */
    public void endOfStream() throws HaProtocolException {
        int left = buffered();
        if (left > 0) {
            throw new HaProtocolException("master closed the HA stream inside a frame: " + left
                + " bytes of an incomplete frame were dropped");
        }
    }

    /** Forgets everything buffered (a new connection). */
    public void reset() {
        buf.clear();
        consumed = 0;
    }
}
