package dev.petrel.store.contract;

import dev.petrel.store.GetResult;
import dev.petrel.store.GetStatus;
import dev.petrel.store.LocalMessageStore;
import dev.petrel.store.MessageFilter;
import dev.petrel.store.PutResult;
import dev.petrel.store.PutStatus;
import dev.petrel.store.ReplicaAppend;
import dev.petrel.store.StoreFixture;
import dev.petrel.store.StoreRole;
import dev.petrel.store.StoredRecord;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

import static dev.petrel.store.StoreFixture.message;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** appendRecords validation, file layout fidelity, queue offsets that follow the records, and truncation. */
class ReplicaAppendTest {

    @TempDir
    Path dir;
    ReplicaHarness h;

    @AfterEach
    void close() {
        if (h != null) {
            h.close();
        }
    }

    LocalMessageStore replica() {
        return (LocalMessageStore) h.store();
    }

    private byte[] primaryBytes(long offset, int length) {
        StoredRecord r = h.primary().readForReplication(offset, length);
        try {
            return r.toByteArray();
        } finally {
            r.release();
        }
    }

    @Test
    void replicaFilesAreByteIdenticalToThePrimarysIncludingBlankEnds() throws Exception {
        h = new ReplicaHarness(dir, Map.of());
        for (int i = 0; i < 250; i++) {
            h.put(message("RB", i % 3, "b" + i, 500 + i * 7 % 900, null));
        }
        try (var files = Files.list(dir.resolve("primary/commitlog"))) {
            for (Path p : files.toList()) {
                Path copy = dir.resolve("replica/commitlog").resolve(p.getFileName());
                assertThat(Files.readAllBytes(copy)).as(p.getFileName().toString()).isEqualTo(Files.readAllBytes(p));
            }
        }
        assertThat(replica().commitLogMaxOffset()).isEqualTo(h.primary().commitLogMaxOffset());
    }

    @Test
    void wrongOffsetsAndMalformedBytesAreRefusedAndChangeNothing() throws Exception {
        h = new ReplicaHarness(dir, Map.of());
        PutResult a = h.primary().putMessage(message("RM", 0, "a", 200, null)).get();
        PutResult b = h.primary().putMessage(message("RM", 0, "b", 200, null)).get();
        byte[] first = primaryBytes(0, a.recordSize());
        byte[] second = primaryBytes(b.physicalOffset(), b.recordSize());

        assertThat(replica().appendRecords(100, ByteBuffer.wrap(first)).status())
            .as("an empty store starts at a file boundary").isEqualTo(ReplicaAppend.Status.OFFSET_MISMATCH);
        assertThat(replica().appendRecords(0, ByteBuffer.wrap(first, 0, first.length - 1)).status())
            .as("partial record").isEqualTo(ReplicaAppend.Status.MALFORMED);
        byte[] badCrc = first.clone();
        badCrc[badCrc.length - 30] ^= 1; // inside the body
        ReplicaAppend crc = replica().appendRecords(0, ByteBuffer.wrap(badCrc));
        assertThat(crc.status()).isEqualTo(ReplicaAppend.Status.MALFORMED);
        assertThat(crc.reason()).contains("offset 0");
        assertThat(replica().commitLogMaxOffset()).isZero();

        assertThat(replica().appendRecords(0, ByteBuffer.wrap(first)).status()).isEqualTo(ReplicaAppend.Status.APPENDED);
        ReplicaAppend gap = replica().appendRecords(b.physicalOffset() + 1, ByteBuffer.wrap(second));
        assertThat(gap.status()).isEqualTo(ReplicaAppend.Status.OFFSET_MISMATCH);
        assertThat(gap.maxOffset()).isEqualTo(b.physicalOffset());
        byte[] misplaced = first.clone(); // a whole, valid record, but written for offset 0
        assertThat(replica().appendRecords(b.physicalOffset(), ByteBuffer.wrap(misplaced)).reason()).contains("PHYSICALOFFSET");
        assertThat(replica().appendRecords(b.physicalOffset(), ByteBuffer.wrap(second)).records()).isEqualTo(1);
        assertThat(replica().commitLogMaxOffset()).isEqualTo(h.primary().commitLogMaxOffset());
    }

    @Test
    void aWritableRoleRefusesReplicatedBytes() throws Exception {
        h = new ReplicaHarness(dir, Map.of());
        PutResult a = h.primary().putMessage(message("RW", 0, "a", 20, null)).get();
        ReplicaAppend r = h.primary().appendRecords(a.physicalOffset() + a.recordSize(),
            ByteBuffer.wrap(primaryBytes(0, a.recordSize())));
        assertThat(r.status()).isEqualTo(ReplicaAppend.Status.NOT_ACCEPTED);
        assertThat(r.reason()).contains("MASTER");
    }

