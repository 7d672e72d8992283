package dev.petrel.broker.dledger;

import dev.petrel.raft.RaftEntry;
import dev.petrel.store.file.StoreFile;
import dev.petrel.store.file.StoreFileFactory;
import dev.petrel.store.raft.RaftIndexFile;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;

/** The Raft log over the raft index and a CommitLog file: payloads are CommitLog bytes, written once, cut together. */
class CommitLogRaftLogTest {

    @TempDir
    Path dir;

    private FileCommitLogBytes commitLog;
    private CommitLogRaftLog log;

    private CommitLogRaftLog open() throws IOException {
        commitLog = new FileCommitLogBytes(dir.resolve("commitlog"));
        log = new CommitLogRaftLog(RaftIndexFile.open(dir.resolve("index"), 8, 0, StoreFileFactory.mapped()), commitLog);
        return log;
    }

    private void close() {
        log.close();
        commitLog.close();
    }

    @AfterEach
    void tearDown() {
        if (log != null) {
            close();
        }
    }

    private static byte[] bytes(int n, int seed) {
        byte[] b = new byte[n];
        for (int i = 0; i < n; i++) {
            b[i] = (byte) (seed + i);
        }
        return b;
    }

    @Test
    void aFollowersEntriesAreWrittenToTheCommitLogAndReadBack() throws IOException {
        open();
        log.append(List.of(RaftEntry.leaderMarker(1, 1), new RaftEntry(2, 1, bytes(10, 1)), new RaftEntry(3, 2, bytes(5, 9))));
        assertThat(commitLog.endOffset()).isEqualTo(15);
        assertThat(commitLog.read(0, 15)).startsWith(bytes(10, 1)).endsWith(bytes(5, 9));
        assertThat(log.read(1, 10, 1 << 20)).containsExactly(RaftEntry.leaderMarker(1, 1),
            new RaftEntry(2, 1, bytes(10, 1)), new RaftEntry(3, 2, bytes(5, 9)));
        assertThat(log.read(2, 10, 12)).as("bytes bound after the first entry").hasSize(1);
        assertThat(log.endOffsetOf(2)).isEqualTo(10);
        assertThat(log.durableIndex()).isZero();
        assertThat(log.flush()).isEqualTo(3);
    }

    @Test
    void theLeadersOwnBytesAreRecordedNotWrittenAgain() throws IOException {
        open();
        log.append(List.of(RaftEntry.leaderMarker(1, 1)));
        byte[] a = bytes(20, 3);
        byte[] b = bytes(30, 7);
        long offA = commitLog.appendAtEnd(a);
        long offB = commitLog.appendAtEnd(b); // the put path runs ahead of the loop
        assertThat(log.expectOwnBytes(offA, a.length)).isTrue();
        log.append(List.of(new RaftEntry(2, 1, a)));
        assertThat(commitLog.endOffset()).as("b is still there").isEqualTo(50);
        assertThat(log.expectOwnBytes(offB + 1, b.length)).as("not at the log's end").isFalse();
        assertThat(log.expectOwnBytes(offB, b.length)).isTrue();
        log.append(List.of(new RaftEntry(3, 1, b)));
        assertThat(commitLog.endOffset()).isEqualTo(50);
        assertThat(log.read(2, 2, 1 << 20)).containsExactly(new RaftEntry(2, 1, a), new RaftEntry(3, 1, b));
    }

    @Test
    void bytesNoEntryCoversAreCutBeforeAFollowerWrites() throws IOException {
        open();
        commitLog.appendAtEnd(bytes(40, 1)); // written as leader, never proposed, then leadership moved
        log.append(List.of(new RaftEntry(1, 2, bytes(8, 5))));
        assertThat(commitLog.endOffset()).isEqualTo(8);
        assertThat(commitLog.read(0, 8)).isEqualTo(bytes(8, 5));
    }

    @Test
    void aRefusedProposalsBytesAreCut() throws IOException {
        open();
        long off = commitLog.appendAtEnd(bytes(40, 1));
        log.discardUnproposedFrom(off + 1);
        assertThat(commitLog.endOffset()).as("not at the log's end: someone else's").isEqualTo(40);
        log.discardUnproposedFrom(off);
        assertThat(commitLog.endOffset()).isZero();
    }

    @Test
    void truncationCutsIndexAndCommitLogTogether() throws IOException {
        open();
        log.append(List.of(new RaftEntry(1, 1, bytes(10, 1)), new RaftEntry(2, 1, bytes(10, 2)),
            new RaftEntry(3, 1, bytes(10, 3))));
        log.flush();
        log.truncateFrom(2);
        assertThat(log.lastIndex()).isEqualTo(1);
        assertThat(log.durableIndex()).isEqualTo(1);
        assertThat(commitLog.endOffset()).isEqualTo(10);
        log.append(List.of(new RaftEntry(2, 3, bytes(4, 9))));
        assertThat(log.read(2, 1, 100)).containsExactly(new RaftEntry(2, 3, bytes(4, 9)));
    }

