package dev.petrel.store.index;

import java.nio.ByteBuffer;

/**
 * An IndexFile (storage-layout.md §4): a 40-byte header, {@code slots} 4-byte hash slots, then {@code entries}
 * 20-byte entries. Entry number 0 is never used; a slot holds the number of the newest entry of its bucket.
 *
 * <pre>
 *  header                                   slot (int)              entry i at 40 + slots*4 + i*20
 *   0 beginTimestamp   long                 newest entry number,     0 keyHash            int
 *   8 endTimestamp     long                 0 = empty                4 physical offset    long
 *  16 beginPhyOffset   long                                         12 timeDiff (seconds) int
 *  24 endPhyOffset     long                                         16 previous entry no. int (0 = end)
 *  32 hashSlotCount    int
 *  36 indexCount       int  (starts at 1)
 * </pre>
 */
public final class IndexFileLayout {

    public static final int HEADER_SIZE = 40;
    public static final int BEGIN_TIMESTAMP = 0;
    public static final int END_TIMESTAMP = 8;
    public static final int BEGIN_PHY_OFFSET = 16;
    public static final int END_PHY_OFFSET = 24;
    public static final int HASH_SLOT_COUNT = 32;
    public static final int INDEX_COUNT = 36;

    public static final int SLOT_SIZE = 4;
    public static final int ENTRY_SIZE = 20;
    public static final int ENTRY_KEY_HASH = 0;
    public static final int ENTRY_PHY_OFFSET = 4;
    public static final int ENTRY_TIME_DIFF = 12;
    public static final int ENTRY_PREV = 16;

    private IndexFileLayout() {
    }

    public static int fileSize(int slots, int entries) {
        return HEADER_SIZE + slots * SLOT_SIZE + entries * ENTRY_SIZE;
    }

    public static int slotPosition(int slot) {
        return HEADER_SIZE + slot * SLOT_SIZE;
    }

    public static int entryPosition(int slots, int entryNumber) {
        return HEADER_SIZE + slots * SLOT_SIZE + entryNumber * ENTRY_SIZE;
    }

    /** {@code abs(key.hashCode())}, with Integer.MIN_VALUE mapped to 0, as RocketMQ computes it. */
    public static int keyHash(String key) {
        int h = Math.abs(key.hashCode());
        return h < 0 ? 0 : h;
    }

    public static void encodeEntry(ByteBuffer buf, int at, int keyHash, long phyOffset, int timeDiff, int prev) {
        buf.putInt(at + ENTRY_KEY_HASH, keyHash);
        buf.putLong(at + ENTRY_PHY_OFFSET, phyOffset);
        buf.putInt(at + ENTRY_TIME_DIFF, timeDiff);
        buf.putInt(at + ENTRY_PREV, prev);
    }

    /** The header's values. */
    public record Header(long beginTimestamp, long endTimestamp, long beginPhyOffset, long endPhyOffset,
                         int hashSlotCount, int indexCount) {
    }

    public static void encodeHeader(ByteBuffer buf, Header h) {
        buf.putLong(BEGIN_TIMESTAMP, h.beginTimestamp());
        buf.putLong(END_TIMESTAMP, h.endTimestamp());
        buf.putLong(BEGIN_PHY_OFFSET, h.beginPhyOffset());
        buf.putLong(END_PHY_OFFSET, h.endPhyOffset());
        buf.putInt(HASH_SLOT_COUNT, h.hashSlotCount());
        buf.putInt(INDEX_COUNT, h.indexCount());
    }

    public static Header decodeHeader(ByteBuffer buf) {
        return new Header(buf.getLong(BEGIN_TIMESTAMP), buf.getLong(END_TIMESTAMP), buf.getLong(BEGIN_PHY_OFFSET),
            buf.getLong(END_PHY_OFFSET), buf.getInt(HASH_SLOT_COUNT), buf.getInt(INDEX_COUNT));
    }
}
