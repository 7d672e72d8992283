package dev.petrel.store.file;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.reflect.Method;
import java.nio.ByteBuffer;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/** A store file mapped into memory read/write; {@link #force} is msync of the range. */
public final class MappedStoreFile implements StoreFile {

    private static final Method INVOKE_CLEANER;
    private static final Object UNSAFE;

    static {
        Method m = null;
        Object u = null;
        try {
            Class<?> c = Class.forName("sun.misc.Unsafe");
            java.lang.reflect.Field f = c.getDeclaredField("theUnsafe");
            f.setAccessible(true);
            u = f.get(null);
            m = c.getMethod("invokeCleaner", ByteBuffer.class);
        } catch (ReflectiveOperationException | RuntimeException e) {
            // Without it mappings are released by the garbage collector; correct, only slower to free address space.
            m = null;
        }
        INVOKE_CLEANER = m;
        UNSAFE = u;
    }

    private final Path path;
    private final int size;
    private final FileChannel channel;
    private final MappedByteBuffer buffer;

    private MappedStoreFile(Path path, int size, FileChannel channel, MappedByteBuffer buffer) {
        this.path = path;
        this.size = size;
        this.channel = channel;
        this.buffer = buffer;
    }

    static StoreFile open(Path path, int size) throws IOException {
        boolean exists = Files.exists(path);
        if (exists && Files.size(path) != size) {
            throw new IOException("store file " + path + " has " + Files.size(path) + " bytes; expected " + size
                + " (was it written with a different mapped file size?)");
        }
        FileChannel ch = FileChannel.open(path, StandardOpenOption.CREATE, StandardOpenOption.READ, StandardOpenOption.WRITE);
        try {
            if (!exists) {
                ch.truncate(0);
                ch.write(ByteBuffer.allocate(1), size - 1L); // sparse, full length; blocks are allocated as written
            }
            return new MappedStoreFile(path, size, ch, ch.map(FileChannel.MapMode.READ_WRITE, 0, size));
        } catch (IOException | RuntimeException e) {
            ch.close();
            throw e;
        }
    }

    @Override
    public Path path() {
        return path;
    }

    @Override
    public int size() {
        return size;
    }

    @Override
    public ByteBuffer buffer() {
        return buffer;
    }

    @Override
    public void write(int position, ByteBuffer src) {
        try {
            int p = position;
            while (src.hasRemaining()) {
                p += channel.write(src, p);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("write to " + path + " failed", e);
        }
    }

    @Override
    public void force(int from, int to) {
        if (to > from) {
            buffer.force(from, to - from);
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
            throw new UncheckedIOException("close of " + path + " failed", e);
        }
        if (INVOKE_CLEANER != null) {
            try {
                INVOKE_CLEANER.invoke(UNSAFE, buffer);
            } catch (ReflectiveOperationException e) {
                // leave it to the garbage collector
            }
        }
    }

    @Override
    public void closeKeepingMapping() {
        try {
            channel.close();
        } catch (IOException e) {
            throw new UncheckedIOException("close of " + path + " failed", e);
        }
    }

    @Override
    public void delete() {
        try {
            Files.deleteIfExists(path);
        } catch (IOException e) {
            throw new UncheckedIOException("delete of " + path + " failed", e);
        }
    }

    @Override
    public String toString() {
        return path.toString();
    }
}
