package dev.petrel.store.consumequeue;

import dev.petrel.store.file.Segment;
import dev.petrel.store.file.SegmentedLog;
import dev.petrel.store.file.SelectedBytes;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.List;

/**
 * The ConsumeQueue of one (topic, queueId): 20-byte entries, entry {@code q} at byte {@code q * 20}, in files of
 * {@code mappedFileSizeConsumeQueue} bytes named by their first byte offset.
 *
 * <p>Threading: the dispatch thread is the single writer ({@link #put}, {@link #deleteExpired}); recovery runs
 * before it starts. The logic-flush loop forces. Readers use {@link #select} and the bounds without locking.
 */
public final class ConsumeQueue {

    private final String topic;
    private final int queueId;
    private final SegmentedLog log;
    /** Byte offset of the first usable entry. */
    private volatile long minLogicOffset;
    /** End (offset + size) of the last entry's record; -1 while empty. */
    private volatile long maxPhysicOffset = -1;

    public ConsumeQueue(String topic, int queueId, SegmentedLog log) {
        this.topic = topic;
        this.queueId = queueId;
        this.log = log;
    }

    public String topic() {
        return topic;
    }

    public int queueId() {
        return queueId;
    }

    public SegmentedLog log() {
        return log;
    }

    public void load() throws IOException {
        log.load();
    }

    /**
     * Finds the end of the valid entries and drops what follows. Returns the end of the last entry's record
     * ({@link #maxPhysicOffset()}).
     *
     * <p>Entries are checked from the third-last file (RocketMQ's rule for a clean shutdown), or, after a crash,
     * from the last file whose first entry points below {@code verifyFromPhysicalOffset}: entries before that
     * offset are vouched for by the checkpoint, later ones may be missing (never forced) and must be verified.
     */
    public long recover(long verifyFromPhysicalOffset) {
        List<Segment> segs = log.segments();
        if (segs.isEmpty()) {
            return -1;
        }
        int from = Math.max(0, segs.size() - 3);
        while (from > 0 && !startsBelow(segs.get(from), verifyFromPhysicalOffset)) {
            from--;
        }
        long end = segs.get(from).startOffset();
        long lastEnd = -1;
        scan:
        for (int i = from; i < segs.size(); i++) {
            Segment s = segs.get(i);
            ByteBuffer b = s.file().buffer();
            for (int p = 0; p + ConsumeQueueLayout.ENTRY_SIZE <= s.size(); p += ConsumeQueueLayout.ENTRY_SIZE) {
                long phys = ConsumeQueueLayout.physicalOffset(b, p);
                int size = ConsumeQueueLayout.size(b, p);
                if (!ConsumeQueueLayout.isValid(phys, size)) {
                    end = s.startOffset() + p;
                    break scan;
                }
                if (!ConsumeQueueLayout.isBlank(phys, size)) {
                    lastEnd = phys + size;
                }
                end = s.startOffset() + p + ConsumeQueueLayout.ENTRY_SIZE;
            }
        }
        log.truncateFrom(end);
        log.setFlushedWhere(end);
        minLogicOffset = log.minOffset();
        maxPhysicOffset = lastEnd >= 0 ? lastEnd : lastEntryEnd(); // the scanned files may hold no entry at all
        return maxPhysicOffset;
    }

    private static boolean startsBelow(Segment s, long physicalOffset) {
        ByteBuffer b = s.file().buffer();
        long phys = ConsumeQueueLayout.physicalOffset(b, 0);
        int size = ConsumeQueueLayout.size(b, 0);
        return ConsumeQueueLayout.isValid(phys, size) && !ConsumeQueueLayout.isBlank(phys, size) && phys < physicalOffset;
    }

    /**
     * Writes the entry for {@code queueOffset} (dispatch thread). Entries whose record ends at or before the last
     * entry's are duplicates of a re-dispatch and ignored; a gap before the offset is filled with blank entries so
     * that entry {@code q} always sits at {@code q * 20}.
     */
    public void put(long queueOffset, long physicalOffset, int size, long tagCode) {
        if (physicalOffset + size <= maxPhysicOffset) {
            return;
        }
        long expected = queueOffset * ConsumeQueueLayout.ENTRY_SIZE;
        if (log.isEmpty()) {
            Segment first = log.lastForAppend(expected);
            minLogicOffset = expected;
            fillBlanks(first, (int) (expected - first.startOffset()));
        }
        long current = log.maxOffset();
        if (expected < current) {
            return; // an offset already written: an older duplicate
        }
        while (current < expected) { // a gap: keep entry q at q * 20
            Segment s = log.lastForAppend(current);
            int pos = s.wrote();
            int upTo = (int) Math.min(s.size(), expected - s.startOffset());
            fillBlanks(s, upTo);
            current = s.startOffset() + Math.max(pos, upTo);
        }
        Segment s = log.lastForAppend(expected);
        int pos = s.wrote();
        ConsumeQueueLayout.encode(s.appendBuffer(), pos, physicalOffset, size, tagCode);
        s.advanceWrote(pos + ConsumeQueueLayout.ENTRY_SIZE);
        maxPhysicOffset = physicalOffset + size;
    }

    private static void fillBlanks(Segment s, int upTo) {
        ByteBuffer b = s.appendBuffer();
        int p = s.wrote();
        for (; p < upTo; p += ConsumeQueueLayout.ENTRY_SIZE) {
            ConsumeQueueLayout.encodeBlank(b, p);
        }
        s.advanceWrote(Math.max(s.wrote(), upTo));
    }

