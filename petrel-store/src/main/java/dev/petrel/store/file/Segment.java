package dev.petrel.store.file;

import java.nio.ByteBuffer;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * One file of a {@link SegmentedLog}: the store file, its start offset in the log, and three positions within it.
 *
 * <ul>
 *   <li>{@code wrote}: bytes appended. Written only by the log's single writer (the CommitLog append path under its
 *   put lock; a ConsumeQueue's dispatch thread).</li>
 *   <li>{@code committed}: bytes readers may see. Equal to {@code wrote} unless the segment has a write buffer from
 *   the transient store pool; then the commit loop advances it after copying to the file.</li>
 *   <li>{@code flushed}: bytes known durable. Written only by the log's flusher.</li>
 * </ul>
 *
 * Readers {@link #retain()} the segment while they use a slice and {@link #release()} it after; the file is unmapped
 * only when the last reference is gone, so a deleted file never pulls a mapping out from under a reader.
 */
public final class Segment {

    private final StoreFile file;
    private final long startOffset;
    /** 1 for the owning log, +1 per reader. */
    private final AtomicInteger refs = new AtomicInteger(1);
    private volatile boolean retired;
    private volatile int wrote;
    private volatile int committed;
    private volatile int flushed;
    /** Transient-pool buffer appends go to, or null to write straight into the mapping. */
    private volatile ByteBuffer writeBuffer;

    Segment(StoreFile file, long startOffset) {
        this.file = file;
        this.startOffset = startOffset;
    }

    public StoreFile file() {
        return file;
    }

    public long startOffset() {
        return startOffset;
    }

    public long endOffset() {
        return startOffset + file.size();
    }

    public int size() {
        return file.size();
    }

    public int wrote() {
        return wrote;
    }

    public int committed() {
        return committed;
    }

    public int flushed() {
        return flushed;
    }

    public boolean isFull() {
        return wrote >= file.size();
    }

    /** Sets all three positions (load and recovery, before any other thread runs). */
    public void resetPositions(int position) {
        wrote = position;
        committed = position;
        flushed = position;
    }

    /** The writer advances the write position; without a write buffer readers see the bytes at once. */
    public void advanceWrote(int position) {
        wrote = position;
        if (writeBuffer == null) {
            committed = position;
        }
    }

    void setCommitted(int position) {
        committed = position;
    }

    void setFlushed(int position) {
        flushed = position;
    }

    /** Where the writer puts bytes: the transient-pool buffer if any, else the mapping. Absolute indexes only. */
    public ByteBuffer appendBuffer() {
        ByteBuffer wb = writeBuffer;
        return wb != null ? wb : file.buffer();
    }

    void attachWriteBuffer(ByteBuffer buffer) {
        this.writeBuffer = buffer;
    }

    ByteBuffer writeBuffer() {
        return writeBuffer;
    }

    void detachWriteBuffer() {
        this.writeBuffer = null;
    }

    /** Takes a reader reference; false if the segment is already retired (deleted). */
    public boolean retain() {
        while (true) {
            int r = refs.get();
            if (r <= 0 || retired) {
                return false;
            }
            if (refs.compareAndSet(r, r + 1)) {
                return true;
            }
        }
    }

    public void release() {
        if (refs.decrementAndGet() == 0) {
            file.close();
        }
    }

    public boolean isRetired() {
        return retired;
    }

    /** Deletes the file and drops the log's reference; the mapping lives until the last reader releases. */
    void retire(boolean deleteFile) {
        if (retired) {
            return;
        }
        retired = true;
        if (deleteFile) {
            file.delete();
        }
        release();
    }

    /** A read-only view of [position, position + length) of the file, for a reader that has retained the segment. */
    public ByteBuffer view(int position, int length) {
        return file.buffer().slice(position, length).asReadOnlyBuffer();
    }

    @Override
    public String toString() {
        return file.path().getFileName() + "[wrote=" + wrote + ", committed=" + committed + ", flushed=" + flushed + "]";
    }
}
