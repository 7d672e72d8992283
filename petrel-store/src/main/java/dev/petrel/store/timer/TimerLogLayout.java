package dev.petrel.store.timer;

import java.nio.ByteBuffer;

/**
 * One entry of the timer log: a timer message (or a cancel marker) linked into the chain of the slot it is due in.
 * Entries are appended and never changed; each points back to the previous entry of the same slot, so a slot's
 * entries are read newest first from the slot's {@code lastPos}. 32 bytes, so an entry never straddles a 4 KiB page.
 *
 * <pre>
 *  0               8               16      20              28      32
 *  +---------------+---------------+-------+---------------+-------+
 *  | prev          | recordOffset  | size  | dueMs         | kind  |
 *  +---------------+---------------+-------+---------------+-------+
 *  prev          long  log position of the previous entry of the same slot, -1 for the first
 *  recordOffset  long  CommitLog offset of the message's record in rmq_sys_wheel_timer
 *  size          int   that record's size
 *  dueMs         long  when to deliver it, epoch ms (the requested time, not rounded)
 *  kind          int   1 message, 2 cancel marker (TIMER_DEL_UNIQKEY); 0 never written
 * </pre>
 *
 * Big-endian, like every RocketMQ file.
 */
public final class TimerLogLayout {

    public static final int ENTRY_SIZE = 32;
    public static final int PREV = 0;
    public static final int RECORD_OFFSET = 8;
    public static final int SIZE = 16;
    public static final int DUE_MS = 20;
    public static final int KIND = 28;

    public static final int KIND_MESSAGE = 1;
    public static final int KIND_CANCEL = 2;

    /** An entry read back. */
    public record Entry(long position, long prev, long recordOffset, int size, long dueMs, int kind) {

        public boolean isCancel() {
            return kind == KIND_CANCEL;
        }
    }

    private TimerLogLayout() {
    }

    public static void encode(ByteBuffer buf, int at, long prev, long recordOffset, int size, long dueMs, int kind) {
        buf.putLong(at + PREV, prev);
        buf.putLong(at + RECORD_OFFSET, recordOffset);
        buf.putInt(at + SIZE, size);
        buf.putLong(at + DUE_MS, dueMs);
        buf.putInt(at + KIND, kind);
    }

    /** The entry at {@code at}; {@code position} is its log position (recorded in the result only). */
    public static Entry decode(ByteBuffer buf, int at, long position) {
        return new Entry(position, buf.getLong(at + PREV), buf.getLong(at + RECORD_OFFSET), buf.getInt(at + SIZE),
            buf.getLong(at + DUE_MS), buf.getInt(at + KIND));
    }

    /** Whether the bytes at {@code at} can be an entry written at {@code position} (a chain never points forward). */
    public static boolean isValid(Entry e) {
        return (e.kind() == KIND_MESSAGE || e.kind() == KIND_CANCEL) && e.prev() < e.position() && e.prev() >= -1
            && e.recordOffset() >= 0 && e.size() > 0;
    }
}
