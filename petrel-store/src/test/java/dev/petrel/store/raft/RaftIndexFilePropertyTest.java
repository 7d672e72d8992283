package dev.petrel.store.raft;

import dev.petrel.store.file.StoreFileFactory;
import dev.petrel.store.raft.RaftIndexLayout.Entry;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Seeded random runs of appends, truncations, flushes, leading deletions and reopenings against a list model; then
 * damage after the last flush (random bytes, a torn record, a cut-off zeroing) must recover to a prefix of the model
 * that keeps every flushed entry.
 */
class RaftIndexFilePropertyTest {

    private static final int PER_SEGMENT = 5;

    @Property(tries = 150)
    void behavesLikeAList(@ForAll long seed, @ForAll @IntRange(min = 1, max = 200) int steps) throws IOException {
        Path dir = Files.createTempDirectory("raft-index");
        try {
            run(dir, new Random(seed), steps);
        } finally {
            deleteTree(dir);
        }
    }

    private static void run(Path dir, Random r, int steps) throws IOException {
        List<Entry> model = new ArrayList<>(); // model.get(i) is entry i + 1
        long first = 1;
        long durable = 0;
        RaftIndexFile f = RaftIndexFile.open(dir, PER_SEGMENT, 0, StoreFileFactory.mapped());
        try {
            for (int step = 0; step < steps; step++) {
                int op = r.nextInt(20);
                long last = model.size();
                if (op < 12) {
                    long term = model.isEmpty() ? 1 + r.nextInt(2) : model.get(model.size() - 1).term() + r.nextInt(2);
                    long offset = model.isEmpty() ? 0 : model.get(model.size() - 1).endOffset();
                    Entry e = new Entry(offset, r.nextInt(4) == 0 ? 0 : 1 + r.nextInt(5000), term);
                    assertThat(f.append(e.term(), e.size())).isEqualTo(last + 1);
                    model.add(e);
                } else if (op < 14 && last >= first) {
                    long at = first + r.nextInt((int) (last - first + 1));
                    f.truncateFrom(at);
                    model.subList((int) at - 1, model.size()).clear();
                    durable = Math.min(durable, at - 1);
                } else if (op < 17) {
                    f.flush();
                    durable = model.size();
                } else if (op < 18) {
                    f.deleteBefore(first + r.nextInt(1 + model.size()));
                    first = f.firstIndex();
                } else {
                    f.close();
                    f = RaftIndexFile.open(dir, PER_SEGMENT, 0, StoreFileFactory.mapped());
                    durable = model.size();
                }
                check(f, model, first);
                assertThat(f.durableIndex()).isEqualTo(durable);
            }
            f.flush();
            durable = model.size();
            f.close();
            damageTail(dir, r);
            f = RaftIndexFile.open(dir, PER_SEGMENT, 0, StoreFileFactory.mapped());
            // Damage only touched slots after the last entry, so every flushed entry must come back.
            check(f, model, first);
        } finally {
            f.close();
        }
    }

    private static void check(RaftIndexFile f, List<Entry> model, long first) {
        assertThat(f.firstIndex()).isEqualTo(first);
        assertThat(f.lastIndex()).isEqualTo(model.size());
        assertThat(f.endOffset()).isEqualTo(model.isEmpty() ? 0 : model.get(model.size() - 1).endOffset());
        for (long i = first; i <= model.size(); i++) {
            assertThat(f.entry(i)).as("entry %d", i).isEqualTo(model.get((int) i - 1));
            assertThat(f.termAt(i)).isEqualTo(model.get((int) i - 1).term());
        }
        if (first > 1) {
            assertThat(f.termAt(first - 1)).isEqualTo(model.get((int) first - 2).term());
        }
        assertThat(f.termAt(model.size() + 1)).isEqualTo(-1);
    }

    /** Writes garbage, a torn record or a stale record into the slots after the end of the newest segment. */
    private static void damageTail(Path dir, Random r) throws IOException {
        Path newest;
        try (Stream<Path> s = Files.list(dir)) {
            newest = s.max(Comparator.naturalOrder()).orElse(null);
        }
        if (newest == null) {
            return;
        }
        try (RandomAccessFile raf = new RandomAccessFile(newest.toFile(), "rw")) {
            long end = raf.length();
            long pos = RaftIndexLayout.HEADER_SIZE;
            byte[] slot = new byte[RaftIndexLayout.RECORD_SIZE];
            while (pos < end) {
                raf.seek(pos);
                raf.readFully(slot);
                if (slot[0] == 0 && slot[1] == 0 && slot[2] == 0 && slot[3] == 0) {
                    break;
                }
                pos += RaftIndexLayout.RECORD_SIZE;
            }
            if (pos >= end) {
                return;
            }
            raf.seek(pos);
            byte[] junk = new byte[(int) Math.min(end - pos, 1 + r.nextInt(3 * RaftIndexLayout.RECORD_SIZE))];
            switch (r.nextInt(3)) {
                case 0 -> r.nextBytes(junk);
                case 1 -> System.arraycopy(RaftIndexLayout.encodeEntry(99, new Entry(1, 1, 1)), 0, junk, 0,
                    Math.min(junk.length, 20)); // torn: no CRC
                default -> {
                    byte[] stale = RaftIndexLayout.encodeEntry(1_000_000, new Entry(0, 10, 1)); // right magic, another slot
                    System.arraycopy(stale, 0, junk, 0, Math.min(junk.length, stale.length));
                }
            }
            raf.write(junk);
        }
    }

    private static void deleteTree(Path dir) throws IOException {
        try (Stream<Path> s = Files.walk(dir)) {
            for (Path p : s.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        }
    }
}
