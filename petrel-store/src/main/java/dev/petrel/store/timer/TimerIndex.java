package dev.petrel.store.timer;

import dev.petrel.store.file.StoreFile;
import dev.petrel.store.file.StoreFileFactory;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;

/**
 * The persisted timing structure: the timer log (entries chained per slot), the slot ring and the checkpoint, in
 * {@code <storePathRootDir>/timer/}. It knows slots and entries, not messages or clocks.
 *
 * <p>Crash safety rests on one order of writes, {@link #checkpoint}: force the log, then write and force the changed
 * slots, then write the checkpoint. So every slot head on disk points at a durable entry, and the checkpoint's log end
 * marks a consistent state. {@link #open} restores exactly that state: heads beyond the log end are walked back along
 * their (durable) chains, and the log is cut there.
 *
 * <p>Threading: the timer thread only.
 */
final class TimerIndex {

    private static final Logger LOG = LoggerFactory.getLogger(TimerIndex.class);

    private final Path dir;
    private final TimerConfig.Settings settings;
    private final StoreFileFactory files;
    private TimerLog log;
    private TimerSlots slots;
    private StoreFile checkpointFile;
    private long sequence;

    TimerIndex(Path dir, TimerConfig.Settings settings, StoreFileFactory files) {
        this.dir = dir;
        this.settings = settings;
        this.files = files;
    }

    /**
     * Opens the files and recovers the state of the last checkpoint. Returns it, or null for a new index (no valid
     * checkpoint: any files are discarded, since nothing in them was ever recorded as durable). After a change of
     * slot geometry with nothing pending, the index starts empty but keeps the recorded progress.
     */
    TimerCheckpointLayout.Values open() {
        try {
            Files.createDirectories(dir);
            checkpointFile = files.open(dir.resolve("checkpoint"), TimerCheckpointLayout.FILE_SIZE);
            TimerCheckpointLayout.Values cp = TimerCheckpointLayout.decode(checkpointFile.buffer());
            boolean fresh = cp == null;
            if (cp != null && (cp.precisionMs() != settings.precisionMs() || cp.ringSlots() != settings.ringSlots())) {
                refuseGeometryChange(cp);
                long d = Math.floorDiv(cp.deliveredUpTo(), settings.precisionMs()) * settings.precisionMs();
                cp = new TimerCheckpointLayout.Values(cp.sequence(), cp.enqueuedOffset(), d, 0, cp.scanFrom(),
                    settings.precisionMs(), settings.ringSlots());
                fresh = true;
            }
            if (fresh) {
                deleteQuietly(dir.resolve("slots"));
                deleteTree(dir.resolve("log"));
            }
            log = new TimerLog(dir.resolve("log"), settings.logFileSize(), files);
            log.load();
            slots = TimerSlots.open(dir.resolve("slots"), settings.ringSlots(), settings.precisionMs(), files);
            if (cp == null) {
                log.truncate(0);
                return null;
            }
            sequence = cp.sequence();
            if (!fresh) {
                rewindBeyond(cp.logEnd());
            }
            log.truncate(cp.logEnd());
            return cp;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot open the timer index in " + dir, e);
        }
    }

    /**
     * The slot geometry changed: the existing index cannot be read with the new one. Fine when nothing is pending;
     * otherwise the operator must decide.
     */
    private void refuseGeometryChange(TimerCheckpointLayout.Values cp) throws IOException {
        Path slotFile = dir.resolve("slots");
        long pending = 0;
        if (Files.exists(slotFile)) {
            TimerSlots old = TimerSlots.open(slotFile, cp.ringSlots(), cp.precisionMs(), files);
            pending = old.entriesFrom(cp.deliveredUpTo());
            old.close();
        }
        if (pending > 0) {
            throw new IllegalStateException("the timer index in " + dir + " was built with timerPrecisionMs="
                + cp.precisionMs() + " and a ring of " + cp.ringSlots() + " slots (timerRollWindowSlot), and holds "
                + pending + " pending entries; the configuration now says timerPrecisionMs=" + settings.precisionMs()
                + " and " + settings.ringSlots() + " slots. Start with the old values until the pending timer messages "
                + "are delivered, or delete " + dir + " to drop them");
        }
        LOG.info("timer slot geometry changed (precision {} -> {} ms, ring {} -> {} slots) with nothing pending; "
            + "starting a new timer index", cp.precisionMs(), settings.precisionMs(), cp.ringSlots(), settings.ringSlots());
    }

    /** Recovery: every head at or beyond {@code logEnd} is moved back along its chain to the first entry before it. */
    private void rewindBeyond(long logEnd) {
        int rewound = 0;
        for (int i = 0; i < slots.ring(); i++) {
            if (slots.rawCount(i) == 0 || slots.rawLastPos(i) < logEnd) {
                continue;
            }
            long pos = slots.rawLastPos(i);
            int dropped = 0;
            while (pos >= logEnd) {
                TimerLogLayout.Entry e = log.read(pos);
                if (e == null) {
                    // Cannot happen with the write order above; if the disk lied, this slot's older entries are lost.
                    LOG.error("timer slot {} (time {}) points at an unreadable entry at {}; dropping the slot", i,
                        slots.rawTime(i), pos);
                    pos = -1;
                    break;
                }
                pos = e.prev();
                dropped++;
            }
            slots.rewind(i, pos, dropped);
            rewound++;
        }
        if (rewound > 0) {
            LOG.info("timer recovery moved {} slot heads back to the checkpoint", rewound);
        }
    }

    TimerSlots slots() {
        return slots;
    }

    /** Appends an entry to slot {@code slotTime}'s chain; returns its position. */
    long link(long slotTime, long recordOffset, int size, long dueMs, int kind) {
        long pos = log.append(slots.lastPos(slotTime), recordOffset, size, dueMs, kind);
        slots.linked(slotTime, pos, recordOffset, kind == TimerLogLayout.KIND_CANCEL);
        return pos;
    }

    TimerLogLayout.Entry read(long position) {
        return log.read(position);
    }

    long logEnd() {
        return log.end();
    }

    /** Writes a checkpoint: log forced, changed slots written and forced, then the progress record. */
    void checkpoint(long enqueuedOffset, long deliveredUpTo, long scanFrom) {
        long end = log.end();
        log.force();
        slots.persistDirty();
        sequence++;
        int copy = (int) (sequence & 1);
        TimerCheckpointLayout.encode(checkpointFile.buffer(), copy, new TimerCheckpointLayout.Values(sequence,
            enqueuedOffset, deliveredUpTo, end, scanFrom, settings.precisionMs(), settings.ringSlots()));
        int at = TimerCheckpointLayout.COPY_OFFSETS[copy];
        checkpointFile.force(at, at + TimerCheckpointLayout.COPY_SIZE);
    }

    /** Deletes timer-log files wholly below {@code position}. */
    int deleteLogBelow(long position) {
        return log.deleteBelow(position);
    }

    long logStart() {
        return log.start();
    }

    void close() {
        if (log != null) {
            log.close();
        }
        if (slots != null) {
            slots.close();
        }
        if (checkpointFile != null) {
            checkpointFile.close();
        }
    }

    private static void deleteQuietly(Path p) throws IOException {
        Files.deleteIfExists(p);
    }

    private static void deleteTree(Path p) throws IOException {
        if (!Files.exists(p)) {
            return;
        }
        try (Stream<Path> walk = Files.walk(p)) {
            for (Path q : walk.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(q);
            }
        }
    }
}
