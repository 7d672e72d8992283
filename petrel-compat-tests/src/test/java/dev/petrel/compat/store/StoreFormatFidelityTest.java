package dev.petrel.compat.store;

import dev.petrel.common.config.Config;
import dev.petrel.common.time.Clock;
import dev.petrel.message.DecodedMessage;
import dev.petrel.message.Host;
import dev.petrel.message.MessageDraft;
import dev.petrel.message.MessageRecordDecoder;
import dev.petrel.message.TagCode;
import dev.petrel.store.GetResult;
import dev.petrel.store.GetStatus;
import dev.petrel.store.LocalMessageStore;
import dev.petrel.store.MessageFilter;
import dev.petrel.store.PutResult;
import dev.petrel.store.PutStatus;
import dev.petrel.store.StoreConfig;
import dev.petrel.store.StoredRecord;
import org.apache.rocketmq.common.message.MessageExt;
import org.apache.rocketmq.store.DefaultMessageStore;
import org.apache.rocketmq.store.GetMessageResult;
import org.apache.rocketmq.store.PutMessageResult;
import org.apache.rocketmq.store.PutMessageStatus;
import org.apache.rocketmq.store.QueryMessageResult;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Format fidelity with Apache RocketMQ 5.3.1's store, both ways: Petrel reads a directory Apache's
 * DefaultMessageStore wrote (byte-exact through its CommitLog and ConsumeQueue, and by key), and Apache's store
 * opens a directory Petrel wrote and reads Petrel's messages. So a user can point Petrel at an existing store.
 */
class StoreFormatFidelityTest {

    static final int COUNT = 300; // enough to fill several 64 KiB CommitLog files and 50-entry ConsumeQueue files

    @TempDir
    Path dir;

    static byte[] body(int i) {
        byte[] b = new byte[50 + (i * 37) % 700];
        for (int k = 0; k < b.length; k++) {
            b[k] = (byte) (i + k * 7);
        }
        return b;
    }

    static LocalMessageStore petrel(Path root) {
        Map<String, String> raw = new HashMap<>();
        raw.put("storePathRootDir", root.toString());
        raw.put("mappedFileSizeCommitLog", Integer.toString(ApacheStores.COMMIT_LOG_FILE_SIZE));
        raw.put("mappedFileSizeConsumeQueue", Integer.toString(ApacheStores.CONSUME_QUEUE_FILE_SIZE));
        raw.put("maxHashSlotNum", Integer.toString(ApacheStores.HASH_SLOTS));
        raw.put("maxIndexNum", Integer.toString(ApacheStores.INDEX_ENTRIES));
        Config c = StoreConfig.DEF.parse(raw, k -> { });
        return LocalMessageStore.open(c, Clock.system());
    }