    @Test
    void recoveryDropsEntriesWhoseBytesWereLostAndCutsUnindexedBytes() throws IOException {
        open();
        log.append(List.of(new RaftEntry(1, 1, bytes(10, 1)), new RaftEntry(2, 1, bytes(10, 2)),
            new RaftEntry(3, 1, bytes(10, 3))));
        close();
        try (RandomAccessFile f = new RandomAccessFile(dir.resolve("commitlog").toFile(), "rw")) {
            f.setLength(25); // the crash lost the last 5 bytes of entry 3
        }
        open();
        assertThat(log.lastIndex()).isEqualTo(2);
        assertThat(log.durableIndex()).isEqualTo(2);
        assertThat(commitLog.endOffset()).as("entry 3's surviving half goes too").isEqualTo(20);
        close();
        try (RandomAccessFile f = new RandomAccessFile(dir.resolve("commitlog").toFile(), "rw")) {
            f.setLength(33); // bytes after the last entry (a leader's write never proposed)
        }
        open();
        assertThat(log.lastIndex()).isEqualTo(2);
        assertThat(commitLog.endOffset()).isEqualTo(20);
    }

    @Test
    void underSyncFlushEveryFlushForcesTheIndex() throws IOException {
        AtomicInteger forces = new AtomicInteger();
        openCounting(0, forces);
        int atOpen = forces.get();
        log.append(List.of(new RaftEntry(1, 1, bytes(10, 1))));
        assertThat(log.durableIndex()).isZero();
        log.flush();
        assertThat(log.durableIndex()).isEqualTo(1);
        assertThat(forces.get()).as("forced with the flush").isEqualTo(atOpen + 1);
        assertThat(log.maybeForceIndex(Long.MAX_VALUE)).as("no periodic force under SYNC_FLUSH").isFalse();
    }

    @Test
    void underAsyncFlushAFlushCountsWrittenRecordsAndTheIndexIsForcedAtMostEveryInterval() throws IOException {
        AtomicInteger forces = new AtomicInteger();
        openCounting(500, forces);
        int atOpen = forces.get();
        assertThat(log.maybeForceIndex(1_000)).as("the first force is due at once").isTrue();
        log.append(List.of(new RaftEntry(1, 1, bytes(10, 1)), new RaftEntry(2, 1, bytes(10, 2))));
        log.flush();
        assertThat(log.durableIndex()).as("held once written, as the CommitLog bytes").isEqualTo(2);
        assertThat(forces.get()).as("nothing forced by the flush (the first force had nothing to write)")
            .isEqualTo(atOpen);
        assertThat(log.maybeForceIndex(1_499)).as("within the interval").isFalse();
        assertThat(forces.get()).isEqualTo(atOpen);
        assertThat(log.maybeForceIndex(1_500)).isTrue();
        assertThat(forces.get()).as("the two records forced at once").isEqualTo(atOpen + 1);
        log.truncateFrom(2);
        assertThat(log.maybeForceIndex(2_000)).isTrue();
        assertThat(forces.get()).as("the zeroed record forced").isEqualTo(atOpen + 2);
        close();
        open();
        assertThat(log.lastIndex()).isEqualTo(1);
        assertThat(log.read(1, 10, 100)).containsExactly(new RaftEntry(1, 1, bytes(10, 1)));
    }

    /** As {@link #open}, with a force interval and the raft index's forces counted. */
    private void openCounting(long indexForceIntervalMillis, AtomicInteger forces) throws IOException {
        commitLog = new FileCommitLogBytes(dir.resolve("commitlog"));
        StoreFileFactory mapped = StoreFileFactory.mapped();
        StoreFileFactory counting = (path, size) -> new CountingForces(mapped.open(path, size), forces);
        log = new CommitLogRaftLog(RaftIndexFile.open(dir.resolve("index"), 8, 0, counting), commitLog,
            indexForceIntervalMillis);
    }

    /** A store file that counts its forces. */
    private record CountingForces(StoreFile file, AtomicInteger forces) implements StoreFile {
        @Override
        public Path path() {
            return file.path();
        }

        @Override
        public int size() {
            return file.size();
        }

        @Override
        public ByteBuffer buffer() {
            return file.buffer();
        }

        @Override
        public void write(int position, ByteBuffer src) {
            file.write(position, src);
        }

        @Override
        public void force(int from, int to) {
            forces.incrementAndGet();
            file.force(from, to);
        }

        @Override
        public long lastModified() {
            return file.lastModified();
        }

        @Override
        public void close() {
            file.close();
        }

        @Override
        public void delete() {
            file.delete();
        }
    }
}
