package dev.petrel.client.internal.producer;

import dev.petrel.message.SysFlag;
import java.io.ByteArrayOutputStream;
import java.util.zip.Deflater;

/**
 * Compresses large single-message bodies as the 5.3.1 client does (message-format.md §4.1): zlib stream (with header)
 * at the configured level (RocketMQ default 5) when the body has at least {@code threshold} bytes (default 4096), and
 * then sets sysFlag {@code 0x1 | 0x300} (compressed, type ZLIB). Batches are never compressed. Thread-safe.
 */
public final class BodyCompressor {

    /** What a send carries: the (possibly compressed) body and the sysFlag bits to add. */
    public record Compressed(byte[] body, int sysFlag) {
    }

    private final int threshold;
    private final int level;

    public BodyCompressor(int threshold, int level) {
        if (level < Deflater.DEFAULT_COMPRESSION || level > Deflater.BEST_COMPRESSION) {
            throw new IllegalArgumentException("zlib level must be -1..9, got " + level);
        }
        this.threshold = threshold;
        this.level = level;
    }

    public Compressed maybeCompress(byte[] body) {
        if (body.length < threshold) {
            return new Compressed(body, 0);
        }
        byte[] compressed = deflate(body, level);
        return new Compressed(compressed, SysFlag.COMPRESSED | SysFlag.COMPRESSION_ZLIB);
    }

    static byte[] deflate(byte[] input, int level) {
        Deflater deflater = new Deflater(level);
        try {
            deflater.setInput(input);
            deflater.finish();
            ByteArrayOutputStream out = new ByteArrayOutputStream(Math.max(64, input.length / 4));
            byte[] chunk = new byte[Math.min(64 * 1024, Math.max(256, input.length))];
            while (!deflater.finished()) {
                int n = deflater.deflate(chunk);
                out.write(chunk, 0, n);
            }
            return out.toByteArray();
        } finally {
            deflater.end();
        }
    }
}
