package dev.petrel.store.file;

import java.nio.ByteBuffer;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * A read-only slice of a store file that its holder must {@link #release()} once done (for example after Netty has
 * written it to a socket): until then the file stays mapped, even if it is deleted meanwhile.
 *
 * <p>Threads: owned by one holder at a time (a request thread, then a Netty I/O thread); {@link #release()} may be
 * called from any thread and more than once: the {@link AtomicBoolean} lets only the first release the mapping.
 */
public final class SelectedBytes implements AutoCloseable {

    private final Segment segment;
    private final long offset;
    private final ByteBuffer buffer;
    private final AtomicBoolean released = new AtomicBoolean();

    public SelectedBytes(Segment segment, long offset, ByteBuffer buffer) {
        this.segment = segment;
        this.offset = offset;
        this.buffer = buffer;
    }

    /** Log offset (physical offset for the CommitLog) of the first byte. */
    public long offset() {
        return offset;
    }

    public int size() {
        return buffer.remaining();
    }

    /** The bytes (position 0 to limit); read-only; valid until {@link #release()}. */
    public ByteBuffer buffer() {
        return buffer;
    }

    /** A copy of the bytes, for callers that keep them beyond {@link #release()}. */
    public byte[] toByteArray() {
        byte[] b = new byte[buffer.remaining()];
        buffer.duplicate().get(b);
        return b;
    }

    /** Idempotent. */
    public void release() {
        if (released.compareAndSet(false, true)) {
            segment.release();
        }
    }

    @Override
    public void close() {
        release();
    }
}
