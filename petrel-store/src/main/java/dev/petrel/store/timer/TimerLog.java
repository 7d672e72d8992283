package dev.petrel.store.timer;

import dev.petrel.store.file.Segment;
import dev.petrel.store.file.SegmentedLog;
import dev.petrel.store.file.StoreFileFactory;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

/**
 * The timer log: {@link TimerLogLayout} entries appended back to back into fixed-size files named by their first
 * position ({@code timer/log/00000000000000000000}, ...). Positions are continuous across files; the file size is a
 * multiple of 32, so an entry never spans two files.
 *
 * <p>Threading: the timer thread is the only reader and writer (appends, reads, forces, truncation, deletion).
 */
final class TimerLog {

    private final SegmentedLog log;
    private final Path dir;
    private final int fileSize;

    TimerLog(Path dir, int fileSize, StoreFileFactory files) {
        if (fileSize % TimerLogLayout.ENTRY_SIZE != 0) {
            throw new IllegalArgumentException("timer log file size " + fileSize + " is not a multiple of "
                + TimerLogLayout.ENTRY_SIZE);
        }
        this.log = new SegmentedLog(dir, fileSize, files);
        this.dir = dir;
        this.fileSize = fileSize;
    }

    /** Opens the existing files; then {@link #truncate} sets the end from the checkpoint. */
    void load() throws IOException {
        padShortFiles();
        log.load();
    }

    /**
     * A file cut short (a file system that lost the tail in a crash, or a crash between a file's creation and its
     * sizing: 0 bytes) is padded with zeros to its full size: zeros are never a valid entry, so the cut entries read
     * as absent and recovery truncates to the checkpoint as usual, whichever file of the log was cut.
     */
    private void padShortFiles() throws IOException {
        if (!Files.isDirectory(dir)) {
            return;
        }
        try (Stream<Path> s = Files.list(dir)) {
            for (Path p : s.filter(f -> f.getFileName().toString().matches("\\d{20}")).toList()) {
                long size = Files.size(p);
                if (size < fileSize) {
                    try (RandomAccessFile f = new RandomAccessFile(p.toFile(), "rw")) {
                        f.setLength(fileSize);
                    }
                }
            }
        }
    }

    /** Appends one entry; returns its position. */
    long append(long prev, long recordOffset, int size, long dueMs, int kind) {
        Segment s = log.lastForAppend(0);
        int at = s.wrote();
        TimerLogLayout.encode(s.appendBuffer(), at, prev, recordOffset, size, dueMs, kind);
        s.advanceWrote(at + TimerLogLayout.ENTRY_SIZE);
        return s.startOffset() + at;
    }

    /** The entry at {@code position}, or null if no file holds it or the bytes are not an entry. */
    TimerLogLayout.Entry read(long position) {
        // a position from a damaged slot or entry may point anywhere: only whole entries below the end are read
        if (position < 0 || position % TimerLogLayout.ENTRY_SIZE != 0 || position >= end()) {
            return null;
        }
        Segment s = log.segmentFor(position);
        if (s == null) {
            return null;
        }
        int at = (int) (position - s.startOffset());
        TimerLogLayout.Entry e = TimerLogLayout.decode(s.file().buffer(), at, position);
        return TimerLogLayout.isValid(e) ? e : null;
    }

    /** Position after the last entry. */
    long end() {
        return log.isEmpty() ? 0 : log.maxOffset();
    }

    /** First position still on disk. */
    long start() {
        return log.minOffset();
    }

    /** Forces everything appended so far. */
    void force() {
        log.flush(0);
    }

    /**
     * Recovery: entries at and after {@code position} are dropped and their bytes zeroed (so a later recovery never
     * reads them as entries); a position before the first file (everything was deleted) starts a new file there.
     */
    void truncate(long position) {
        if (log.isEmpty()) {
            if (position > 0) {
                log.create(position - position % log.segmentSize()).resetPositions((int) (position % log.segmentSize()));
            }
            log.setFlushedWhere(position);
            return;
        }
        if (position >= log.maxOffset()) {
            // files end before the checkpoint (deleted tail or an empty last file removed at load)
            Segment last = log.last();
            if (position >= last.endOffset()) {
                log.create(position - position % log.segmentSize()).resetPositions((int) (position % log.segmentSize()));
            } else {
                last.resetPositions((int) (position - last.startOffset()));
            }
        }
        log.truncateFrom(position);
        log.zeroTail(position);
        log.setFlushedWhere(position);
    }

    /** Deletes leading files that end at or before {@code position}; never the last one. */
    int deleteBelow(long position) {
        return log.deleteLeading(s -> s.endOffset() <= position, Integer.MAX_VALUE);
    }

    int fileSize() {
        return log.segmentSize();
    }

    void close() {
        log.close();
    }
}
