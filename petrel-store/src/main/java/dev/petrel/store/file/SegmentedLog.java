package dev.petrel.store.file;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Predicate;
import java.util.stream.Stream;

/**
 * A log made of fixed-size files named by the 20-digit offset of their first byte (the CommitLog and each
 * ConsumeQueue). Offsets are continuous: offset {@code o} lives in the file starting at {@code o - o % size}.
 *
 * <p>Threading: one writer (named by the owner) appends and creates files; one flusher calls {@link #flush}; any
 * thread reads through {@link #select}. The segment list is copy-on-write so readers never lock.
 */
public final class SegmentedLog {

    public static final int PAGE_SIZE = 4096;

    private final Path dir;
    private final int segmentSize;
    private final StoreFileFactory factory;
    private final CopyOnWriteArrayList<Segment> segments = new CopyOnWriteArrayList<>();
    /** Log offset up to which bytes are durable; written by the flusher (and recovery). */
    private volatile long flushedWhere;
    private volatile long committedWhere;

    public SegmentedLog(Path dir, int segmentSize, StoreFileFactory factory) {
        this.dir = dir;
        this.segmentSize = segmentSize;
        this.factory = factory;
    }

    public static String fileName(long offset) {
        return String.format("%020d", offset);
    }

    public Path dir() {
        return dir;
    }

    public int segmentSize() {
        return segmentSize;
    }

    /** Opens the existing files (positions set to full; recovery sets the real ones). A zero-length last file is removed. */
    public void load() throws IOException {
        if (!Files.isDirectory(dir)) {
            return;
        }
        List<Path> files;
        try (Stream<Path> s = Files.list(dir)) {
            files = s.filter(p -> p.getFileName().toString().matches("\\d{20}")).sorted().toList();
        }
        for (int i = 0; i < files.size(); i++) {
            Path p = files.get(i);
            if (Files.size(p) == 0 && i == files.size() - 1) {
                Files.delete(p);
                continue;
            }
            long start = Long.parseLong(p.getFileName().toString());
            Segment s = new Segment(factory.open(p, segmentSize), start);
            s.resetPositions(segmentSize);
            segments.add(s);
        }
    }

    public List<Segment> segments() {
        return segments;
    }

    public boolean isEmpty() {
        return segments.isEmpty();
    }

    public Segment first() {
        return segments.isEmpty() ? null : segments.get(0);
    }

    public Segment last() {
        return segments.isEmpty() ? null : segments.get(segments.size() - 1);
    }

    /** The last segment if it has room, else a new one starting where the last ends (or at {@code startIfEmpty}). */
    public Segment lastForAppend(long startIfEmpty) {
        Segment last = last();
        if (last != null && !last.isFull()) {
            return last;
        }
        long start = last == null ? startIfEmpty - startIfEmpty % segmentSize : last.endOffset();
        return create(start);
    }

    /** Creates the segment starting at {@code start} (writer thread only). */
    public Segment create(long start) {
        try {
            Files.createDirectories(dir);
            Segment s = new Segment(factory.open(dir.resolve(fileName(start)), segmentSize), start);
            segments.add(s);
            return s;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create store file " + fileName(start) + " in " + dir, e);
        }
    }

    /** The segment holding {@code offset}, or null. */
    public Segment segmentFor(long offset) {
        List<Segment> list = segments;
        if (list.isEmpty()) {
            return null;
        }
        Segment first = list.get(0);
        if (offset < first.startOffset()) {
            return null;
        }
        long i = (offset - first.startOffset()) / segmentSize; // long: a peer may name any offset
        if (i < list.size()) {
            Segment s = list.get((int) i);
            if (offset >= s.startOffset() && offset < s.endOffset()) {
                return s;
            }
        }
        for (Segment s : list) { // files may be missing in the middle after manual tampering
            if (offset >= s.startOffset() && offset < s.endOffset()) {
                return s;
            }
        }
        return null;
    }

    /**
     * Retains and returns the readable bytes from {@code offset} to the end of what is committed in its file
     * (at most {@code maxLength}), or null if there are none.
     */
    public SelectedBytes select(long offset, int maxLength) {
        Segment s = segmentFor(offset);
        if (s == null) {
            return null;
        }
        int pos = (int) (offset - s.startOffset());
        int readable = s.committed() - pos;
        if (readable <= 0 || !s.retain()) {
            return null;
        }
        int len = Math.min(readable, maxLength);
        return new SelectedBytes(s, offset, s.view(pos, len));
    }

    /** First byte of the log. */
    public long minOffset() {
        Segment f = first();
        return f == null ? 0 : f.startOffset();
    }

    /** End of what was written. */
    public long maxOffset() {
        Segment l = last();
        return l == null ? 0 : l.startOffset() + l.wrote();
    }

    /**
     * End of what readers may see: within the earliest file whose bytes are not all committed yet (with write
     * buffers, the previous file may still be committing while appends go to the next).
     */
    public long committedOffset() {
        List<Segment> l = segments;
        if (l.isEmpty()) {
            return 0;
        }
        int i = l.size() - 1;
        while (i > 0 && l.get(i - 1).committed() < l.get(i - 1).size()) {
            i--;
        }
        Segment s = l.get(i);
        return s.startOffset() + s.committed();
    }

