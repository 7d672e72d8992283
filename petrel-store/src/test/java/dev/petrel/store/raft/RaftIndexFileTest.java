package dev.petrel.store.raft;

import dev.petrel.store.file.StoreFileFactory;
import dev.petrel.store.raft.RaftIndexLayout.Entry;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The raft index on real files: appends, reads, truncation, flushing, recovery after torn writes, leading deletion. */
class RaftIndexFileTest {

    private static final int PER_SEGMENT = 4;

    @TempDir
    Path dir;

    private RaftIndexFile open() throws IOException {
        return RaftIndexFile.open(dir, PER_SEGMENT, 0, StoreFileFactory.mapped());
    }

    @Test
    void emptyIndexAnswersLikeAnEmptyRaftLog() throws IOException {
        try (RaftIndexFile f = open()) {
            assertThat(f.firstIndex()).isEqualTo(1);
            assertThat(f.lastIndex()).isZero();
            assertThat(f.termAt(0)).isZero();
            assertThat(f.termAt(1)).isEqualTo(-1);
            assertThat(f.endOffset()).isZero();
            assertThat(f.entry(1)).isNull();
        }
        assertThat(Files.list(dir).count()).as("no file before the first entry").isZero();
    }

    @Test
    void appendsAreContiguousAcrossSegmentsAndSurviveReopen() throws IOException {
        try (RaftIndexFile f = open()) {
            for (int i = 1; i <= 10; i++) {
                assertThat(f.append(i <= 5 ? 1 : 2, i == 6 ? 0 : 100)).isEqualTo(i);
            }
            assertThat(f.durableIndex()).isZero();
            assertThat(f.flush()).isEqualTo(10);
            assertThat(f.entry(6)).isEqualTo(new Entry(500, 0, 2));
            assertThat(f.entry(7)).isEqualTo(new Entry(500, 100, 2));
            assertThat(f.endOffset()).isEqualTo(900);
        }
        try (Stream<Path> s = Files.list(dir)) {
            assertThat(s.map(p -> p.getFileName().toString()).sorted()).containsExactly(
                "00000000000000000001", "00000000000000000005", "00000000000000000009");
        }
        try (RaftIndexFile f = open()) {
            assertThat(f.lastIndex()).isEqualTo(10);
            assertThat(f.durableIndex()).isEqualTo(10);
            assertThat(f.termAt(5)).isEqualTo(1);
            assertThat(f.termAt(6)).isEqualTo(2);
            assertThat(f.endOffset()).isEqualTo(900);
            assertThat(f.append(3, 7)).isEqualTo(11);
            assertThat(f.entry(11)).isEqualTo(new Entry(900, 7, 3));
        }
    }

    @Test
    void truncationCutsTheTailAndLowersDurability() throws IOException {
        try (RaftIndexFile f = open()) {
            for (int i = 1; i <= 9; i++) {
                f.append(1, 10);
            }
            f.flush();
            f.truncateFrom(5);
            assertThat(f.lastIndex()).isEqualTo(4);
            assertThat(f.durableIndex()).isEqualTo(4);
            assertThat(f.endOffset()).isEqualTo(40);
            assertThat(f.termAt(5)).isEqualTo(-1);
            assertThat(f.append(2, 3)).isEqualTo(5);
            assertThat(f.entry(5)).isEqualTo(new Entry(40, 3, 2));
            f.flush();
        }
        try (RaftIndexFile f = open()) {
            assertThat(f.lastIndex()).isEqualTo(5);
            assertThat(f.termAt(5)).isEqualTo(2);
            assertThat(f.endOffset()).isEqualTo(43);
        }
        assertThat(Files.exists(dir.resolve("00000000000000000009"))).isFalse();
    }

    @Test
    void truncatingEverythingKeepsTheBase() throws IOException {
        try (RaftIndexFile f = RaftIndexFile.open(dir, PER_SEGMENT, 1000, StoreFileFactory.mapped())) {
            f.append(1, 10);
            f.append(1, 10);
            f.truncateFrom(1);
            assertThat(f.lastIndex()).isZero();
            assertThat(f.endOffset()).isEqualTo(1000);
            f.flush();
        }
        try (RaftIndexFile f = RaftIndexFile.open(dir, PER_SEGMENT, 0, StoreFileFactory.mapped())) {
            assertThat(f.endOffset()).as("the base comes from the header, not the argument").isEqualTo(1000);
            assertThat(f.append(2, 5)).isEqualTo(1);
        }
    }

    @Test
    void aTornRecordAtTheEndIsDiscarded() throws IOException {
        try (RaftIndexFile f = open()) {
            f.append(1, 10);
            f.append(1, 10);
            f.append(1, 10);
        }
        Path seg = dir.resolve("00000000000000000001");
        try (RandomAccessFile raf = new RandomAccessFile(seg.toFile(), "rw")) {
            raf.seek(RaftIndexLayout.recordPosition(1, 3) + 20); // entry 3 half written: its CRC is gone
            raf.write(new byte[12]);
        }
        try (RaftIndexFile f = open()) {
            assertThat(f.lastIndex()).isEqualTo(2);
            assertThat(f.endOffset()).isEqualTo(20);
            assertThat(f.append(2, 1)).isEqualTo(3);
        }
    }

