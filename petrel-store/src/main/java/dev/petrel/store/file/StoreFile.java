package dev.petrel.store.file;

import java.nio.ByteBuffer;
import java.nio.file.Path;

/**
 * One fixed-size store file as the store sees it: a buffer over the whole file, a way to make a byte range durable,
 * and close/delete. Production uses {@link MappedStoreFile} (mmap); crash tests use an implementation that keeps
 * only forced bytes, so they exercise the real store code above this seam.
 *
 * <p>Threading: {@link #buffer()} is shared; callers use absolute indexes only and never change its position or
 * limit (they take {@code duplicate()}/{@code slice()} views). Which thread may write which range is decided by the
 * owner of the file (see {@code Segment}).
 */
public interface StoreFile {

    Path path();

    int size();

    /** The whole file's bytes. Writes through it are visible to readers at once but durable only after {@link #force}. */
    ByteBuffer buffer();

    /** Copies {@code src} (position to limit) to the file at {@code position}, like a positional write(2). */
    void write(int position, ByteBuffer src);

    /** Makes bytes [from, to) durable (msync/fsync); returns when they are on the device. */
    void force(int from, int to);

    /** Epoch ms of the last modification as the file system reports it. */
    long lastModified();

    /** Releases the mapping. The file stays on disk. Only called when no reader holds the buffer any more. */
    void close();

    /** Removes the file from disk; the buffer stays readable until {@link #close()}. */
    void delete();

    /**
     * Closes the file handle but leaves the mapping to the garbage collector, for files that concurrent readers may
     * still touch without holding a reference (old index files being deleted).
     */
    default void closeKeepingMapping() {
        close();
    }
}
