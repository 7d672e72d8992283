package dev.petrel.store.raft;

import dev.petrel.store.file.StoreFile;
import dev.petrel.store.file.StoreFileFactory;
import dev.petrel.store.raft.RaftIndexLayout.Entry;
import dev.petrel.store.raft.RaftIndexLayout.Header;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * The raft index of DLedger mode: for every Raft log entry, where its bytes lie in the CommitLog and its term
 * ({@link RaftIndexLayout}). The CommitLog itself is the log's payload, so {@code read(index)} is "look up the record,
 * read that CommitLog range" and {@link #termAt} is one memory read, both O(1).
 *
 * <p>Files: fixed-size mapped segments of {@code recordsPerSegment} records under one directory (advised
 * {@code <storePathRootDir>/raft/index}), named by their first index. Entries are contiguous in the CommitLog, so the
 * index also knows the CommitLog offset where the next entry goes ({@link #endOffset()}).
 *
 * <p>Durability: writes are visible at once and durable after {@link #flush()}, which forces every range changed since
 * the last flush (appended records, and records zeroed by a truncation, so a truncated tail cannot come back after a
 * crash). {@link #durableIndex()} is the last index covered by a flush.
 *
 * <p>Recovery ({@link #open}): the last segment is scanned from its start; the index ends at the first slot that is
 * empty, torn (bad CRC), or does not continue the previous entry (offset, non-decreasing term). The rest of that
 * segment is zeroed and a newest segment whose header is damaged (a crash while it was being created) is deleted.
 * Whatever survives is forced at once, so after open {@code durableIndex() == lastIndex()}. The caller then
 * cross-checks against the CommitLog with {@link #truncateToOffset}.
 *
 * <p>Threading: one writer and reader thread, the Raft loop that owns the log; not thread-safe.
 */
public final class RaftIndexFile implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(RaftIndexFile.class);

    private final Path dir;
    private final int recordsPerSegment;
    private final int segmentBytes;
    private final StoreFileFactory files;
    private final List<Segment> segments = new ArrayList<>();
    /** CommitLog offset of entry 1 when the index holds no segment yet. */
    private final long baseOffset;

    private long lastIndex;
    private long lastTerm;
    private long endOffset;
    private long durableIndex;

    private RaftIndexFile(Path dir, int recordsPerSegment, StoreFileFactory files, long baseOffset) {
        if (recordsPerSegment < 1 || (long) recordsPerSegment * RaftIndexLayout.RECORD_SIZE
            > Integer.MAX_VALUE - RaftIndexLayout.HEADER_SIZE) {
            throw new IllegalArgumentException("records per raft index segment must be in 1.."
                + (Integer.MAX_VALUE - RaftIndexLayout.HEADER_SIZE) / RaftIndexLayout.RECORD_SIZE + ", got " + recordsPerSegment);
        }
        this.dir = dir;
        this.recordsPerSegment = recordsPerSegment;
        this.segmentBytes = RaftIndexLayout.HEADER_SIZE + recordsPerSegment * RaftIndexLayout.RECORD_SIZE;
        this.files = files;
        this.baseOffset = baseOffset;
    }

    /**
     * Opens (recovering) or creates the index in {@code dir}.
     *
     * @param recordsPerSegment records per segment file; must be the same every time a directory is opened
     * @param baseOffset        CommitLog offset where entry 1 begins if the directory is new (0 for a new store; the
     *                          CommitLog's end when an existing classic store turns to DLedger mode)
     * @throws IOException the directory cannot be read, or its files are not a raft index of this segment size
     */
    public static RaftIndexFile open(Path dir, int recordsPerSegment, long baseOffset, StoreFileFactory files)
        throws IOException {
        RaftIndexFile f = new RaftIndexFile(dir, recordsPerSegment, files, baseOffset);
        Files.createDirectories(dir);
        f.recover();
        return f;
    }

    // ---------------------------------------------------------------------------------------------------------------
    // Reads

    /** Index of the first entry held; {@code lastIndex() + 1} when empty. */
    public long firstIndex() {
        return segments.isEmpty() ? 1 : segments.get(0).header.firstIndex();
    }

    /** Index of the last entry, {@code firstIndex() - 1} when empty (0 for a new index). */
    public long lastIndex() {
        return lastIndex;
    }

    /** CommitLog offset where the next entry's bytes go: the end of the last entry. */
    public long endOffset() {
        return endOffset;
    }

    /** CommitLog offset where entry {@link #firstIndex()} begins. */
    public long startOffset() {
        return segments.isEmpty() ? baseOffset : segments.get(0).header.startOffset();
    }

    /**
     * The term of entry {@code index}: 0 for index 0, the real term from {@code firstIndex() - 1} (kept in the first
     * segment's header) to {@link #lastIndex()}, -1 outside.
     */
    public long termAt(long index) {
        if (index == 0) {
            return 0;
        }
        if (index == lastIndex) {
            return lastTerm;
        }
        if (index == firstIndex() - 1) {
            return segments.isEmpty() ? 0 : segments.get(0).header.prevTerm();
        }
        Entry e = entry(index);
        return e == null ? -1 : e.term();
    }

    /** The record of entry {@code index}, or null outside [{@link #firstIndex()}, {@link #lastIndex()}]. */
    public Entry entry(long index) {
        if (index < firstIndex() || index > lastIndex) {
            return null;
        }
        Segment s = segmentFor(index);
        Entry e = RaftIndexLayout.decodeEntry(s.at(index), index);
        if (e == null) {
            throw new IllegalStateException("raft index record " + index + " in " + s.file.path()
                + " does not validate although recovery accepted it: the file was changed underneath");
        }
        return e;
    }

    public long durableIndex() {
        return durableIndex;
    }

    // ---------------------------------------------------------------------------------------------------------------
    // Writes

    /**
     * Records entry {@code lastIndex() + 1}: {@code size} bytes at {@link #endOffset()} written by a leader of
     * {@code term}. Returns its index.
     */
    public long append(long term, int size) {
        if (size < 0) {
            throw new IllegalArgumentException("entry size must be >= 0, got " + size);
        }
        if (term < 1 || term < lastTerm) {
            throw new IllegalArgumentException("entry term " + term + " is below the last entry's term " + lastTerm
                + " (terms never decrease along the log)");
        }
        long index = lastIndex + 1;
        Segment s = segments.isEmpty() ? null : segments.get(segments.size() - 1);
        if (s == null || index >= s.header.firstIndex() + recordsPerSegment) {
            s = createSegment(new Header(index, lastTerm, endOffset));
        }
        ByteBuffer slot = s.at(index);
        RaftIndexLayout.encodeEntry(slot, index, new Entry(endOffset, size, term));
        s.dirty(slot.position(), slot.position() + RaftIndexLayout.RECORD_SIZE);
        lastIndex = index;
        lastTerm = term;
        endOffset += size;
        return index;
    }

    /**
     * Removes entries {@code index} and after (a follower's divergent, never committed tail); the caller cuts the
     * CommitLog at {@code entry(index).offset()}, which it must read first. Lowers {@link #durableIndex()} to at most
     * {@code index - 1}.
     *
     * @throws IllegalArgumentException {@code index} is below {@link #firstIndex()} (those entries are committed)
     */
    public void truncateFrom(long index) {
        if (index > lastIndex) {
            return;
        }
        if (index < firstIndex()) {
            throw new IllegalArgumentException("cannot truncate the raft index at " + index + ", below its first entry "
                + firstIndex() + ": deleted entries are committed");
        }
        Entry cut = entry(index);
        // Whole segments above the cut go; the first segment stays even when emptied, its header keeps the base.
        while (segments.size() > 1 && segments.get(segments.size() - 1).header.firstIndex() >= index) {
            Segment gone = segments.remove(segments.size() - 1);
            gone.file.delete();
            gone.file.close();
        }
        Segment s = segments.get(segments.size() - 1);
        long from = RaftIndexLayout.recordPosition(s.header.firstIndex(), index);
        long to = RaftIndexLayout.recordPosition(s.header.firstIndex(), Math.min(lastIndex + 1,
            s.header.firstIndex() + recordsPerSegment));
        zero(s, (int) from, (int) to);
        long newLast = index - 1;
        lastTerm = newLast == firstIndex() - 1 ? segments.get(0).header.prevTerm() : entry(newLast).term();
        lastIndex = newLast;
        endOffset = cut.offset();
        durableIndex = Math.min(durableIndex, lastIndex);
    }

    /**
     * Recovery's cross-check with the CommitLog: drops every entry whose bytes end beyond {@code commitLogEnd} (they
     * were lost in a crash). Returns how many entries were dropped.
     */
    public long truncateToOffset(long commitLogEnd) {
        if (endOffset <= commitLogEnd) {
            return 0;
        }
        long first = firstIndex();
        long i = lastIndex;
        while (i >= first && entry(i).endOffset() > commitLogEnd) {
            i--;
        }
        long dropped = lastIndex - i;
        if (i + 1 < first) {
            throw new IllegalStateException("the CommitLog ends at " + commitLogEnd + ", before the raft log's first entry"
                + " (offset " + startOffset() + "): its files were removed or truncated by hand");
        }
        truncateFrom(i + 1);
        return dropped;
    }

    /**
     * Deletes leading segments whose every entry is below {@code index} (committed and no longer needed, as the
     * CommitLog files they point into were deleted). The segment holding {@code index} and the last segment stay, so
     * {@link #firstIndex()} moves up to a segment start and {@code termAt(firstIndex() - 1)} still answers. Returns
     * the number of segments deleted.
     */
    public int deleteBefore(long index) {
        int deleted = 0;
        while (segments.size() > 1 && segments.get(1).header.firstIndex() <= index) {
            Segment gone = segments.remove(0);
            gone.file.delete();
            gone.file.close();
            deleted++;
        }
        return deleted;
    }

    /** Forces everything written or zeroed since the last flush; afterwards {@code durableIndex() == lastIndex()}. */
    public long flush() {
        for (Segment s : segments) {
            s.force();
        }
        durableIndex = lastIndex;
        return durableIndex;
    }

    @Override
    public void close() {
        flush();
        for (Segment s : segments) {
            s.file.close();
        }
        segments.clear();
    }

    @Override
    public String toString() {
        return "RaftIndexFile{" + dir + ", [" + firstIndex() + ", " + lastIndex + "], durable=" + durableIndex
            + ", offsets [" + startOffset() + ", " + endOffset + ")}";
    }

    // ---------------------------------------------------------------------------------------------------------------
    // Recovery and segments

    private void recover() throws IOException {
        List<Path> paths;
        try (Stream<Path> s = Files.list(dir)) {
            paths = s.filter(p -> p.getFileName().toString().matches("\\d{20}")).sorted().toList();
        }
        for (Path p : paths) {
            if (Files.size(p) != segmentBytes) {
                throw new IOException("raft index segment " + p + " has " + Files.size(p) + " bytes; expected "
                    + segmentBytes + " (" + recordsPerSegment + " records): was it written with another segment size?");
            }
            StoreFile f = files.open(p, segmentBytes);
            Header h = RaftIndexLayout.decodeHeader(f.buffer().duplicate().position(0));
            boolean newest = p.equals(paths.get(paths.size() - 1));
            if (h == null || h.firstIndex() != Long.parseLong(p.getFileName().toString())) {
                if (newest && !segments.isEmpty()) {
                    LOG.warn("raft index: newest segment {} has no valid header (a crash while creating it); deleted", p);
                    f.delete();
                    f.close();
                    break;
                }
                f.close();
                throw new IOException("raft index segment " + p + " has a damaged header; the index cannot be trusted "
                    + "(restore it or rebuild the node from a peer)");
            }
            if (!segments.isEmpty()) {
                Header prev = segments.get(segments.size() - 1).header;
                if (h.firstIndex() != prev.firstIndex() + recordsPerSegment) {
                    f.close();
                    throw new IOException("raft index segment " + p + " starts at entry " + h.firstIndex()
                        + " but the previous one ends before " + (prev.firstIndex() + recordsPerSegment)
                        + ": a segment is missing");
                }
            }
            segments.add(new Segment(f, h));
        }
        if (segments.isEmpty()) {
            lastIndex = 0;
            lastTerm = 0;
            endOffset = baseOffset;
            durableIndex = 0;
            return;
        }
        // Earlier segments were full when the next one was created. One that is not (its last record zeroed by a
        // truncation whose deletion of the later files did not become durable before a crash) ends the index.
        for (int i = 0; i < segments.size() - 1; i++) {
            Segment s = segments.get(i);
            Segment next = segments.get(i + 1);
            long last = next.header.firstIndex() - 1;
            Entry e = RaftIndexLayout.decodeEntry(s.at(last), last);
            if (e == null || e.endOffset() != next.header.startOffset() || e.term() != next.header.prevTerm()) {
                LOG.warn("raft index {}: segment {} does not run into {}; the later segments are a truncated tail and "
                    + "are deleted", dir, s.file.path().getFileName(), next.file.path().getFileName());
                while (segments.size() > i + 1) {
                    Segment gone = segments.remove(segments.size() - 1);
                    gone.file.delete();
                    gone.file.close();
                }
                break;
            }
        }
        Segment s = segments.get(segments.size() - 1);
        long index = s.header.firstIndex();
        long offset = s.header.startOffset();
        long term = s.header.prevTerm();
        long limit = s.header.firstIndex() + recordsPerSegment;
        while (index < limit) {
            Entry e = RaftIndexLayout.decodeEntry(s.at(index), index);
            if (e == null || e.offset() != offset || e.term() < term) {
                break;
            }
            offset = e.endOffset();
            term = e.term();
            index++;
        }
        lastIndex = index - 1;
        lastTerm = term;
        endOffset = offset;
        int from = (int) RaftIndexLayout.recordPosition(s.header.firstIndex(), index);
        if (index < limit && !isZero(s, from)) {
            LOG.warn("raft index {}: discarded a torn or damaged tail from entry {} on", dir, index);
        }
        zero(s, from, segmentBytes);
        flush();
    }

    private boolean isZero(Segment s, int from) {
        ByteBuffer b = s.file.buffer();
        for (int i = from; i < segmentBytes; i++) {
            if (b.get(i) != 0) {
                return false;
            }
        }
        return true;
    }

    private Segment createSegment(Header h) {
        Path p = dir.resolve(RaftIndexLayout.fileName(h.firstIndex()));
        try {
            Files.deleteIfExists(p); // a leftover of a truncation that crashed before its delete became durable
            StoreFile f = files.open(p, segmentBytes);
            f.write(0, ByteBuffer.wrap(RaftIndexLayout.encodeHeader(h)));
            Segment s = new Segment(f, h);
            s.dirty(0, RaftIndexLayout.HEADER_SIZE);
            segments.add(s);
            return s;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create raft index segment " + p, e);
        }
    }

    private Segment segmentFor(long index) {
        // Segments are equally long and contiguous: the position is arithmetic.
        long first = segments.get(0).header.firstIndex();
        return segments.get((int) ((index - first) / recordsPerSegment));
    }

    private static void zero(Segment s, int from, int to) {
        if (to <= from) {
            return;
        }
        s.file.write(from, ByteBuffer.allocate(to - from));
        s.dirty(from, to);
    }

    /** One segment file and the byte range changed since it was last forced. */
    private final class Segment {
        final StoreFile file;
        final Header header;
        int dirtyFrom = Integer.MAX_VALUE;
        int dirtyTo;

        Segment(StoreFile file, Header header) {
            this.file = file;
            this.header = header;
        }

        /** A view positioned at entry {@code index}'s record. */
        ByteBuffer at(long index) {
            return file.buffer().duplicate().position((int) RaftIndexLayout.recordPosition(header.firstIndex(), index));
        }

        void dirty(int from, int to) {
            dirtyFrom = Math.min(dirtyFrom, from);
            dirtyTo = Math.max(dirtyTo, to);
        }

        void force() {
            if (dirtyTo > dirtyFrom) {
                file.force(dirtyFrom, dirtyTo);
            }
            dirtyFrom = Integer.MAX_VALUE;
            dirtyTo = 0;
        }
    }
}
