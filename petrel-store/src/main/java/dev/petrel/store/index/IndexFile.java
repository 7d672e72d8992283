package dev.petrel.store.index;

import dev.petrel.store.file.StoreFile;

import java.nio.ByteBuffer;
import java.util.List;

/**
 * One IndexFile: hash slots chaining entries newest-first. Header fields are kept in memory and written into the
 * mapped header with every put (as RocketMQ does), so a reader of the file always sees a consistent header.
 *
 * <p>Threading: the dispatch thread is the only writer; queries read concurrently (a query may miss an entry being
 * added, never see a torn chain: the entry is written before the slot points to it).
 */
public final class IndexFile {

    private final StoreFile file;
    private final int slots;
    private final int maxEntries;
    private volatile long beginTimestamp;
    private volatile long endTimestamp;
    private volatile long beginPhyOffset;
    private volatile long endPhyOffset;
    private volatile int hashSlotCount;
    private volatile int indexCount;

    IndexFile(StoreFile file, int slots, int maxEntries) {
        this.file = file;
        this.slots = slots;
        this.maxEntries = maxEntries;
        IndexFileLayout.Header h = IndexFileLayout.decodeHeader(file.buffer());
        this.beginTimestamp = h.beginTimestamp();
        this.endTimestamp = h.endTimestamp();
        this.beginPhyOffset = h.beginPhyOffset();
        this.endPhyOffset = h.endPhyOffset();
        this.hashSlotCount = h.hashSlotCount();
        this.indexCount = Math.max(1, h.indexCount());
    }

    /** A fresh file whose begin/end fields continue from the previous file's end (RocketMQ does the same). */
    void initFrom(long lastEndPhyOffset, long lastEndTimestamp) {
        beginPhyOffset = lastEndPhyOffset;
        endPhyOffset = lastEndPhyOffset;
        beginTimestamp = lastEndTimestamp;
        endTimestamp = lastEndTimestamp;
        indexCount = 1;
        writeHeader();
    }

    public StoreFile file() {
        return file;
    }

    public boolean isFull() {
        return indexCount >= maxEntries;
    }

    public long beginTimestamp() {
        return beginTimestamp;
    }

    public long endTimestamp() {
        return endTimestamp;
    }

    public long endPhyOffset() {
        return endPhyOffset;
    }

    public long beginPhyOffset() {
        return beginPhyOffset;
    }

    public int indexCount() {
        return indexCount;
    }

    /** Adds {@code key}; false when the file is full. */
    public boolean put(String key, long phyOffset, long storeTimestamp) {
        if (isFull()) {
            return false;
        }
        ByteBuffer buf = file.buffer();
        int hash = IndexFileLayout.keyHash(key);
        int slot = hash % slots;
        int slotPos = IndexFileLayout.slotPosition(slot);
        int head = buf.getInt(slotPos);
        if (head <= 0 || head > indexCount) {
            head = 0;
        }
        long diff = beginTimestamp <= 0 ? 0 : (storeTimestamp - beginTimestamp) / 1000;
        int timeDiff = (int) Math.max(0, Math.min(Integer.MAX_VALUE, diff));
        int n = indexCount;
        IndexFileLayout.encodeEntry(buf, IndexFileLayout.entryPosition(slots, n), hash, phyOffset, timeDiff, head);
        buf.putInt(slotPos, n);
        if (n <= 1) {
            beginPhyOffset = phyOffset;
            beginTimestamp = storeTimestamp;
        }
        if (head == 0) {
            hashSlotCount++;
        }
        indexCount = n + 1;
        endPhyOffset = phyOffset;
        endTimestamp = storeTimestamp;
        writeHeader();
        return true;
    }

    private void writeHeader() {
        IndexFileLayout.encodeHeader(file.buffer(), new IndexFileLayout.Header(beginTimestamp, endTimestamp,
            beginPhyOffset, endPhyOffset, hashSlotCount, indexCount));
    }

    /** True if [begin, end] overlaps this file's time range. */
    public boolean overlaps(long begin, long end) {
        return begin <= endTimestamp && end >= beginTimestamp;
    }

    /** Adds physical offsets of entries matching the key's hash stored in [begin, end], newest first. */
    public void select(List<Long> out, String key, int maxNum, long begin, long end) {
        ByteBuffer buf = file.buffer();
        int hash = IndexFileLayout.keyHash(key);
        int slot = hash % slots;
        int count = indexCount;
        int cur = buf.getInt(IndexFileLayout.slotPosition(slot));
        if (cur <= 0 || cur > count || count <= 1) {
            return;
        }
        int guard = 0;
        while (out.size() < maxNum && guard++ < count) {
            int at = IndexFileLayout.entryPosition(slots, cur);
            int h = buf.getInt(at + IndexFileLayout.ENTRY_KEY_HASH);
            long phy = buf.getLong(at + IndexFileLayout.ENTRY_PHY_OFFSET);
            long time = beginTimestamp + buf.getInt(at + IndexFileLayout.ENTRY_TIME_DIFF) * 1000L;
            int prev = buf.getInt(at + IndexFileLayout.ENTRY_PREV);
            if (h == hash && time >= begin && time <= end) {
                out.add(phy);
            }
            if (prev <= 0 || prev > count || prev == cur || time < begin) {
                break;
            }
            cur = prev;
        }
    }

    public void flush() {
        writeHeader();
        file.force(0, file.size());
    }

    public void close() {
        file.close();
    }

    /** Unlinks the file; a query still walking it keeps a valid mapping, freed by the garbage collector. */
    public void delete() {
        file.delete();
        file.closeKeepingMapping();
    }
}
