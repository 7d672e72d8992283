package dev.petrel.store.timer;

import java.nio.ByteBuffer;

/**
 * One slot of the timer's slot file ({@code timer/slots}): the head of a slot's chain in the timer log, as of the last
 * checkpoint. The file holds {@code ringSlots} of them; the slot for time {@code t} is at index
 * {@code (t / precisionMs) mod ringSlots}. 32 bytes, so a slot never straddles a 4 KiB page.
 *
 * <pre>
 *  0               8               16              24      28      32
 *  +---------------+---------------+---------------+-------+-------+
 *  | timeMs        | lastPos       | minRecordOff  | count | flags |
 *  +---------------+---------------+---------------+-------+-------+
 *  timeMs        long  start of the slot (epoch ms, a multiple of the precision); a slot whose time is not the one
 *                      its index is asked for is empty
 *  lastPos       long  timer-log position of the newest entry, -1 when empty
 *  minRecordOff  long  lowest CommitLog offset among the slot's messages (keeps those records from being cleaned)
 *  count         int   entries in the chain
 *  flags         int   bit 0: the chain holds cancel markers
 * </pre>
 */
public final class TimerSlotLayout {

    public static final int SLOT_SIZE = 32;
    public static final int TIME_MS = 0;
    public static final int LAST_POS = 8;
    public static final int MIN_RECORD_OFFSET = 16;
    public static final int COUNT = 24;
    public static final int FLAGS = 28;

    public static final int FLAG_HAS_CANCELS = 1;

    /** A slot read back. */
    public record Slot(long timeMs, long lastPos, long minRecordOffset, int count, int flags) {
    }

    private TimerSlotLayout() {
    }

    public static void encode(ByteBuffer buf, int index, long timeMs, long lastPos, long minRecordOffset, int count,
                              int flags) {
        int at = index * SLOT_SIZE;
        buf.putLong(at + TIME_MS, timeMs);
        buf.putLong(at + LAST_POS, lastPos);
        buf.putLong(at + MIN_RECORD_OFFSET, minRecordOffset);
        buf.putInt(at + COUNT, count);
        buf.putInt(at + FLAGS, flags);
    }

    public static Slot decode(ByteBuffer buf, int index) {
        int at = index * SLOT_SIZE;
        return new Slot(buf.getLong(at + TIME_MS), buf.getLong(at + LAST_POS), buf.getLong(at + MIN_RECORD_OFFSET),
            buf.getInt(at + COUNT), buf.getInt(at + FLAGS));
    }
}
