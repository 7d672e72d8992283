package dev.petrel.store;

import dev.petrel.common.time.ManualClock;
import dev.petrel.message.DecodedMessage;
import dev.petrel.message.MessageDraft;
import dev.petrel.message.MessageRecordLayout;
import dev.petrel.message.OffsetMessageId;
import dev.petrel.message.SysFlag;
import dev.petrel.message.TagCode;
import dev.petrel.testkit.Await;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;

import static dev.petrel.store.StoreFixture.message;
import static org.assertj.core.api.Assertions.assertThat;

class StoreBasicsTest {

    @TempDir
    Path dir;
    final ManualClock clock = new ManualClock(1_700_000_000_000L);
    LocalMessageStore store;

    LocalMessageStore open(Map<String, String> extra) {
        Map<String, String> cfg = StoreFixture.smallConfig(dir);
        cfg.putAll(extra);
        store = StoreFixture.store(cfg, clock);
        store.start();
        return store;
    }

    @AfterEach
    void close() {
        if (store != null) {
            store.shutdown();
        }
    }

    PutResult put(MessageDraft d) throws Exception {
        return store.putMessage(d).get(10, TimeUnit.SECONDS);
    }

    void awaitDispatched(String topic, int queueId, long max) {
        Await.until(Duration.ofSeconds(10), "dispatch of " + topic + "/" + queueId + " to " + max,
            () -> store.maxOffsetInQueue(topic, queueId) >= max);
    }

    @Test
    void putThenGetIsByteExact() throws Exception {
        open(Map.of());
        MessageDraft d = message("TopicA", 1, "k1", 100, "TagA");
        PutResult r = put(d);
        assertThat(r.status()).isEqualTo(PutStatus.PUT_OK);
        assertThat(r.physicalOffset()).isZero();
        assertThat(r.queueOffset()).isZero();
        assertThat(r.recordSize()).isEqualTo(d.recordSize());
        assertThat(r.storeTimestamp()).isEqualTo(clock.millis());
        assertThat(r.msgId()).isEqualTo(OffsetMessageId.encode(StoreFixture.STORE, 0));
        awaitDispatched("TopicA", 1, 1);

        GetResult g = store.getMessage("TopicA", 1, 0, 32, 1 << 20, MessageFilter.ALL);
        try {
            assertThat(g.status()).isEqualTo(GetStatus.FOUND);
            assertThat(g.nextBeginOffset()).isEqualTo(1);
            assertThat(g.records()).hasSize(1);
            ByteBuffer expected = ByteBuffer.allocate(d.recordSize());
            MessageRecordLayout.encode(expected, 0, d, 0, 0, clock.millis());
            assertThat(g.records().get(0).toByteArray()).isEqualTo(expected.array());
            assertThat(g.records().get(0).tagCode()).isEqualTo(TagCode.of("TagA"));
        } finally {
            g.release();
        }
    }

    @Test
    void queueOffsetsPerQueueAndRollingFilesWithBlankMarker() throws Exception {
        open(Map.of());
        List<PutResult> results = new ArrayList<>();
        for (int i = 0; i < 200; i++) {
            results.add(put(message("TopicA", i % 3, "k" + i, 1000, null)));
        }
        for (int i = 0; i < 200; i++) {
            assertThat(results.get(i).queueOffset()).isEqualTo(i / 3);
        }
        assertThat(store.commitLogMaxOffset()).isGreaterThan(2 * 64 * 1024);
        awaitDispatched("TopicA", 0, 67);
        awaitDispatched("TopicA", 2, 66);
        // every record is whole inside one file, and the file before each roll ends with the blank marker
        for (PutResult r : results) {
            assertThat(r.physicalOffset() / (64 * 1024)).isEqualTo((r.physicalOffset() + r.recordSize() - 1) / (64 * 1024));
        }
        long firstInSecondFile = results.stream().filter(r -> r.physicalOffset() >= 64 * 1024).findFirst().orElseThrow()
            .physicalOffset();
        assertThat(firstInSecondFile).isEqualTo(64 * 1024);
        PutResult lastInFirst = results.stream().filter(r -> r.physicalOffset() < 64 * 1024).reduce((a, b) -> b).orElseThrow();
        StoredRecord marker = store.readBytes(lastInFirst.physicalOffset() + lastInFirst.recordSize(), 8);
        assertThat(marker.buffer().getInt(0)).isEqualTo(64 * 1024 - (int) (lastInFirst.physicalOffset() + lastInFirst.recordSize()));
        assertThat(marker.buffer().getInt(4)).isEqualTo(MessageRecordLayout.BLANK_MAGIC);
        marker.release();

        GetResult g = store.getMessage("TopicA", 1, 10, 5, 1 << 20, MessageFilter.ALL);
        assertThat(g.records()).extracting(r -> StoreFixture.decode(r).keys())
            .containsExactly("k31", "k34", "k37", "k40", "k43");
        assertThat(g.nextBeginOffset()).isEqualTo(15);
        g.release();
    }

