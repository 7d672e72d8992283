package dev.petrel.store.recovery;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * The {@code lock} and {@code abort} files (storage-layout.md §6.1). {@code lock}: an exclusive lock on byte 0 so
 * two stores never share a directory. {@code abort}: created at start (holding the PID), deleted at the end of a
 * clean shutdown; present at start means the last run crashed.
 */
public final class StoreLock {

    private final Path root;
    private FileChannel lockChannel;
    private FileLock lock;

    public StoreLock(Path root) {
        this.root = root;
    }

    public Path abortFile() {
        return root.resolve("abort");
    }

    /** True if the previous run did not shut down cleanly. */
    public boolean lastExitWasAbnormal() {
        return Files.exists(abortFile());
    }

    /** Takes the lock and creates the abort file; fails if another store holds the directory. */
    public void acquire() {
        try {
            Files.createDirectories(root);
            lockChannel = FileChannel.open(root.resolve("lock"), StandardOpenOption.CREATE, StandardOpenOption.WRITE);
            lock = lockChannel.tryLock(0, 1, false);
            if (lock == null) {
                lockChannel.close();
                throw new IllegalStateException("store directory " + root + " is locked by another running store");
            }
            lockChannel.write(ByteBuffer.wrap("lock".getBytes(StandardCharsets.US_ASCII)), 0);
            lockChannel.force(true);
            Files.writeString(abortFile(), Long.toString(ProcessHandle.current().pid()), StandardCharsets.US_ASCII);
            try (FileChannel dir = FileChannel.open(root, StandardOpenOption.READ)) {
                dir.force(true); // the abort file must survive a power loss to trigger abnormal recovery
            } catch (IOException e) {
                // some file systems cannot fsync a directory; the abort file is then best effort
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot lock store directory " + root, e);
        }
    }

    /** Clean shutdown: removes the abort file and releases the lock. */
    public void releaseClean() {
        try {
            Files.deleteIfExists(abortFile());
        } catch (IOException e) {
            throw new UncheckedIOException("cannot delete " + abortFile(), e);
        }
        releaseOnly();
    }

    /** Releases the lock but leaves the abort file (a halt that should look like a crash). */
    public void releaseOnly() {
        try {
            if (lock != null) {
                lock.release();
            }
            if (lockChannel != null) {
                lockChannel.close();
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot release the store lock", e);
        }
    }
}
