package dev.petrel.broker.dledger;

import dev.petrel.raft.RaftEntry;
import dev.petrel.store.file.StoreFileFactory;
import dev.petrel.store.raft.RaftIndexFile;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.file.Path;
import java.util.List;

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
}
