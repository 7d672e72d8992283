package dev.petrel.apachebench;

import java.nio.ByteBuffer;
import java.util.Random;

/**
 * The body layout {@code bin/petrel bench} uses (its PayloadCodec), so both load tools send the same bytes: a header
 * with the run id and the send time, then random filler. Big-endian.
 *
 * <pre>
 *  0        4                12                   20                    28
 *  | "PBN1" | run id (long)  | send nanos (long)  | send millis (long)  | filler up to the body size |
 * </pre>
 */
final class BenchStamp {

    static final int MAGIC = 0x50424E31;
    static final int HEADER_SIZE = 28;
    private static final int RUN_ID_OFFSET = 4;
    private static final int SEND_NANOS_OFFSET = 12;
    private static final int SEND_MILLIS_OFFSET = 20;

    private BenchStamp() {
    }

    static byte[] template(int size, long seed) {
        byte[] body = new byte[size];
        new Random(seed).nextBytes(body);
        return body;
    }

    static byte[] stamped(byte[] template, long runId, long sendNanos, long sendMillis) {
        byte[] body = template.clone();
        ByteBuffer.wrap(body).putInt(0, MAGIC).putLong(RUN_ID_OFFSET, runId).putLong(SEND_NANOS_OFFSET, sendNanos)
            .putLong(SEND_MILLIS_OFFSET, sendMillis);
        return body;
    }

    /** The run id of a bench body, or 0 when it is not one. */
    static long runId(byte[] body) {
        return body == null || body.length < HEADER_SIZE || ByteBuffer.wrap(body).getInt(0) != MAGIC ? 0
            : ByteBuffer.wrap(body).getLong(RUN_ID_OFFSET);
    }

    static long sendNanos(byte[] body) {
        return ByteBuffer.wrap(body).getLong(SEND_NANOS_OFFSET);
    }

    static long sendMillis(byte[] body) {
        return ByteBuffer.wrap(body).getLong(SEND_MILLIS_OFFSET);
    }
}
