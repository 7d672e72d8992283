package dev.petrel.store.index;

import dev.petrel.common.time.Clock;
import dev.petrel.store.file.StoreFileFactory;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.stream.Stream;

/**
 * The IndexFiles under {@code index/}, named by creation time {@code yyyyMMddHHmmssSSS} (local time zone). Keys are
 * {@code topic#key} for each KEYS entry and {@code topic#UNIQ_KEY}.
 *
 * <p>Threading: the dispatch thread adds keys and creates files; the logic-flush loop forces; queries read
 * concurrently; the clean loop deletes old files (copy-on-write list).
 */
public final class IndexService {

    private static final DateTimeFormatter NAME = DateTimeFormatter.ofPattern("yyyyMMddHHmmssSSS");

    private final Path dir;
    private final int slots;
    private final int maxEntries;
    private final StoreFileFactory factory;
    private final Clock clock;
    private final CopyOnWriteArrayList<IndexFile> files = new CopyOnWriteArrayList<>();
    /** Records at or below this physical offset are already indexed (idempotent re-dispatch). */
    private volatile long indexedUpTo = -1;
    private long lastNameMillis;

    public IndexService(Path dir, int slots, int maxEntries, StoreFileFactory factory, Clock clock) {
        this.dir = dir;
        this.slots = slots;
        this.maxEntries = maxEntries;
        this.factory = factory;
        this.clock = clock;
    }

    public int fileSize() {
        return IndexFileLayout.fileSize(slots, maxEntries);
    }

    public void load() throws IOException {
        if (!Files.isDirectory(dir)) {
            return;
        }
        List<Path> paths;
        try (Stream<Path> s = Files.list(dir)) {
            paths = s.filter(p -> p.getFileName().toString().matches("\\d{17}")).sorted().toList();
        }
        for (Path p : paths) {
            if (Files.size(p) == 0) {
                Files.delete(p); // a crash between creating and sizing the file: it never held an entry
                continue;
            }
            if (Files.size(p) != fileSize()) {
                throw new IOException("index file " + p + " has " + Files.size(p) + " bytes; expected " + fileSize()
                    + " (maxHashSlotNum/maxIndexNum differ from the ones it was written with?)");
            }
            IndexFile f = new IndexFile(factory.open(p, fileSize()), slots, maxEntries);
            files.add(f);
        }
        recomputeIndexedUpTo();
    }

    /**
     * After loading or dropping files: the last kept file's last record may have had more keys than fitted in it
     * (the rest went to a file that was dropped), so that record is indexed again; queries return distinct offsets.
     */
    private void recomputeIndexedUpTo() {
        indexedUpTo = -1;
        for (IndexFile f : files) {
            if (f.indexCount() > 1) {
                indexedUpTo = Math.max(indexedUpTo, f.endPhyOffset() - 1);
            }
        }
    }

    public List<IndexFile> files() {
        return files;
    }

    /**
     * Abnormal recovery: deletes the last file unless it is full (a full file was forced before the next one was
     * created) and returns the physical offset from which records must be re-indexed.
     */
    public long dropUnfinishedLastFile(long commitLogMinOffset) {
        if (files.isEmpty()) {
            return commitLogMinOffset;
        }
        IndexFile last = files.get(files.size() - 1);
        if (!last.isFull()) {
            files.remove(last);
            last.delete();
        }
        recomputeIndexedUpTo();
        if (files.isEmpty()) {
            return commitLogMinOffset;
        }
        IndexFile prev = files.get(files.size() - 1);
        return Math.max(commitLogMinOffset, prev.endPhyOffset());
    }

    /**
     * Recovery: deletes every file holding an entry for a record at or after {@code validEnd} (the CommitLog was cut
     * there) and returns where re-indexing must start, or {@code Long.MAX_VALUE} if nothing was deleted.
     */
    public long dropFilesBeyond(long validEnd, long commitLogMinOffset) {
        long from = Long.MAX_VALUE;
        while (!files.isEmpty()) {
            IndexFile last = files.get(files.size() - 1);
            if (last.indexCount() <= 1 || last.endPhyOffset() < validEnd) {
                break;
            }
            files.remove(last);
            from = Math.min(from, last.beginPhyOffset());
            last.delete();
        }
        recomputeIndexedUpTo();
        if (from == Long.MAX_VALUE) {
            return from;
        }
        return files.isEmpty() ? commitLogMinOffset : Math.max(commitLogMinOffset, files.get(files.size() - 1).endPhyOffset());
    }

