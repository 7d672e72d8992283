package dev.petrel.broker.dledger;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * A test CommitLog: one growing file, positional writes, truncation with ftruncate. Stands in for the store's seam
 * (many fixed-size mapped files) until it lands; the Raft log above it cannot tell the difference.
 */
final class FileCommitLogBytes implements CommitLogBytes, AutoCloseable {

    private final Path path;
    private final FileChannel channel;
    private long end;

    FileCommitLogBytes(Path path) {
        this.path = path;
        try {
            this.channel = FileChannel.open(path, StandardOpenOption.CREATE, StandardOpenOption.READ,
                StandardOpenOption.WRITE);
            this.end = channel.size();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The broker's put path as leader: writes at the end, returns where. */
    synchronized long appendAtEnd(byte[] bytes) {
        long at = end;
        append(at, bytes);
        return at;
    }

    @Override
    public synchronized long endOffset() {
        return end;
    }

    @Override
    public synchronized void append(long offset, byte[] bytes) {
        if (offset != end) {
            throw new IllegalStateException("append at " + offset + " but the CommitLog ends at " + end);
        }
        try {
            ByteBuffer b = ByteBuffer.wrap(bytes);
            long at = offset;
            while (b.hasRemaining()) {
                at += channel.write(b, at);
            }
            end = offset + bytes.length;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public synchronized byte[] read(long offset, int length) {
        if (offset + length > end) {
            throw new IllegalArgumentException("read [" + offset + ", " + (offset + length) + ") beyond end " + end);
        }
        try {
            ByteBuffer b = ByteBuffer.allocate(length);
            while (b.hasRemaining()) {
                if (channel.read(b, offset + b.position()) < 0) {
                    throw new IOException("short file " + path);
                }
            }
            return b.array();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public synchronized void truncate(long offset) {
        try {
            channel.truncate(offset);
            end = Math.min(end, offset);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public synchronized long flush() {
        try {
            channel.force(true);
            return end;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public synchronized void close() {
        try {
            channel.close();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
