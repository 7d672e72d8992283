package dev.petrel.store;

import dev.petrel.store.file.StoreFile;
import dev.petrel.store.file.StoreFileFactory;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * A file layer that behaves like a machine whose power can be cut: writes land in an in-memory "page cache"; only
 * {@link StoreFile#force} copies bytes to the real file (and fsyncs it). After {@link #powerLoss()} forces do
 * nothing, so whatever was not forced before is gone when the directory is reopened with any factory.
 */
final class PowerLossFileFactory implements StoreFileFactory {

    private volatile boolean dead;
    private volatile CountDownLatch forceGate;

    /** From now on nothing reaches the disk. */
    void powerLoss() {
        dead = true;
    }

    /** Makes every force wait until {@link #unblockForces()} (a hung disk). */
    void blockForces() {
        forceGate = new CountDownLatch(1);
    }

    void unblockForces() {
        CountDownLatch g = forceGate;
        forceGate = null;
        if (g != null) {
            g.countDown();
        }
    }

    @Override
    public StoreFile open(Path path, int size) throws IOException {
        boolean exists = Files.exists(path);
        if (exists && Files.size(path) != size) {
            throw new IOException(path + " has " + Files.size(path) + " bytes, expected " + size);
        }
        FileChannel ch = FileChannel.open(path, StandardOpenOption.CREATE, StandardOpenOption.READ, StandardOpenOption.WRITE);
        ByteBuffer cache = ByteBuffer.allocate(size);
        if (exists) {
            ch.read(cache.duplicate(), 0);
        } else {
            ch.write(ByteBuffer.allocate(1), size - 1L);
            ch.force(true);
        }
        return new File(path, size, ch, cache);
    }

    private final class File implements StoreFile {
        private final Path path;
        private final int size;
        private final FileChannel channel;
        private final ByteBuffer cache;

        File(Path path, int size, FileChannel channel, ByteBuffer cache) {
            this.path = path;
            this.size = size;
            this.channel = channel;
            this.cache = cache;
        }

        @Override public Path path() { return path; }
        @Override public int size() { return size; }
        @Override public ByteBuffer buffer() { return cache; }

        @Override
        public void write(int position, ByteBuffer src) {
            cache.put(position, src, src.position(), src.remaining());
            src.position(src.limit());
        }

        @Override
        public void force(int from, int to) {
            CountDownLatch g = forceGate;
            if (g != null) {
                try {
                    g.await(60, TimeUnit.SECONDS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
            if (dead || to <= from) {
                return;
            }

            try {
                ByteBuffer slice = cache.slice(from, to - from);
                int p = from;
                while (slice.hasRemaining()) {
                    p += channel.write(slice, p);
                }
                channel.force(false);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }

        @Override
        public long lastModified() {
            try {
                return Files.getLastModifiedTime(path).toMillis();
            } catch (IOException e) {
                return 0;
            }
        }

        @Override
        public void close() {
            try {
                channel.close();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }

        @Override
        public void delete() {
            if (dead) {
                return; // the unlink never reached the disk either
            }
            try {
                Files.deleteIfExists(path);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }
}