    static void await(String what, java.util.function.BooleanSupplier cond) {
        long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
        while (!cond.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("timed out waiting for " + what);
            }
            java.util.concurrent.locks.LockSupport.parkNanos(5_000_000);
        }
    }

    @Test
    void petrelReadsWhatApacheWrote() throws Exception {
        DefaultMessageStore apache = ApacheStores.open(ApacheStores.config(dir, ApacheStores.COMMIT_LOG_FILE_SIZE, false));
        Map<String, List<byte[]>> apacheBytes = new LinkedHashMap<>();
        List<PutMessageResult> results = new ArrayList<>();
        try {
            for (int i = 0; i < COUNT; i++) {
                PutMessageResult r = apache.putMessage(ApacheStores.message("ApacheTopic", i % 3, "key" + i, body(i), "Tag" + (i % 2)));
                assertThat(r.getPutMessageStatus()).isEqualTo(PutMessageStatus.PUT_OK);
                results.add(r);
            }
            await("Apache dispatch", () -> apache.getMaxOffsetInQueue("ApacheTopic", 0) == COUNT / 3);
            for (int q = 0; q < 3; q++) {
                List<byte[]> records = new ArrayList<>();
                long offset = 0;
                while (offset < COUNT / 3) {
                    GetMessageResult g = apache.getMessage("g", "ApacheTopic", q, offset, 32, null);
                    for (ByteBuffer b : g.getMessageBufferList()) {
                        byte[] copy = new byte[b.remaining()];
                        b.duplicate().get(copy);
                        records.add(copy);
                    }
                    offset = g.getNextBeginOffset();
                    g.release();
                }
                apacheBytes.put("ApacheTopic/" + q, records);
            }
        } finally {
            apache.shutdown();
        }
        assertThat(apacheBytes.get("ApacheTopic/0")).hasSize(COUNT / 3);

        try (LocalMessageStore p = petrel(dir)) {
            p.start();
            for (int q = 0; q < 3; q++) {
                assertThat(p.maxOffsetInQueue("ApacheTopic", q)).isEqualTo(COUNT / 3);
                List<byte[]> expected = apacheBytes.get("ApacheTopic/" + q);
                for (int o = 0; o < COUNT / 3; o++) {
                    GetResult g = p.getMessage("ApacheTopic", q, o, 1, 1 << 20, MessageFilter.ALL);
                    assertThat(g.status()).isEqualTo(GetStatus.FOUND);
                    StoredRecord rec = g.records().get(0);
                    assertThat(rec.toByteArray()).as("queue %d offset %d", q, o).isEqualTo(expected.get(o));
                    DecodedMessage m = new MessageRecordDecoder().decode(rec.buffer(), 0);
                    int i = o * 3 + q;
                    assertThat(m.body()).isEqualTo(body(i));
                    assertThat(rec.tagCode()).isEqualTo(TagCode.of("Tag" + (i % 2)));
                    g.release();
                }
            }
            for (int i = 0; i < COUNT; i += 17) {
                long phys = results.get(i).getAppendMessageResult().getWroteOffset();
                assertThat(p.queryOffsetsByKey("ApacheTopic", "key" + i, 8, 0, Long.MAX_VALUE)).contains(phys);
                assertThat(p.queryOffsetsByKey("ApacheTopic", "Ukey" + i, 8, 0, Long.MAX_VALUE)).contains(phys);
                StoredRecord r = p.lookMessageByOffset(phys);
                assertThat(r.size()).isEqualTo(results.get(i).getAppendMessageResult().getWroteBytes());
                r.release();
            }
            // and Petrel appends after Apache's last record
            PutResult more = p.putMessage(draft("ApacheTopic", 0, "after", "x".getBytes(StandardCharsets.US_ASCII)))
                .get(10, TimeUnit.SECONDS);
            assertThat(more.queueOffset()).isEqualTo(COUNT / 3);
            assertThat(more.physicalOffset()).isGreaterThanOrEqualTo(
                results.get(COUNT - 1).getAppendMessageResult().getWroteOffset() + results.get(COUNT - 1).getAppendMessageResult().getWroteBytes());
        }
    }

    static MessageDraft draft(String topic, int queueId, String key, byte[] body) {
        Map<String, String> props = new LinkedHashMap<>();
        props.put("KEYS", key);
        props.put("UNIQ_KEY", "U" + key);
        props.put("TAGS", "Tag" + (key.length() % 2));
        return MessageDraft.builder().topic(topic).queueId(queueId).body(body).properties(props)
            .bornTimestamp(1_700_000_000_000L).bornHost(new Host(new byte[] {10, 0, 0, 7}, 40000))
            .storeHost(new Host(new byte[] {127, 0, 0, 1}, 10911)).build();
    }

    @Test
    void apacheReadsWhatPetrelWrote() throws Exception {
        List<PutResult> results = new ArrayList<>();
        Map<String, List<byte[]>> petrelBytes = new LinkedHashMap<>();
        try (LocalMessageStore p = petrel(dir)) {
            p.start();
            for (int i = 0; i < COUNT; i++) {
                PutResult r = p.putMessage(draft("PetrelTopic", i % 3, "key" + i, body(i))).get(10, TimeUnit.SECONDS);
                assertThat(r.status()).isEqualTo(PutStatus.PUT_OK);
                results.add(r);
            }
            await("Petrel dispatch", () -> p.maxOffsetInQueue("PetrelTopic", 0) == COUNT / 3);
            for (int q = 0; q < 3; q++) {
                List<byte[]> records = new ArrayList<>();
                for (int o = 0; o < COUNT / 3; o++) {
                    GetResult g = p.getMessage("PetrelTopic", q, o, 1, 1 << 20, MessageFilter.ALL);
                    records.add(g.records().get(0).toByteArray());
                    g.release();
                }
                petrelBytes.put("PetrelTopic/" + q, records);
            }
        }

        DefaultMessageStore apache = ApacheStores.open(ApacheStores.config(dir, ApacheStores.COMMIT_LOG_FILE_SIZE, false));
        try {
            for (int q = 0; q < 3; q++) {
                assertThat(apache.getMaxOffsetInQueue("PetrelTopic", q)).isEqualTo(COUNT / 3);
                assertThat(apache.getMinOffsetInQueue("PetrelTopic", q)).isZero();
                List<byte[]> expected = petrelBytes.get("PetrelTopic/" + q);
                long offset = 0;
                int n = 0;
                while (offset < COUNT / 3) {
                    GetMessageResult g = apache.getMessage("g", "PetrelTopic", q, offset, 32, null);
                    assertThat(g.getStatus().name()).isEqualTo("FOUND");
                    for (ByteBuffer b : g.getMessageBufferList()) {
                        byte[] copy = new byte[b.remaining()];
                        b.duplicate().get(copy);
                        assertThat(copy).as("queue %d record %d", q, n).isEqualTo(expected.get(n));
                        n++;
                    }
                    offset = g.getNextBeginOffset();
                    g.release();
                }
                assertThat(n).isEqualTo(COUNT / 3);
            }
            for (int i = 0; i < COUNT; i += 13) {
                PutResult r = results.get(i);
                MessageExt m = apache.lookMessageByOffset(r.physicalOffset());
                assertThat(m.getTopic()).isEqualTo("PetrelTopic");
                assertThat(m.getBody()).isEqualTo(body(i));
                assertThat(m.getKeys()).isEqualTo("key" + i);
                assertThat(m.getQueueOffset()).isEqualTo(r.queueOffset());
                assertThat(m.getStoreTimestamp()).isEqualTo(r.storeTimestamp());
                assertThat(m.getMsgId()).isEqualTo(r.msgId());
                QueryMessageResult byKey = apache.queryMessage("PetrelTopic", "key" + i, 8, 0, Long.MAX_VALUE);
                assertThat(byKey.getMessageMapedList()).extracting(org.apache.rocketmq.store.SelectMappedBufferResult::getStartOffset)
                    .contains(r.physicalOffset());
                byKey.release();
            }
            PutMessageResult more = apache.putMessage(ApacheStores.message("PetrelTopic", 0, "after", body(1), "TagX"));
            assertThat(more.getPutMessageStatus()).isEqualTo(PutMessageStatus.PUT_OK);
            assertThat(more.getAppendMessageResult().getLogicsOffset()).isEqualTo(COUNT / 3);
        } finally {
            apache.shutdown();
        }
    }
}