    @Test
    void getStatusesFollowRocketMq() throws Exception {
        open(Map.of());
        assertThat(store.getMessage("Nope", 0, 0, 1, 1000, MessageFilter.ALL).status()).isEqualTo(GetStatus.NO_MATCHED_LOGIC_QUEUE);
        for (int i = 0; i < 5; i++) {
            put(message("T", 0, "k" + i, 10, i % 2 == 0 ? "even" : "odd"));
        }
        awaitDispatched("T", 0, 5);
        GetResult over1 = store.getMessage("T", 0, 5, 1, 1000, MessageFilter.ALL);
        assertThat(over1.status()).isEqualTo(GetStatus.OFFSET_OVERFLOW_ONE);
        assertThat(over1.nextBeginOffset()).isEqualTo(5);
        GetResult bad = store.getMessage("T", 0, 9, 1, 1000, MessageFilter.ALL);
        assertThat(bad.status()).isEqualTo(GetStatus.OFFSET_OVERFLOW_BADLY);
        assertThat(bad.nextBeginOffset()).isEqualTo(5);
        long odd = TagCode.of("odd");
        MessageFilter oddOnly = tag -> tag == odd;
        GetResult f = store.getMessage("T", 0, 0, 32, 1 << 20, oddOnly);
        assertThat(f.status()).isEqualTo(GetStatus.FOUND);
        assertThat(f.records()).extracting(StoredRecord::queueOffset).containsExactly(1L, 3L);
        assertThat(f.nextBeginOffset()).isEqualTo(5);
        f.release();
        GetResult none = store.getMessage("T", 0, 4, 32, 1 << 20, oddOnly);
        assertThat(none.status()).isEqualTo(GetStatus.NO_MATCHED_MESSAGE);
        assertThat(none.nextBeginOffset()).isEqualTo(5);
        GetResult bytesCapped = store.getMessage("T", 0, 0, 32, 1, MessageFilter.ALL);
        assertThat(bytesCapped.records()).hasSize(1);
        assertThat(bytesCapped.nextBeginOffset()).isEqualTo(1);
        bytesCapped.release();
    }

    @Test
    void refusesWhatCannotBeStored() throws Exception {
        open(Map.of());
        assertThat(put(message("T", 0, "big", 16 * 1024 + 1, null)).status()).isEqualTo(PutStatus.MESSAGE_ILLEGAL);
        MessageDraft longProps = message("T", 0, "p", 1, null).toBuilder().properties("K\u0001" + "v".repeat(40_000) + "\u0002").build();
        PutResult p = put(longProps);
        assertThat(p.status()).isEqualTo(PutStatus.PROPERTIES_SIZE_EXCEEDED);
        assertThat(p.reason()).contains("32767");
        assertThat(put(message("t".repeat(128), 0, "x", 1, null)).status()).isEqualTo(PutStatus.MESSAGE_ILLEGAL);
        assertThat(store.commitLogMaxOffset()).isZero();
    }