    /** Adds the keys of one record (dispatch thread). */
    public void add(String topic, String keys, String uniqKey, long phyOffset, long storeTimestamp) {
        if (phyOffset <= indexedUpTo) {
            return;
        }
        if (uniqKey != null && !uniqKey.isEmpty()) {
            put(topic + "#" + uniqKey, phyOffset, storeTimestamp);
        }
        if (keys != null && !keys.isEmpty()) {
            for (String k : keys.split(" ")) {
                if (!k.isEmpty()) {
                    put(topic + "#" + k, phyOffset, storeTimestamp);
                }
            }
        }
        indexedUpTo = phyOffset;
    }

    private void put(String key, long phyOffset, long storeTimestamp) {
        IndexFile f = writable();
        if (!f.put(key, phyOffset, storeTimestamp)) {
            f.flush(); // a full file is forced before its successor exists: abnormal recovery relies on this
            f = createNext(f);
            f.put(key, phyOffset, storeTimestamp);
        }
    }

    private IndexFile writable() {
        if (files.isEmpty()) {
            return createNext(null);
        }
        IndexFile last = files.get(files.size() - 1);
        if (last.isFull()) {
            last.flush(); // a full file is forced before its successor exists: abnormal recovery relies on this
            return createNext(last);
        }
        return last;
    }

    private IndexFile createNext(IndexFile previous) {
        long now = Math.max(clock.millis(), lastNameMillis + 1);
        Path p = dir.resolve(NAME.format(Instant.ofEpochMilli(now).atZone(ZoneId.systemDefault())));
        while (Files.exists(p)) {
            now++;
            p = dir.resolve(NAME.format(Instant.ofEpochMilli(now).atZone(ZoneId.systemDefault())));
        }
        lastNameMillis = now;
        try {
            Files.createDirectories(dir);
            IndexFile f = new IndexFile(factory.open(p, fileSize()), slots, maxEntries);
            if (previous != null) {
                f.initFrom(previous.endPhyOffset(), previous.endTimestamp());
            }
            files.add(f);
            return f;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create index file " + p, e);
        }
    }

    /** Physical offsets for {@code topic#key} stored in [begin, end], newest first, at most {@code maxNum}. */
    public List<Long> query(String topic, String key, int maxNum, long begin, long end) {
        List<Long> out = new ArrayList<>();
        String full = topic + "#" + key;
        java.util.Set<Long> seen = new java.util.HashSet<>();
        List<IndexFile> snapshot = files;
        for (int i = snapshot.size() - 1; i >= 0 && out.size() < maxNum; i--) {
            IndexFile f = snapshot.get(i);
            if (f.overlaps(begin, end) || (i == snapshot.size() - 1 && f.indexCount() > 1)) {
                List<Long> found = new ArrayList<>();
                f.select(found, full, maxNum, begin, end);
                for (Long o : found) {
                    if (out.size() < maxNum && seen.add(o)) {
                        out.add(o);
                    }
                }
            }
            if (f.beginTimestamp() < begin) {
                break;
            }
        }
        return out;
    }

    /** Store time covered by what was forced: call before {@link #flush()} and record it after. */
    public long lastIndexedTimestamp() {
        return files.isEmpty() ? 0 : files.get(files.size() - 1).endTimestamp();
    }

    public void flush() {
        if (!files.isEmpty()) {
            files.get(files.size() - 1).flush();
        }
    }

    /** Deletes files whose last record is below {@code commitLogMinOffset}, never the last file. */
    public int deleteExpired(long commitLogMinOffset) {
        int n = 0;
        while (files.size() > 1 && files.get(0).endPhyOffset() < commitLogMinOffset) {
            IndexFile f = files.remove(0);
            f.delete();
            n++;
        }
        return n;
    }

    public void close() {
        files.forEach(IndexFile::close);
        files.clear();
    }
}
