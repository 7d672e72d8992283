package dev.petrel.canary;

import dev.petrel.client.Message;
import java.nio.charset.StandardCharsets;
import java.util.function.Function;

/**
 * The one format the canary owns: what its messages carry, as three user properties (so any tool that prints
 * properties shows them, and a SQL92 filter could pick them) and a body for people.
 *
 * <pre>
 * property            value                                      example
 * PETREL_CANARY_RUN   the sending canary's run id, 16 hex digits 00000000075bcd15
 * PETREL_CANARY_SEQ   sequence number of its (broker, queue)     41 (decimal, >= 0)
 * PETREL_CANARY_SENT  when this attempt was sent, epoch millis   1764870000123 (decimal, >= 0)
 * tags                canary
 * body                "petrel canary &lt;run&gt; &lt;broker&gt;/&lt;queue&gt; #&lt;seq&gt;" in UTF-8 (never read back)
 * </pre>
 *
 * A retry of a failed send carries the same run and sequence with a later SENT. A message without the three
 * properties, or with a value that is not what the table says, is not the canary's ({@link #read} gives null).
 */
public final class CanaryMessage {

    public static final String RUN = "PETREL_CANARY_RUN";
    public static final String SEQ = "PETREL_CANARY_SEQ";
    public static final String SENT = "PETREL_CANARY_SENT";
    public static final String TAG = "canary";

    private static final int MAX_DECIMAL_DIGITS = 18; // < Long.MAX_VALUE: never overflows

    /** What a canary message says about itself. */
    public record Stamp(long runId, long sequence, long sentMillis) {
    }

    private CanaryMessage() {
    }

    /** The message for one attempt of {@code sequence} on {@code broker}'s queue {@code queueId}. */
    public static Message of(String topic, String broker, int queueId, Stamp stamp) {
        String body = "petrel canary " + hex(stamp.runId()) + " " + broker + "/" + queueId + " #" + stamp.sequence();
        return Message.builder(topic).tags(TAG).property(RUN, hex(stamp.runId()))
            .property(SEQ, Long.toString(stamp.sequence())).property(SENT, Long.toString(stamp.sentMillis()))
            .body(body.getBytes(StandardCharsets.UTF_8)).build();
    }

    /** The stamp of a received message, from its properties; null when it is not a canary message. */
    public static Stamp read(Function<String, String> property) {
        String run = property.apply(RUN);
        long seq = parseDecimal(property.apply(SEQ));
        long sent = parseDecimal(property.apply(SENT));
        if (!isRunId(run) || seq < 0 || sent < 0) {
            return null;
        }
        return new Stamp(Long.parseUnsignedLong(run, 16), seq, sent);
    }

    /** A run id as the property writes it: 16 lower-case hex digits. */
    public static String hex(long runId) {
        String digits = Long.toHexString(runId);
        return "0".repeat(16 - digits.length()) + digits;
    }

    private static boolean isRunId(String text) {
        if (text == null || text.length() != 16) {
            return false;
        }
        for (int i = 0; i < 16; i++) {
            char c = text.charAt(i);
            if (!(c >= '0' && c <= '9' || c >= 'a' && c <= 'f')) {
                return false;
            }
        }
        return true;
    }

    /** -1 for anything but 1 to 18 ASCII digits. */
    private static long parseDecimal(String text) {
        if (text == null || text.isEmpty() || text.length() > MAX_DECIMAL_DIGITS) {
            return -1;
        }
        long value = 0;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c < '0' || c > '9') {
                return -1;
            }
            value = value * 10 + (c - '0');
        }
        return value;
    }
}
