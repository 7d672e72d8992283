package dev.petrel.broker.transaction;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * The body of an op record in {@code RMQ_SYS_TRANS_OP_HALF_TOPIC}: the half-queue offsets it marks as decided, in
 * ASCII decimal, each followed by a comma (Apache 5.x; 4.x wrote one offset without the comma, which reads the same).
 *
 * <pre>
 *   "17," "18," ...      e.g. bytes 31 37 2C 31 38 2C
 * </pre>
 */
public final class OpBodyCodec {

    /** Longest body read back; a longer one is not an op record Petrel or Apache writes. */
    static final int MAX_BODY = 1 << 20;

    private OpBodyCodec() {
    }

    public static byte[] encode(long... halfOffsets) {
        StringBuilder sb = new StringBuilder(halfOffsets.length * 8);
        for (long o : halfOffsets) {
            sb.append(o).append(',');
        }
        return sb.toString().getBytes(StandardCharsets.US_ASCII);
    }

    /** The offsets of a body; entries that are not non-negative decimals are skipped (and counted by the caller). */
    public static List<Long> decode(byte[] body) {
        List<Long> out = new ArrayList<>();
        if (body == null || body.length > MAX_BODY) {
            return out;
        }
        long value = 0;
        int digits = 0;
        boolean bad = false;
        for (int i = 0; i <= body.length; i++) {
            byte b = i < body.length ? body[i] : (byte) ',';
            if (b == ',') {
                if (digits > 0 && !bad) {
                    out.add(value);
                }
                value = 0;
                digits = 0;
                bad = false;
            } else if (b >= '0' && b <= '9' && digits < 18) {
                value = value * 10 + (b - '0');
                digits++;
            } else {
                bad = true;
            }
        }
        return out;
    }
}
