package dev.petrel.protocol.frame;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;

/** Reads UTF-8 text out of a buffer region without disturbing the buffer's position. */
final class Utf8 {

    private Utf8() {
    }

    /**
     * Decodes {@code length} bytes at absolute {@code index}. The caller has already checked that they lie inside the
     * buffer, so the temporary copy for a direct buffer is bounded by bytes actually present. Malformed sequences
     * become U+FFFD, as with every Java decoder Apache uses.
     */
    static String decode(ByteBuffer buffer, int index, int length) {
        if (length == 0) {
            return "";
        }
        if (buffer.hasArray()) {
            return new String(buffer.array(), buffer.arrayOffset() + index, length, StandardCharsets.UTF_8);
        }
        byte[] copy = new byte[length];
        buffer.get(index, copy);
        return new String(copy, StandardCharsets.UTF_8);
    }
}
