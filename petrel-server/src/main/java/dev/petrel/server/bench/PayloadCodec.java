package dev.petrel.server.bench;

import java.nio.ByteBuffer;
import java.util.Random;

/**
 * The body of every message {@code petrel bench} sends: a fixed header that lets a consumer measure end-to-end latency,
 * then filler up to the requested size. Big-endian.
 *
 * <pre>
 *  0        4                12                   20                    28
 *  +--------+----------------+--------------------+---------------------+----------------------------+
 *  | magic  | run id         | send time, nanos   | send time, millis   | filler (random bytes)      |
 *  | "PBN1" | (long)         | (monotonic, long)  | (epoch, long)       | up to the body size        |
 *  +--------+----------------+--------------------+---------------------+----------------------------+
 * </pre>
 *
 * The monotonic time is comparable only inside the JVM that wrote it; the run id tells a consumer whether it is that
 * JVM (then latency has nanosecond resolution) or another one (then it falls back to the millisecond wall clock).
 * Filler is random so that broker-side or disk compression, if any, sees realistic data.
 */
final class PayloadCodec {

    static final int MAGIC = 0x50424E31; // "PBN1"
    static final int MAGIC_OFFSET = 0;
    static final int RUN_ID_OFFSET = 4;
    static final int SEND_NANOS_OFFSET = 12;
    static final int SEND_MILLIS_OFFSET = 20;
    /** The smallest body: the header alone. */
    static final int HEADER_SIZE = 28;

    private PayloadCodec() {
    }

    /** What a bench header says about a message. */
    record Stamp(long runId, long sendNanos, long sendMillis) {
    }

    /** A body of {@code size} bytes of random filler with an empty header, to be copied and stamped per message. */
    static byte[] template(int size, long seed) {
        if (size < HEADER_SIZE) {
            throw new IllegalArgumentException("a bench body needs at least " + HEADER_SIZE + " bytes, got " + size);
        }
        byte[] body = new byte[size];
        new Random(seed).nextBytes(body);
        return body;
    }

    /** A copy of {@code template} with the header written. */
    static byte[] stamped(byte[] template, long runId, long sendNanos, long sendMillis) {
        byte[] body = template.clone();
        ByteBuffer.wrap(body).putInt(MAGIC_OFFSET, MAGIC).putLong(RUN_ID_OFFSET, runId)
            .putLong(SEND_NANOS_OFFSET, sendNanos).putLong(SEND_MILLIS_OFFSET, sendMillis);
        return body;
    }

    /** The header of a bench body, or null when {@code body} is not one (too short, other magic). */
    static Stamp read(byte[] body) {
        if (body == null || body.length < HEADER_SIZE) {
            return null;
        }
        ByteBuffer buffer = ByteBuffer.wrap(body);
        if (buffer.getInt(MAGIC_OFFSET) != MAGIC) {
            return null;
        }
        return new Stamp(buffer.getLong(RUN_ID_OFFSET), buffer.getLong(SEND_NANOS_OFFSET),
            buffer.getLong(SEND_MILLIS_OFFSET));
    }
}
