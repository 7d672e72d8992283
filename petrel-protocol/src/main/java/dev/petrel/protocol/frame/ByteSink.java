package dev.petrel.protocol.frame;

import java.util.Arrays;

/**
 * A growable big-endian byte array that the frame and header codecs write into. Reusing one sink per thread keeps
 * encoding free of per-frame allocations; the remoting layer keeps one per event-loop thread and copies the result
 * into its network buffer.
 *
 * <p>Not thread-safe: one writer thread at a time, and the bytes in {@link #array()} are valid until the next write
 * or {@link #reset()}.
 */
public final class ByteSink {

    /** Bytes that are kept across {@link #reset()}; a larger buffer grown for one huge header is dropped. */
    private static final int RETAINED_CAPACITY = 64 * 1024;

    private final int initialCapacity;
    private byte[] bytes;
    private int size;

    public ByteSink(int initialCapacity) {
        if (initialCapacity < 16) {
            throw new IllegalArgumentException("initial capacity must be at least 16 bytes, got " + initialCapacity);
        }
        this.initialCapacity = initialCapacity;
        this.bytes = new byte[initialCapacity];
    }

    public ByteSink() {
        this(256);
    }

    /** Forgets the content (and an oversized buffer). */
    public void reset() {
        size = 0;
        if (bytes.length > RETAINED_CAPACITY) {
            bytes = new byte[initialCapacity];
        }
    }

    /** Number of bytes written since the last reset. */
    public int size() {
        return size;
    }

    /** The backing array; bytes {@code [0, size())} are valid until the next write. */
    public byte[] array() {
        return bytes;
    }

    /** A copy of the written bytes. */
    public byte[] toByteArray() {
        return Arrays.copyOf(bytes, size);
    }

    /** Moves the write position back to {@code newSize}, discarding what was written after it. */
    void truncate(int newSize) {
        if (newSize < 0 || newSize > size) {
            throw new IllegalArgumentException("cannot truncate " + size + " bytes to " + newSize);
        }
        size = newSize;
    }

    void writeByte(int value) {
        ensure(1);
        bytes[size++] = (byte) value;
    }

    void writeShort(int value) {
        ensure(2);
        bytes[size] = (byte) (value >>> 8);
        bytes[size + 1] = (byte) value;
        size += 2;
    }

    void writeInt(int value) {
        ensure(4);
        putInt(size, value);
        size += 4;
    }

    /** Overwrites four bytes already written, for length fields that are known only afterwards. */
    void setInt(int at, int value) {
        if (at < 0 || at + 4 > size) {
            throw new IndexOutOfBoundsException("int at " + at + " outside the " + size + " bytes written");
        }
        putInt(at, value);
    }

    void setShort(int at, int value) {
        if (at < 0 || at + 2 > size) {
            throw new IndexOutOfBoundsException("short at " + at + " outside the " + size + " bytes written");
        }
        bytes[at] = (byte) (value >>> 8);
        bytes[at + 1] = (byte) value;
    }

    void writeBytes(byte[] src) {
        writeBytes(src, 0, src.length);
    }

    void writeBytes(byte[] src, int offset, int length) {
        ensure(length);
        System.arraycopy(src, offset, bytes, size, length);
        size += length;
    }

    /** Writes ASCII text (the caller guarantees every char is below 0x80). */
    void writeAscii(String text) {
        int n = text.length();
        ensure(n);
        for (int i = 0; i < n; i++) {
            bytes[size + i] = (byte) text.charAt(i);
        }
        size += n;
    }

    /** Writes a decimal int, as both Java's and fastjson's number formatting do. */
    void writeDecimal(int value) {
        if (value == Integer.MIN_VALUE) {
            writeAscii("-2147483648");
            return;
        }
        ensure(11);
        if (value < 0) {
            bytes[size++] = '-';
            value = -value;
        }
        int digits = 1;
        for (int v = value; v >= 10; v /= 10) {
            digits++;
        }
        int end = size + digits;
        for (int i = end - 1; i >= size; i--) {
            bytes[i] = (byte) ('0' + value % 10);
            value /= 10;
        }
        size = end;
    }

    /**
     * Writes {@code text} as UTF-8 and returns the number of bytes written. An unpaired surrogate becomes {@code '?'},
     * exactly as {@link String#getBytes(java.nio.charset.Charset)} and Netty's UTF-8 writer (the two Apache paths)
     * do, so byte counts agree with Apache's.
     */
    int writeUtf8(String text) {
        int start = size;
        int n = text.length();
        ensure(n);
        int i = 0;
        // ASCII fast path: most header text is ASCII.
        while (i < n) {
            char c = text.charAt(i);
            if (c >= 0x80) {
                break;
            }
            bytes[size++] = (byte) c;
            i++;
        }
        for (; i < n; i++) {
            i = writeUtf8Char(text, i);
        }
        return size - start;
    }

    /**
     * Writes the char at {@code index} (and its low surrogate, if it starts a pair) as UTF-8; returns the index of
     * the last char consumed.
     */
    int writeUtf8Char(CharSequence text, int index) {
        char c = text.charAt(index);
        if (c < 0x80) {
            writeByte(c);
        } else if (c < 0x800) {
            ensure(2);
            bytes[size++] = (byte) (0xC0 | (c >> 6));
            bytes[size++] = (byte) (0x80 | (c & 0x3F));
        } else if (Character.isSurrogate(c)) {
            if (Character.isHighSurrogate(c) && index + 1 < text.length() && Character.isLowSurrogate(text.charAt(index + 1))) {
                int cp = Character.toCodePoint(c, text.charAt(index + 1));
                ensure(4);
                bytes[size++] = (byte) (0xF0 | (cp >> 18));
                bytes[size++] = (byte) (0x80 | ((cp >> 12) & 0x3F));
                bytes[size++] = (byte) (0x80 | ((cp >> 6) & 0x3F));
                bytes[size++] = (byte) (0x80 | (cp & 0x3F));
                return index + 1;
            }
            writeByte('?');
        } else {
            ensure(3);
            bytes[size++] = (byte) (0xE0 | (c >> 12));
            bytes[size++] = (byte) (0x80 | ((c >> 6) & 0x3F));
            bytes[size++] = (byte) (0x80 | (c & 0x3F));
        }
        return index;
    }

    private void putInt(int at, int value) {
        bytes[at] = (byte) (value >>> 24);
        bytes[at + 1] = (byte) (value >>> 16);
        bytes[at + 2] = (byte) (value >>> 8);
        bytes[at + 3] = (byte) value;
    }

    private void ensure(int extra) {
        int needed = size + extra;
        if (needed < 0) {
            throw new IllegalStateException("a frame cannot exceed 2 GiB");
        }
        if (needed > bytes.length) {
            int grown = Math.max(needed, bytes.length * 2);
            bytes = Arrays.copyOf(bytes, grown < 0 ? Integer.MAX_VALUE - 8 : grown);
        }
    }
}
