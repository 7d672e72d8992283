package dev.petrel.store.timer;

import java.nio.ByteBuffer;
import java.util.zip.CRC32;

/**
 * The timer checkpoint file ({@code timer/checkpoint}, 1 KiB): two copies of one 64-byte record, at offsets 0 and
 * 512 (different disk sectors). Writers alternate between them; a reader takes the valid copy with the higher
 * sequence, so a write torn by a power cut leaves the previous checkpoint readable.
 *
 * <pre>
 *  0       4       8               16              24              32              40              48      52      56      60
 *  +-------+-------+---------------+---------------+---------------+---------------+---------------+-------+-------+-------+-------+
 *  | magic | ver   | sequence      | enqueuedOff   | deliveredUpTo | logEnd        | scanFrom      | prec  | ring  | rsvd  | crc   |
 *  +-------+-------+---------------+---------------+---------------+---------------+---------------+-------+-------+-------+-------+
 *  magic          int   0x54494D52 ("TIMR")
 *  ver            int   1
 *  sequence       long  incremented by every write
 *  enqueuedOff    long  rmq_sys_wheel_timer queue 0: entries below this queue offset are in the timer index
 *  deliveredUpTo  long  every slot starting before this epoch ms is delivered
 *  logEnd         long  timer-log bytes below this position are durable and belong to this checkpoint
 *  scanFrom       long  CommitLog offset from which deliveries of slots >= deliveredUpTo may have been written
 *  prec           int   timerPrecisionMs the index was built with
 *  ring           int   slots in the ring the index was built with
 *  crc            int   CRC32 of bytes [0, 60)
 * </pre>
 */
public final class TimerCheckpointLayout {

    public static final int FILE_SIZE = 1024;
    public static final int COPY_SIZE = 64;
    public static final int[] COPY_OFFSETS = {0, 512};
    public static final int MAGIC_VALUE = 0x54494D52;
    public static final int VERSION_VALUE = 1;

    public static final int MAGIC = 0;
    public static final int VERSION = 4;
    public static final int SEQUENCE = 8;
    public static final int ENQUEUED_OFFSET = 16;
    public static final int DELIVERED_UP_TO = 24;
    public static final int LOG_END = 32;
    public static final int SCAN_FROM = 40;
    public static final int PRECISION = 48;
    public static final int RING = 52;
    public static final int CRC = 60;

    /** The recorded progress. */
    public record Values(long sequence, long enqueuedOffset, long deliveredUpTo, long logEnd, long scanFrom,
                         int precisionMs, int ringSlots) {
    }

    private TimerCheckpointLayout() {
    }

    /** Writes {@code v} into copy {@code copy} (0 or 1). */
    public static void encode(ByteBuffer buf, int copy, Values v) {
        int at = COPY_OFFSETS[copy];
        buf.putInt(at + MAGIC, MAGIC_VALUE);
        buf.putInt(at + VERSION, VERSION_VALUE);
        buf.putLong(at + SEQUENCE, v.sequence());
        buf.putLong(at + ENQUEUED_OFFSET, v.enqueuedOffset());
        buf.putLong(at + DELIVERED_UP_TO, v.deliveredUpTo());
        buf.putLong(at + LOG_END, v.logEnd());
        buf.putLong(at + SCAN_FROM, v.scanFrom());
        buf.putInt(at + PRECISION, v.precisionMs());
        buf.putInt(at + RING, v.ringSlots());
        buf.putInt(at + 56, 0);
        buf.putInt(at + CRC, crc(buf, at));
    }

    /** The valid copy with the higher sequence, or null when neither copy is valid (a new or destroyed file). */
    public static Values decode(ByteBuffer buf) {
        Values best = null;
        for (int copy = 0; copy < COPY_OFFSETS.length; copy++) {
            Values v = decodeCopy(buf, COPY_OFFSETS[copy]);
            if (v != null && (best == null || v.sequence() > best.sequence())) {
                best = v;
            }
        }
        return best;
    }

    private static Values decodeCopy(ByteBuffer buf, int at) {
        if (buf.getInt(at + MAGIC) != MAGIC_VALUE || buf.getInt(at + VERSION) != VERSION_VALUE
            || buf.getInt(at + CRC) != crc(buf, at)) {
            return null;
        }
        return new Values(buf.getLong(at + SEQUENCE), buf.getLong(at + ENQUEUED_OFFSET), buf.getLong(at + DELIVERED_UP_TO),
            buf.getLong(at + LOG_END), buf.getLong(at + SCAN_FROM), buf.getInt(at + PRECISION), buf.getInt(at + RING));
    }

    private static int crc(ByteBuffer buf, int at) {
        CRC32 crc = new CRC32();
        crc.update(buf.duplicate().position(at).limit(at + CRC));
        return (int) crc.getValue();
    }
}
