package dev.petrel.store.timer;

import dev.petrel.store.file.StoreFile;
import dev.petrel.store.file.StoreFileFactory;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.BitSet;

/**
 * The slot ring: for each of {@code ringSlots} slots of {@code precisionMs}, the head of its chain in the timer log.
 * The live state is held in plain arrays (about 29 bytes a slot, whatever the number of pending messages); the slot
 * file {@code timer/slots} ({@link TimerSlotLayout}) receives the slots changed since the last checkpoint when the
 * checkpoint is written, after the timer log is forced, so every head on disk points at durable entries.
 *
 * <p>Threading: the timer thread is the only writer; other threads may read counts (flow control, metrics) and see
 * slightly stale values.
 */
final class TimerSlots {

    private final int ring;
    private final int precisionMs;
    private final StoreFile file;
    private final long[] timeMs;
    private final long[] lastPos;
    private final long[] minRecordOffset;
    private final int[] count;
    private final byte[] flags;
    private final BitSet dirty;

    private TimerSlots(int ring, int precisionMs, StoreFile file) {
        this.ring = ring;
        this.precisionMs = precisionMs;
        this.file = file;
        this.timeMs = new long[ring];
        this.lastPos = new long[ring];
        this.minRecordOffset = new long[ring];
        this.count = new int[ring];
        this.flags = new byte[ring];
        this.dirty = new BitSet(ring);
        java.util.Arrays.fill(timeMs, Long.MIN_VALUE);
        java.util.Arrays.fill(lastPos, -1);
        java.util.Arrays.fill(minRecordOffset, Long.MAX_VALUE);
    }

    /**
     * Opens (or creates) the slot file and loads it. A file of another size (ring changed) is not loaded; the caller
     * decides what that means ({@link #loadedFromDisk()}).
     */
    static TimerSlots open(Path path, int ring, int precisionMs, StoreFileFactory files) throws IOException {
        long size = (long) ring * TimerSlotLayout.SLOT_SIZE;
        boolean exists = Files.exists(path);
        if (exists && Files.size(path) != size) {
            throw new IOException("timer slot file " + path + " has " + Files.size(path) + " bytes, but " + ring
                + " slots need " + size);
        }
        TimerSlots slots = new TimerSlots(ring, precisionMs, files.open(path, (int) size));
        if (exists) {
            slots.loadAll();
        }
        return slots;
    }

    private void loadAll() {
        ByteBuffer buf = file.buffer();
        for (int i = 0; i < ring; i++) {
            TimerSlotLayout.Slot s = TimerSlotLayout.decode(buf, i);
            if (s.count() > 0 && s.lastPos() >= 0) {
                timeMs[i] = s.timeMs();
                lastPos[i] = s.lastPos();
                minRecordOffset[i] = s.minRecordOffset();
                count[i] = s.count();
                flags[i] = (byte) s.flags();
            }
        }
    }

    int ring() {
        return ring;
    }

    int index(long slotTime) {
        return (int) Math.floorMod(slotTime / precisionMs, (long) ring);
    }

    /** Whether slot {@code slotTime} has entries. */
    boolean isEmpty(long slotTime) {
        int i = index(slotTime);
        return timeMs[i] != slotTime || count[i] == 0;
    }

    /** Time of whatever occupies the ring position of {@code slotTime} (Long.MIN_VALUE when never used). */
    long occupant(long slotTime) {
        int i = index(slotTime);
        return count[i] == 0 ? Long.MIN_VALUE : timeMs[i];
    }

    long lastPos(long slotTime) {
        int i = index(slotTime);
        return timeMs[i] == slotTime ? lastPos[i] : -1;
    }

    int count(long slotTime) {
        int i = index(slotTime);
        return timeMs[i] == slotTime ? count[i] : 0;
    }

    boolean hasCancels(long slotTime) {
        int i = index(slotTime);
        return timeMs[i] == slotTime && (flags[i] & TimerSlotLayout.FLAG_HAS_CANCELS) != 0;
    }

    /** Records a new head of slot {@code slotTime} (resetting the ring position if it held another time). */
    void linked(long slotTime, long position, long recordOffset, boolean cancel) {
        int i = index(slotTime);
        if (timeMs[i] != slotTime) {
            timeMs[i] = slotTime;
            count[i] = 0;
            flags[i] = 0;
            minRecordOffset[i] = Long.MAX_VALUE;
        }
        lastPos[i] = position;
        count[i]++;
        minRecordOffset[i] = Math.min(minRecordOffset[i], recordOffset);
        if (cancel) {
            flags[i] |= TimerSlotLayout.FLAG_HAS_CANCELS;
        }
        dirty.set(i);
    }

    /**
     * Recovery: the head of ring position {@code i} is moved back to {@code position} (an entry before the recovered
     * log end), dropping {@code dropped} entries; -1 empties the slot.
     */
    void rewind(int i, long position, int dropped) {
        lastPos[i] = position;
        count[i] = Math.max(0, count[i] - dropped);
        if (position < 0 || count[i] == 0) {
            count[i] = 0;
            lastPos[i] = -1;
        }
        dirty.set(i);
    }

    long rawTime(int i) {
        return timeMs[i];
    }

    long rawLastPos(int i) {
        return lastPos[i];
    }

    int rawCount(int i) {
        return count[i];
    }

    /** Lowest record offset among slots starting at or after {@code fromSlotTime}; Long.MAX_VALUE when none. */
    long minRecordOffsetFrom(long fromSlotTime) {
        long min = Long.MAX_VALUE;
        for (int i = 0; i < ring; i++) {
            if (count[i] > 0 && timeMs[i] >= fromSlotTime) {
                min = Math.min(min, minRecordOffset[i]);
            }
        }
        return min;
    }

    /** Entries in slots starting at or after {@code fromSlotTime}. */
    long entriesFrom(long fromSlotTime) {
        long n = 0;
        for (int i = 0; i < ring; i++) {
            if (count[i] > 0 && timeMs[i] >= fromSlotTime) {
                n += count[i];
            }
        }
        return n;
    }

    /** Writes the slots changed since the last call to the file and forces them. */
    void persistDirty() {
        ByteBuffer buf = file.buffer();
        int lo = Integer.MAX_VALUE;
        int hi = -1;
        for (int i = dirty.nextSetBit(0); i >= 0; i = dirty.nextSetBit(i + 1)) {
            TimerSlotLayout.encode(buf, i, timeMs[i], lastPos[i], minRecordOffset[i], count[i], flags[i]);
            lo = Math.min(lo, i);
            hi = i;
        }
        dirty.clear();
        if (hi >= 0) {
            file.force(lo * TimerSlotLayout.SLOT_SIZE, (hi + 1) * TimerSlotLayout.SLOT_SIZE);
        }
    }

    /** Empties every slot (the index is rebuilt from scratch). */
    void clear() {
        java.util.Arrays.fill(timeMs, Long.MIN_VALUE);
        java.util.Arrays.fill(lastPos, -1);
        java.util.Arrays.fill(minRecordOffset, Long.MAX_VALUE);
        java.util.Arrays.fill(count, 0);
        java.util.Arrays.fill(flags, (byte) 0);
        dirty.set(0, ring);
    }

    void close() {
        file.close();
    }
}
