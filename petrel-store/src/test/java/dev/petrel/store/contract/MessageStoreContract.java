package dev.petrel.store.contract;

import dev.petrel.message.DecodedMessage;
import dev.petrel.message.MessageDraft;
import dev.petrel.store.GetResult;
import dev.petrel.store.GetStatus;
import dev.petrel.store.MessageFilter;
import dev.petrel.store.MessageStore;
import dev.petrel.store.PutResult;
import dev.petrel.store.PutStatus;
import dev.petrel.store.StoreFixture;
import dev.petrel.store.StoreRole;
import dev.petrel.store.StoredRecord;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

import static dev.petrel.store.StoreFixture.message;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * What every MessageStore implementation promises the broker, run against each (subclasses pick the harness):
 * LocalMessageStore in each gate mode, and a replica fed by appendRecords from a primary.
 */
abstract class MessageStoreContract {

    @TempDir
    Path dir;
    StoreHarness h;

    abstract StoreHarness harness(Path dir);

    @BeforeEach
    void open() {
        h = harness(dir);
    }

    @AfterEach
    void close() {
        h.close();
    }

    @Test
    void anAcknowledgedPutIsVisibleEverywhereAtOnce() throws Exception {
        for (int i = 0; i < 40; i++) {
            PutResult r = h.put(message("CT", i % 4, "k" + i, 100 + i * 13, "tag" + i % 3));
            assertThat(r.status()).isEqualTo(PutStatus.PUT_OK);
            MessageStore s = h.store();
            assertThat(s.maxOffsetInQueue("CT", i % 4)).isEqualTo(r.queueOffset() + 1);
            GetResult g = s.getMessage("CT", i % 4, r.queueOffset(), 1, 1 << 20, MessageFilter.ALL);
            assertThat(g.status()).isEqualTo(GetStatus.FOUND);
            DecodedMessage m = StoreFixture.decode(g.records().get(0));
            assertThat(m.keys()).isEqualTo("k" + i);
            assertThat(m.physicalOffset()).isEqualTo(r.physicalOffset());
            assertThat(m.body()).isEqualTo(StoreFixture.bodyOf("k" + i, 100 + i * 13));
            g.release();
            StoredRecord byOffset = s.lookMessageByOffset(r.physicalOffset());
            assertThat(byOffset.size()).isEqualTo(r.recordSize());
            byOffset.release();
            assertThat(s.queryOffsetsByKey("CT", "k" + i, 4, 0, Long.MAX_VALUE)).containsExactly(r.physicalOffset());
            assertThat(s.confirmedOffset()).isGreaterThanOrEqualTo(r.physicalOffset() + r.recordSize());
            assertThat(s.commitLogMaxOffset()).isGreaterThanOrEqualTo(s.confirmedOffset());
        }
    }

    @Test
    void batchesGetConsecutiveQueueOffsets() throws Exception {
        h.put(message("CB", 1, "first", 50, null));
        List<MessageDraft> batch = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            batch.add(message("CB", 1, "b" + i, 60, null));
        }
        PutResult r = h.putBatch(batch);
        assertThat(r.queueOffset()).isEqualTo(1);
        assertThat(r.messageCount()).isEqualTo(5);
        assertThat(h.store().maxOffsetInQueue("CB", 1)).isEqualTo(6);
        GetResult g = h.store().getMessage("CB", 1, 1, 32, 1 << 20, MessageFilter.ALL);
        assertThat(g.records()).hasSize(5);
        assertThat(StoreFixture.decode(g.records().get(4)).keys()).isEqualTo("b4");
        g.release();
    }

    @Test
    void filesRollWithBlankRecordsAndEverythingStaysReadable() throws Exception {
        List<PutResult> puts = new ArrayList<>();
        for (int i = 0; i < 300; i++) { // ~300 KiB over 64 KiB CommitLog files
            puts.add(h.put(message("CR", i % 2, "r" + i, 700 + i % 300, null)));
        }
        assertThat(h.store().commitLogMaxOffset()).isGreaterThan(4L * 64 * 1024);
        for (int i = 0; i < puts.size(); i++) {
            GetResult g = h.store().getMessage("CR", i % 2, puts.get(i).queueOffset(), 1, 1 << 20, MessageFilter.ALL);
            assertThat(g.status()).isEqualTo(GetStatus.FOUND);
            assertThat(StoreFixture.decode(g.records().get(0)).keys()).isEqualTo("r" + i);
            g.release();
        }
        List<Long> scanned = new ArrayList<>();
        h.store().scanRecords(0, (offset, record) -> scanned.add(offset));
        assertThat(scanned).containsExactlyElementsOf(puts.stream().map(PutResult::physicalOffset).toList());
    }

    @Test
    void everythingSurvivesARestart() throws Exception {
        PutResult a = h.put(message("CS", 0, "s0", 80, null));
        PutResult b = h.put(message("CS", 0, "s1", 80, null));
        h.restart();
        MessageStore s = h.store();
        assertThat(s.maxOffsetInQueue("CS", 0)).isEqualTo(2);
        assertThat(s.queryOffsetsByKey("CS", "s1", 4, 0, Long.MAX_VALUE)).containsExactly(b.physicalOffset());
        PutResult c = h.put(message("CS", 0, "s2", 80, null));
        assertThat(c.queueOffset()).isEqualTo(2);
        assertThat(c.physicalOffset()).isEqualTo(b.physicalOffset() + b.recordSize());
        assertThat(a.queueOffset()).isZero();
    }

    @Test
    void deletedTopicsDisappearFromReads() throws Exception {
        h.put(message("CD", 0, "d", 30, null));
        assertThat(h.store().topics()).contains("CD");
        h.store().deleteTopics(Set.of("CD"));
        assertThat(h.store().topics()).doesNotContain("CD");
        assertThat(h.store().maxOffsetInQueue("CD", 0)).isZero();
    }

    @Test
    void aReplicaRoleRefusesPutsWithTheStatusOfItsScheme() throws Exception {
        MessageStore s = h.store();
        StoreRole before = s.role();
        try {
            s.setRole(StoreRole.SLAVE);
            PutResult slave = s.putMessage(message("CF", 0, "x", 10, null)).get();
            assertThat(slave.status()).isEqualTo(PutStatus.SERVICE_NOT_AVAILABLE);
            assertThat(slave.reason()).contains("SLAVE");
            s.setRole(StoreRole.FOLLOWER);
            PutResult follower = s.putMessages(List.of(message("CF", 0, "y", 10, null))).get();
            assertThat(follower.status()).isEqualTo(PutStatus.NOT_LEADER);
            assertThat(s.maxOffsetInQueue("CF", 0)).isZero();
            assertThat(s.commitLogMaxOffset()).isZero();
        } finally {
            s.setRole(before);
        }
    }
}