    @Test
    void transactionPreparedAndRollbackAreNotDispatched() throws Exception {
        open(Map.of());
        put(message("T", 0, "a", 10, null));
        PutResult prepared = put(message("T", 0, "b", 10, null).toBuilder().sysFlag(SysFlag.TRANSACTION_PREPARED_TYPE).build());
        PutResult rollback = put(message("T", 0, "c", 10, null).toBuilder().sysFlag(SysFlag.TRANSACTION_ROLLBACK_TYPE).build());
        PutResult commit = put(message("T", 0, "d", 10, null).toBuilder().sysFlag(SysFlag.TRANSACTION_COMMIT_TYPE)
            .preparedTransactionOffset(prepared.physicalOffset()).build());
        assertThat(prepared.queueOffset()).isZero();
        assertThat(rollback.queueOffset()).isZero();
        assertThat(commit.queueOffset()).isEqualTo(1);
        Await.until(Duration.ofSeconds(10), "dispatch", () -> store.dispatchedOffset() == store.commitLogMaxOffset());
        assertThat(store.maxOffsetInQueue("T", 0)).isEqualTo(2);
        assertThat(store.queryOffsetsByKey("T", "b", 10, 0, Long.MAX_VALUE)).containsExactly(prepared.physicalOffset());
        assertThat(store.queryOffsetsByKey("T", "c", 10, 0, Long.MAX_VALUE)).isEmpty();
        StoredRecord c = store.lookMessageByOffset(commit.physicalOffset());
        assertThat(StoreFixture.decode(c).preparedTransactionOffset()).isEqualTo(prepared.physicalOffset());
        c.release();
    }

    @Test
    void scheduleTopicTagSlotHoldsDeliveryTime() throws Exception {
        open(Map.of("messageDelayLevel", "1s 5s 10s"));
        MessageDraft d = message(DelayLevels.SCHEDULE_TOPIC, 1, "d", 10, "TagA").toBuilder()
            .properties(StoreFixture.props("TAGS", "TagA", "DELAY", "2", "REAL_TOPIC", "T", "REAL_QID", "0")).build();
        PutResult r = put(d);
        MessageDraft clamped = d.toBuilder().properties(StoreFixture.props("DELAY", "99")).build();
        put(clamped);
        awaitDispatched(DelayLevels.SCHEDULE_TOPIC, 1, 2);
        GetResult g = store.getMessage(DelayLevels.SCHEDULE_TOPIC, 1, 0, 2, 1 << 20, MessageFilter.ALL);
        assertThat(g.records().get(0).tagCode()).isEqualTo(r.storeTimestamp() + 5000);
        assertThat(g.records().get(1).tagCode()).isEqualTo(r.storeTimestamp() + 10_000);
        g.release();
    }

    @Test
    void batchAppendsContiguouslyWithConsecutiveOffsets() throws Exception {
        open(Map.of());
        put(message("B", 0, "first", 10, null));
        List<MessageDraft> batch = new ArrayList<>();
        for (int i = 0; i < 10; i++) {
            batch.add(message("B", 0, "b" + i, 50, null));
        }
        PutResult r = store.putMessages(batch).get(10, TimeUnit.SECONDS);
        assertThat(r.status()).isEqualTo(PutStatus.PUT_OK);
        assertThat(r.queueOffset()).isEqualTo(1);
        assertThat(r.messageCount()).isEqualTo(10);
        assertThat(r.msgId().split(",")).hasSize(10);
        awaitDispatched("B", 0, 11);
        GetResult g = store.getMessage("B", 0, 1, 32, 1 << 20, MessageFilter.ALL);
        long phys = r.physicalOffset();
        for (int i = 0; i < 10; i++) {
            StoredRecord rec = g.records().get(i);
            assertThat(rec.physicalOffset()).isEqualTo(phys);
            DecodedMessage m = StoreFixture.decode(rec);
            assertThat(m.keys()).isEqualTo("b" + i);
            assertThat(m.queueOffset()).isEqualTo(1 + i);
            phys += rec.size();
        }
        g.release();
    }

