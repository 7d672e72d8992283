package dev.petrel.broker.ha;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.Arrays;

/** A CommitLog in memory, for HA tests: the master's source or the slave's sink. Thread-safe by its monitor. */
final class MemoryLog implements ReplicationSource, ReplicaSink {

    private final int fileSize;
    private byte[] bytes = new byte[0];
    private long start = -1;
    private volatile long confirmedLimit = Long.MAX_VALUE;

    MemoryLog(int fileSize) {
        this.fileSize = fileSize;
    }

    /** A master log whose first byte is at {@code startOffset}. */
    synchronized void append(long startOffset, byte[] b) {
        if (start < 0) {
            start = startOffset;
        }
        int old = bytes.length;
        bytes = Arrays.copyOf(bytes, old + b.length);
        System.arraycopy(b, 0, bytes, old, b.length);
    }

    synchronized byte[] bytes() {
        return bytes.clone();
    }

    synchronized long start() {
        return start;
    }

    void limitConfirmed(long limit) {
        confirmedLimit = limit;
    }

    @Override
    public int fileSize() {
        return fileSize;
    }

    @Override
    public synchronized long minOffset() {
        return start < 0 ? 0 : start;
    }

    @Override
    public synchronized long maxOffset() {
        return start < 0 ? 0 : start + bytes.length;
    }

    @Override
    public long confirmedOffset() {
        return Math.min(maxOffset(), confirmedLimit);
    }

    @Override
    public synchronized Slice read(long offset, int length) {
        if (offset < start || offset + length > start + bytes.length) {
            return null;
        }
        ByteBuffer b = ByteBuffer.wrap(Arrays.copyOfRange(bytes, (int) (offset - start), (int) (offset - start) + length));
        return new Slice() {
            @Override
            public ByteBuffer buffer() {
                return b;
            }

            @Override
            public void release() {
            }
        };
    }

    @Override
    public synchronized void appendReplicated(long offset, ByteBuffer body) throws IOException {
        if (start >= 0 && offset != maxOffset()) {
            throw new IOException("append at " + offset + " but max offset is " + maxOffset());
        }
        byte[] b = new byte[body.remaining()];
        body.duplicate().get(b);
        append(offset, b);
    }
}