    public long minOffset() {
        return minLogicOffset / ConsumeQueueLayout.ENTRY_SIZE;
    }

    /** Next queue offset to be written (number of entries, counting deleted ones). */
    public long maxOffset() {
        return log.committedOffset() / ConsumeQueueLayout.ENTRY_SIZE;
    }

    public long maxPhysicOffset() {
        return maxPhysicOffset;
    }

    /** Entries from {@code queueOffset} to the end of its file's written part (retained), or null. */
    public SelectedBytes select(long queueOffset) {
        long at = queueOffset * ConsumeQueueLayout.ENTRY_SIZE;
        if (at < minLogicOffset) {
            return null;
        }
        return log.select(at, Integer.MAX_VALUE);
    }

    /** The entry at a queue offset, or null. */
    public Entry entry(long queueOffset) {
        SelectedBytes b = log.select(queueOffset * ConsumeQueueLayout.ENTRY_SIZE, ConsumeQueueLayout.ENTRY_SIZE);
        if (b == null) {
            return null;
        }
        try {
            if (b.size() < ConsumeQueueLayout.ENTRY_SIZE) {
                return null;
            }
            ByteBuffer e = b.buffer();
            return new Entry(ConsumeQueueLayout.physicalOffset(e, 0), ConsumeQueueLayout.size(e, 0),
                ConsumeQueueLayout.tagCode(e, 0));
        } finally {
            b.release();
        }
    }

    /** Start of the file after the one holding {@code queueOffset}, as a queue offset. */
    public long rollNextFile(long queueOffset) {
        int perFile = log.segmentSize() / ConsumeQueueLayout.ENTRY_SIZE;
        return queueOffset + perFile - queueOffset % perFile;
    }

    /** Drops every entry whose record starts at or after {@code physicalOffset} (recovery). */
    public void truncateDirty(long physicalOffset) {
        List<Segment> segs = log.segments();
        for (int i = segs.size() - 1; i >= 0; i--) {
            Segment s = segs.get(i);
            ByteBuffer b = s.file().buffer();
            int cut = -1;
            for (int p = 0; p + ConsumeQueueLayout.ENTRY_SIZE <= s.wrote(); p += ConsumeQueueLayout.ENTRY_SIZE) {
                long phys = ConsumeQueueLayout.physicalOffset(b, p);
                int size = ConsumeQueueLayout.size(b, p);
                if (!ConsumeQueueLayout.isBlank(phys, size) && phys >= physicalOffset) {
                    cut = p;
                    break;
                }
            }
            if (cut < 0) {
                if (s.wrote() == 0) {
                    continue; // an empty last file says nothing; look at the one before
                }
                break;
            }
            log.truncateFrom(s.startOffset() + cut);
            if (cut > 0) {
                break;
            }
        }
        log.setFlushedWhere(Math.min(log.flushedWhere(), log.maxOffset()));
        maxPhysicOffset = lastEntryEnd();
    }

    private long lastEntryEnd() {
        long end = log.maxOffset();
        for (long at = end - ConsumeQueueLayout.ENTRY_SIZE; at >= log.minOffset(); at -= ConsumeQueueLayout.ENTRY_SIZE) {
            Segment s = log.segmentFor(at);
            if (s == null) {
                return -1;
            }
            int p = (int) (at - s.startOffset());
            long phys = ConsumeQueueLayout.physicalOffset(s.file().buffer(), p);
            int size = ConsumeQueueLayout.size(s.file().buffer(), p);
            if (!ConsumeQueueLayout.isBlank(phys, size)) {
                return phys + size;
            }
        }
        return -1;
    }

    /**
     * Deletes files whose every entry points below {@code commitLogMinOffset} (never the last file) and moves the
     * min offset to the first entry at or above it. Returns the number of files deleted.
     */
    public int deleteExpired(long commitLogMinOffset) {
        int deleted = log.deleteLeading(s -> {
            int lastAt = s.wrote() - ConsumeQueueLayout.ENTRY_SIZE;
            if (lastAt < 0 || s.wrote() < s.size()) {
                return false;
            }
            ByteBuffer b = s.file().buffer();
            long phys = ConsumeQueueLayout.physicalOffset(b, lastAt);
            return phys < commitLogMinOffset;
        }, Integer.MAX_VALUE);
        correctMinOffset(commitLogMinOffset);
        return deleted;
    }

    /** Moves the min offset to the first entry whose record is at or after {@code commitLogMinOffset}. */
    public void correctMinOffset(long commitLogMinOffset) {
        Segment s = log.first();
        if (s == null) {
            return;
        }
        long min = Math.max(minLogicOffset, s.startOffset());
        ByteBuffer b = s.file().buffer();
        for (int p = (int) (min - s.startOffset()); p + ConsumeQueueLayout.ENTRY_SIZE <= s.wrote();
             p += ConsumeQueueLayout.ENTRY_SIZE) {
            long phys = ConsumeQueueLayout.physicalOffset(b, p);
            int size = ConsumeQueueLayout.size(b, p);
            if (!ConsumeQueueLayout.isBlank(phys, size) && phys >= commitLogMinOffset) {
                minLogicOffset = s.startOffset() + p;
                return;
            }
            min = s.startOffset() + p + ConsumeQueueLayout.ENTRY_SIZE;
        }
        minLogicOffset = min;
    }

    public void flush(int leastPages) {
        log.flush(leastPages);
    }

    public void close() {
        log.close();
    }

    public void destroy() {
        log.destroy();
    }

    /** One decoded entry. */
    public record Entry(long physicalOffset, int size, long tagCode) {
    }
}