    @Test
    void aBlankTailMayArriveInPieces() throws Exception {
        h = new ReplicaHarness(dir, Map.of());
        long fileSize = 64 * 1024;
        while (h.primary().commitLogMaxOffset() < fileSize) {
            h.primary().putMessage(message("RP", 0, "p" + h.primary().commitLogMaxOffset(), 3000, null)).get();
        }
        // Frames of 100 bytes: records are kept whole by the harness, the blank and its filler come in pieces.
        long at = 0;
        while (at < h.primary().commitLogMaxOffset()) {
            StoredRecord frame = h.primary().readForReplication(at, at % fileSize > fileSize - 4000 ? 100 : 32 * 1024);
            try {
                ByteBuffer whole = ReplicaHarness.wholeRecords(frame);
                if (whole.remaining() == 0) { // a record longer than the frame: take it whole
                    frame.release();
                    frame = h.primary().readForReplication(at, 32 * 1024);
                    whole = ReplicaHarness.wholeRecords(frame);
                }
                ReplicaAppend r = replica().appendRecords(at, whole);
                assertThat(r.status()).as(r.toString()).isEqualTo(ReplicaAppend.Status.APPENDED);
                at = r.maxOffset();
            } finally {
                frame.release();
            }
        }
        long n = h.primary().maxOffsetInQueue("RP", 0);
        dev.petrel.testkit.Await.until(java.time.Duration.ofSeconds(10), "replica dispatched",
            () -> replica().maxOffsetInQueue("RP", 0) == n);
        GetResult g = replica().getMessage("RP", 0, n - 1, 1, 1 << 20, MessageFilter.ALL);
        assertThat(g.status()).isEqualTo(GetStatus.FOUND);
        assertThat(g.records().get(0).physicalOffset()).isGreaterThanOrEqualTo(fileSize);
        g.release();
    }

    @Test
    void queueOffsetsFollowTheRecordsSoAPromotedReplicaContinuesThem() throws Exception {
        h = new ReplicaHarness(dir, Map.of());
        for (int i = 0; i < 7; i++) {
            h.put(message("RQ", i % 2, "q" + i, 40, null));
        }
        replica().setRole(StoreRole.MASTER);
        PutResult next = replica().putMessage(message("RQ", 0, "after", 40, null)).get();
        assertThat(next.status()).isEqualTo(PutStatus.PUT_OK);
        assertThat(next.queueOffset()).isEqualTo(4); // queue 0 held q0, q2, q4, q6
        assertThat(next.physicalOffset()).isEqualTo(h.primary().commitLogMaxOffset());
    }

    @Test
    void truncationCutsTheLogQueuesIndexAndQueueOffsets() throws Exception {
        h = new ReplicaHarness(dir, Map.of());
        PutResult[] puts = new PutResult[30];
        for (int i = 0; i < puts.length; i++) {
            puts[i] = h.put(message("RT", i % 3, "t" + i, 900, null)); // crosses a file boundary
        }
        long cut = puts[20].physicalOffset();
        replica().truncate(cut);
        assertThat(replica().commitLogMaxOffset()).isEqualTo(cut);
        for (int q = 0; q < 3; q++) {
            int expected = 0;
            for (int i = 0; i < 20; i++) {
                expected += i % 3 == q ? 1 : 0;
            }
            assertThat(replica().maxOffsetInQueue("RT", q)).isEqualTo(expected);
        }
        assertThat(replica().lookMessageByOffset(puts[25].physicalOffset())).isNull();
        assertThat(replica().queryOffsetsByKey("RT", "t25", 4, 0, Long.MAX_VALUE)).isEmpty();
        assertThat(replica().queryOffsetsByKey("RT", "t19", 4, 0, Long.MAX_VALUE)).containsExactly(puts[19].physicalOffset());
        // the primary's bytes from the cut are accepted again, and the queue offsets line up
        ReplicaHarness.catchUp(h.primary(), replica());
        assertThat(replica().commitLogMaxOffset()).isEqualTo(h.primary().commitLogMaxOffset());
        dev.petrel.testkit.Await.until(java.time.Duration.ofSeconds(10), "re-dispatched",
            () -> replica().maxOffsetInQueue("RT", 2) == 10);
        replica().truncate(puts[28].physicalOffset());
        replica().setRole(StoreRole.LEADER);
        PutResult after = replica().putMessage(message("RT", 1, "x", 10, null)).get();
        assertThat(after.queueOffset()).as("queue 1 kept t1 .. t25").isEqualTo(9);
        assertThatThrownBy(() -> replica().truncate(-1)).isInstanceOf(IllegalArgumentException.class);
    }
}