    @Test
    void aRecordThatDoesNotContinueTheLogEndsIt() throws IOException {
        try (RaftIndexFile f = open()) {
            f.append(2, 10);
            f.append(2, 10);
        }
        Path seg = dir.resolve("00000000000000000001");
        try (RandomAccessFile raf = new RandomAccessFile(seg.toFile(), "rw")) {
            raf.seek(RaftIndexLayout.recordPosition(1, 3)); // a valid record of an older term: stale, not this log's
            raf.write(RaftIndexLayout.encodeEntry(3, new Entry(20, 5, 1)));
        }
        try (RaftIndexFile f = open()) {
            assertThat(f.lastIndex()).isEqualTo(2);
        }
    }

    @Test
    void aNewestSegmentWithoutHeaderIsACrashWhileCreatingIt() throws IOException {
        try (RaftIndexFile f = open()) {
            for (int i = 0; i < 4; i++) {
                f.append(1, 10);
            }
        }
        Files.write(dir.resolve("00000000000000000005"), new byte[64 + PER_SEGMENT * 32]);
        try (RaftIndexFile f = open()) {
            assertThat(f.lastIndex()).isEqualTo(4);
            assertThat(f.append(1, 10)).isEqualTo(5);
            assertThat(f.entry(5)).isEqualTo(new Entry(40, 10, 1));
        }
    }

    @Test
    void aSegmentLeftOverByATruncationIsDropped() throws IOException {
        try (RaftIndexFile f = open()) {
            for (int i = 0; i < 6; i++) {
                f.append(1, 10);
            }
            f.flush();
        }
        Path later = dir.resolve("00000000000000000005");
        byte[] kept = Files.readAllBytes(later);
        try (RaftIndexFile f = open()) {
            f.truncateFrom(3);
        }
        Files.write(later, kept); // the crash undid the deletion, not the zeroing
        try (RaftIndexFile f = open()) {
            assertThat(f.lastIndex()).isEqualTo(2);
            assertThat(f.endOffset()).isEqualTo(20);
        }
        assertThat(Files.exists(later)).isFalse();
    }

    @Test
    void leadingSegmentsGoButTheTermBeforeTheFirstEntryStays() throws IOException {
        try (RaftIndexFile f = open()) {
            for (int i = 1; i <= 10; i++) {
                f.append(i, 10);
            }
            assertThat(f.deleteBefore(6)).isEqualTo(1);
            assertThat(f.firstIndex()).isEqualTo(5);
            assertThat(f.termAt(4)).isEqualTo(4);
            assertThat(f.termAt(3)).isEqualTo(-1);
            assertThat(f.startOffset()).isEqualTo(40);
            assertThat(f.deleteBefore(100)).as("the last segment stays").isEqualTo(1);
            assertThat(f.firstIndex()).isEqualTo(9);
            assertThatThrownBy(() -> f.truncateFrom(8)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("below its first entry 9");
            f.truncateFrom(9);
            assertThat(f.lastIndex()).isEqualTo(8);
            assertThat(f.termAt(8)).isEqualTo(8);
            assertThat(f.endOffset()).isEqualTo(80);
        }
        try (RaftIndexFile f = open()) {
            assertThat(f.firstIndex()).isEqualTo(9);
            assertThat(f.lastIndex()).isEqualTo(8);
            assertThat(f.termAt(8)).isEqualTo(8);
            assertThat(f.append(9, 1)).isEqualTo(9);
        }
    }

    @Test
    void crossCheckDropsEntriesWhoseBytesWereLost() throws IOException {
        try (RaftIndexFile f = open()) {
            for (int i = 1; i <= 6; i++) {
                f.append(1, 10);
            }
            assertThat(f.truncateToOffset(60)).isZero();
            assertThat(f.truncateToOffset(45)).isEqualTo(2);
            assertThat(f.lastIndex()).isEqualTo(4);
            assertThat(f.endOffset()).isEqualTo(40);
        }
    }

    @Test
    void termsNeverDecrease() throws IOException {
        try (RaftIndexFile f = open()) {
            f.append(3, 1);
            assertThatThrownBy(() -> f.append(2, 1)).isInstanceOf(IllegalArgumentException.class);
        }
    }

    @Test
    void aDifferentSegmentSizeIsRefused() throws IOException {
        try (RaftIndexFile f = open()) {
            f.append(1, 1);
        }
        assertThatThrownBy(() -> RaftIndexFile.open(dir, 8, 0, StoreFileFactory.mapped()))
            .isInstanceOf(IOException.class).hasMessageContaining("another segment size");
    }
}