    public long flushedWhere() {
        return flushedWhere;
    }

    public void setFlushedWhere(long offset) {
        this.flushedWhere = offset;
        this.committedWhere = Math.max(committedWhere, offset);
    }

    /**
     * Forces committed bytes to disk (flusher thread). With {@code leastPages > 0} a file that is not full is forced
     * only if at least that many pages are dirty. Returns true if {@link #flushedWhere()} moved.
     */
    public boolean flush(int leastPages) {
        boolean moved = false;
        for (Segment s : segments) {
            if (s.endOffset() <= flushedWhere || s.isRetired()) {
                continue;
            }
            int from = s.flushed();
            int to = s.committed();
            boolean full = to >= s.size();
            if (to <= from) {
                break;
            }
            if (!full && leastPages > 0 && (to / PAGE_SIZE - from / PAGE_SIZE) < leastPages) {
                break;
            }
            s.file().force(from, to);
            s.setFlushed(to);
            flushedWhere = s.startOffset() + to;
            moved = true;
            if (!full) {
                break;
            }
        }
        return moved;
    }

    /**
     * Copies appended-but-uncommitted bytes of write-buffered segments to their files (the commit loop's job).
     * Returns segments whose buffer is fully committed and full, so the caller can return the buffer to its pool.
     */
    public List<ByteBuffer> commit() {
        List<ByteBuffer> freed = new ArrayList<>();
        for (Segment s : segments) {
            ByteBuffer wb = s.writeBuffer();
            if (wb == null) {
                continue;
            }
            int from = s.committed();
            int to = s.wrote();
            if (to > from) {
                s.file().write(from, wb.duplicate().limit(to).position(from));
                s.setCommitted(to);
                committedWhere = s.startOffset() + to;
            }
            if (to >= s.size()) {
                s.detachWriteBuffer();
                freed.add(wb);
            }
        }
        return freed;
    }

    public void attachWriteBuffer(Segment s, ByteBuffer buffer) {
        s.attachWriteBuffer(buffer);
    }

    /**
     * Drops everything at and after {@code offset} (recovery): files starting after it are deleted, the file holding
     * it (or starting exactly at it) gets all positions set there.
     */
    public void truncateFrom(long offset) {
        List<Segment> drop = new ArrayList<>();
        for (Segment s : segments) {
            if (s.startOffset() > offset) {
                drop.add(s);
                continue;
            }
            if (offset < s.endOffset()) {
                s.resetPositions((int) (offset - s.startOffset()));
            }
        }
        for (Segment s : drop) {
            segments.remove(s);
            s.retire(true);
        }
        flushedWhere = Math.min(flushedWhere, offset);
    }

    /**
     * Deletes leading segments while {@code deletable} says so, never the last one, at most {@code max}; returns
     * how many were deleted.
     */
    public int deleteLeading(Predicate<Segment> deletable, int max) {
        int n = 0;
        while (n < max && segments.size() > 1) {
            Segment s = segments.get(0);
            if (!deletable.test(s)) {
                break;
            }
            segments.remove(0);
            s.retire(true);
            n++;
        }
        return n;
    }

    /**
     * Zeroes the segment holding {@code offset} from there to its end and forces it (recovery), so that stale bytes
     * beyond a truncation point can never be mistaken for records or entries by a later recovery. Pages that are
     * already zero are only read, not written.
     */
    public void zeroTail(long offset) {
        Segment s = segmentFor(offset);
        if (s == null) {
            return;
        }
        ByteBuffer b = s.file().buffer();
        int from = (int) (offset - s.startOffset());
        int p = from;
        int dirtyFrom = -1;
        int dirtyTo = -1;
        while (p < s.size()) {
            int pageEnd = Math.min(s.size(), (p / PAGE_SIZE + 1) * PAGE_SIZE);
            boolean zero = true;
            int q = p;
            for (; q + 8 <= pageEnd && zero; q += 8) {
                zero = b.getLong(q) == 0;
            }
            for (; q < pageEnd && zero; q++) {
                zero = b.get(q) == 0;
            }
            if (!zero) {
                for (int z = p; z < pageEnd; z++) {
                    b.put(z, (byte) 0);
                }
                dirtyFrom = dirtyFrom < 0 ? p : dirtyFrom;
                dirtyTo = pageEnd;
            }
            p = pageEnd;
        }
        if (dirtyFrom >= 0) {
            s.file().force(dirtyFrom, dirtyTo);
        }
    }

    /** Deletes every file and the directory (topic deletion). */
    public void destroy() {
        for (Segment s : segments) {
            s.retire(true);
        }
        segments.clear();
        try {
            Files.deleteIfExists(dir);
        } catch (IOException e) {
            // a leftover non-store file keeps the directory; harmless
        }
    }

    /** Unmaps everything (shutdown), keeping the files. */
    public void close() {
        for (Segment s : segments) {
            s.retire(false);
        }
        segments.clear();
    }
}
