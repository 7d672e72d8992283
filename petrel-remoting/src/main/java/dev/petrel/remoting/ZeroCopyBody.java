package dev.petrel.remoting;

import java.nio.ByteBuffer;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * A response body written from existing buffers (typically slices of memory-mapped files) without copying them into
 * a heap buffer. Each buffer contributes its bytes from position to limit; the buffers themselves are not modified.
 *
 * <p>{@code onRelease} runs exactly once: after the bytes were handed to the socket, or when writing failed or was
 * never attempted (connection closed, request oneway, already answered). The store releases its reference on the
 * mapped file there; it runs on an I/O thread (or on the thread whose answer was refused), so it must be quick.
 */
public final class ZeroCopyBody {

    private final List<ByteBuffer> buffers;
    private final long length;
    private final Runnable onRelease;
    private final AtomicBoolean released = new AtomicBoolean();

    private ZeroCopyBody(List<ByteBuffer> buffers, Runnable onRelease) {
        this.buffers = List.copyOf(buffers);
        this.onRelease = Objects.requireNonNull(onRelease, "onRelease");
        long total = 0;
        for (ByteBuffer b : this.buffers) {
            total += b.remaining();
        }
        if (total > Integer.MAX_VALUE) {
            throw new IllegalArgumentException("a frame body cannot exceed 2 GiB, got " + total + " bytes");
        }
        this.length = total;
    }

    public static ZeroCopyBody of(List<ByteBuffer> buffers, Runnable onRelease) {
        return new ZeroCopyBody(buffers, onRelease);
    }

    public static ZeroCopyBody of(ByteBuffer buffer, Runnable onRelease) {
        return new ZeroCopyBody(List.of(buffer), onRelease);
    }

    public List<ByteBuffer> buffers() {
        return buffers;
    }

    /** Total bytes, the sum of every buffer's remaining bytes. */
    public int length() {
        return (int) length;
    }

    /** Runs the release callback unless it already ran. */
    void release() {
        if (released.compareAndSet(false, true)) {
            onRelease.run();
        }
    }

    boolean isReleased() {
        return released.get();
    }
}