    @Test
    void queryByKeyUniqKeyAndTime() throws Exception {
        open(Map.of());
        List<PutResult> rs = new ArrayList<>();
        for (int i = 0; i < 30; i++) {
            rs.add(put(message("Q", 0, "key" + (i % 3), 10, null)));
            clock.advance(1, TimeUnit.SECONDS);
        }
        Await.until(Duration.ofSeconds(10), "dispatch", () -> store.dispatchedOffset() == store.commitLogMaxOffset());
        List<Long> offs = store.queryOffsetsByKey("Q", "key1", 64, 0, Long.MAX_VALUE);
        assertThat(offs).hasSize(10);
        assertThat(offs.get(0)).isEqualTo(rs.get(28).physicalOffset());
        assertThat(store.queryOffsetsByKey("Q", "Ukey2", 64, 0, Long.MAX_VALUE)).hasSize(10);
        long t10 = rs.get(10).storeTimestamp();
        assertThat(store.queryOffsetsByKey("Q", "key1", 64, t10, t10 + 5000)).hasSize(2);
        List<StoredRecord> recs = store.queryMessage("Q", "key0", 3, 0, Long.MAX_VALUE);
        assertThat(recs).hasSize(3);
        recs.forEach(StoredRecord::release);

        assertThat(store.offsetInQueueByTime("Q", 0, t10, BoundaryType.LOWER)).isEqualTo(10);
        assertThat(store.offsetInQueueByTime("Q", 0, t10 + 500, BoundaryType.LOWER)).isEqualTo(11);
        assertThat(store.offsetInQueueByTime("Q", 0, t10 + 500, BoundaryType.UPPER)).isEqualTo(10);
        assertThat(store.offsetInQueueByTime("Q", 0, 0, BoundaryType.LOWER)).isZero();
        assertThat(store.offsetInQueueByTime("Q", 0, Long.MAX_VALUE, BoundaryType.LOWER)).isEqualTo(30);
        assertThat(store.messageStoreTimestamp("Q", 0, 10)).isEqualTo(t10);
        assertThat(store.commitLogOffsetInQueue("Q", 0, 10)).isEqualTo(rs.get(10).physicalOffset());
        assertThat(store.earliestMessageTime()).isEqualTo(rs.get(0).storeTimestamp());
        assertThat(store.earliestMessageTime("Q", 0)).isEqualTo(rs.get(0).storeTimestamp());
    }

    @Test
    void listenerSeesEveryEntryPromptly() throws Exception {
        open(Map.of());
        List<String> seen = new CopyOnWriteArrayList<>();
        store.addDispatchListener((t, q, o, tag, ts, props) -> seen.add(t + "/" + q + "/" + o + "/" + props.get("KEYS")));
        for (int i = 0; i < 20; i++) {
            put(message("L", i % 2, "k" + i, 10, null));
        }
        Await.until(Duration.ofSeconds(5), "20 notifications", () -> seen.size() == 20);
        assertThat(seen).contains("L/0/0/k0", "L/1/9/k19");
    }

    @Test
    void syncFlushAcknowledgesAfterForce() throws Exception {
        open(Map.of("flushDiskType", "SYNC_FLUSH"));
        PutResult r = put(message("S", 0, "s", 100, null));
        assertThat(r.status()).isEqualTo(PutStatus.PUT_OK);
        long end = r.physicalOffset() + r.recordSize();
        // the ConsumeQueue entry becomes visible a moment before the dispatcher publishes its position
        Await.until(Duration.ofSeconds(10), "dispatch to " + end, () -> store.dispatchedOffset() == end);
        assertThat(store.maxOffsetInQueue("S", 0)).isEqualTo(1);
    }

    @Test
    void transientStorePoolCommitsInTheBackground() throws Exception {
        open(Map.of("transientStorePoolEnable", "true", "transientStorePoolSize", "2", "commitIntervalCommitLog", "5"));
        List<PutResult> rs = new ArrayList<>();
        for (int i = 0; i < 300; i++) {
            rs.add(put(message("P", 0, "k" + i, 500, null)));
        }
        awaitDispatched("P", 0, 300);
        GetResult g = store.getMessage("P", 0, 250, 32, 1 << 20, MessageFilter.ALL);
        assertThat(StoreFixture.decode(g.records().get(0)).keys()).isEqualTo("k250");
        g.release();
        store.shutdown();
        store = StoreFixture.store(StoreFixture.smallConfig(dir), clock);
        store.start();
        assertThat(store.maxOffsetInQueue("P", 0)).isEqualTo(300);
        assertThat(Files.exists(dir.resolve("abort"))).isTrue();
    }

    @Test
    void deleteTopicsRemovesQueuesAndRestartsOffsets() throws Exception {
        open(Map.of());
        put(message("D", 0, "a", 10, null));
        awaitDispatched("D", 0, 1);
        store.deleteTopics(java.util.Set.of("D"));
        assertThat(store.topics()).doesNotContain("D");
        assertThat(Files.exists(dir.resolve("consumequeue").resolve("D"))).isFalse();
        assertThat(put(message("D", 0, "b", 10, null)).queueOffset()).isZero();
    }
}
