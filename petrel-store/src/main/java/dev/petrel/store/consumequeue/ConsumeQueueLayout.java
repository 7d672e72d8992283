package dev.petrel.store.consumequeue;

import java.nio.ByteBuffer;

/**
 * One ConsumeQueue entry (storage-layout.md §3.1); entry {@code q} of a queue sits at byte {@code q * 20}.
 *
 * <pre>
 *   0 +-------------------------------+
 *     | CommitLog physical offset long|
 *   8 | record size (TOTALSIZE)   int |
 *  12 | tag code                  long|  tag hash; delivery time in SCHEDULE_TOPIC_XXXX
 *  20 +-------------------------------+
 *  blank entry (fills the gap before a queue's first real entry): offset 0, size Integer.MAX_VALUE, tag 0
 * </pre>
 */
public final class ConsumeQueueLayout {

    public static final int ENTRY_SIZE = 20;
    public static final int PHYSICAL_OFFSET = 0;
    public static final int SIZE = 8;
    public static final int TAG_CODE = 12;
    public static final int BLANK_SIZE = Integer.MAX_VALUE;
    /** Default entries per file: 300,000 (6,000,000 bytes). */
    public static final int DEFAULT_ENTRIES_PER_FILE = 300_000;

    private ConsumeQueueLayout() {
    }

    public static void encode(ByteBuffer buf, int at, long physicalOffset, int size, long tagCode) {
        buf.putLong(at + PHYSICAL_OFFSET, physicalOffset);
        buf.putInt(at + SIZE, size);
        buf.putLong(at + TAG_CODE, tagCode);
    }

    public static void encodeBlank(ByteBuffer buf, int at) {
        encode(buf, at, 0, BLANK_SIZE, 0);
    }

    public static long physicalOffset(ByteBuffer buf, int at) {
        return buf.getLong(at + PHYSICAL_OFFSET);
    }

    public static int size(ByteBuffer buf, int at) {
        return buf.getInt(at + SIZE);
    }

    public static long tagCode(ByteBuffer buf, int at) {
        return buf.getLong(at + TAG_CODE);
    }

    /** RocketMQ's recovery rule: an entry is real (or blank filler) when offset >= 0 and size > 0. */
    public static boolean isValid(long physicalOffset, int size) {
        return physicalOffset >= 0 && size > 0;
    }

    public static boolean isBlank(long physicalOffset, int size) {
        return size == BLANK_SIZE && physicalOffset == 0;
    }
}
