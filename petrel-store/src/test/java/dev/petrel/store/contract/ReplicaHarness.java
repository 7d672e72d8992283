package dev.petrel.store.contract;

import dev.petrel.common.time.Clock;
import dev.petrel.message.MessageDraft;
import dev.petrel.store.LocalMessageStore;
import dev.petrel.store.MessageStore;
import dev.petrel.store.PutResult;
import dev.petrel.store.ReplicaAppend;
import dev.petrel.store.StoreFixture;
import dev.petrel.store.StoreRole;
import dev.petrel.store.StoredRecord;
import dev.petrel.testkit.Await;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * A replica (a SLAVE LocalMessageStore) fed with the primary's CommitLog bytes through appendRecords, in frames of at
 * most 32 KiB that never cross a file boundary (classic HA's framing), records kept whole.
 */
final class ReplicaHarness implements StoreHarness {

    static final int FRAME = 32 * 1024;

    private final Map<String, String> primaryConfig;
    private final Map<String, String> replicaConfig;
    private LocalMessageStore primary;
    private LocalMessageStore replica;

    ReplicaHarness(Path dir, Map<String, String> extra) {
        primaryConfig = StoreFixture.smallConfig(dir.resolve("primary"));
        primaryConfig.putAll(extra);
        replicaConfig = StoreFixture.smallConfig(dir.resolve("replica"));
        replicaConfig.putAll(extra);
        open();
    }

    private void open() {
        primary = StoreFixture.store(primaryConfig, Clock.system());
        primary.start();
        replica = StoreFixture.store(replicaConfig, Clock.system());
        replica.setRole(StoreRole.SLAVE);
        replica.start();
    }

    LocalMessageStore primary() {
        return primary;
    }

    @Override
    public MessageStore store() {
        return replica;
    }

    @Override
    public PutResult put(MessageDraft message) throws Exception {
        return replicated(primary.putMessage(message).get(30, TimeUnit.SECONDS));
    }

    @Override
    public PutResult putBatch(List<MessageDraft> batch) throws Exception {
        return replicated(primary.putMessages(batch).get(30, TimeUnit.SECONDS));
    }

    private PutResult replicated(PutResult r) {
        if (!r.status().isStored()) {
            return r;
        }
        catchUp(primary, replica);
        long end = r.physicalOffset() + r.recordSize();
        Await.until(Duration.ofSeconds(30), "replica dispatched to " + end, () -> replica.dispatchedOffset() >= end);
        return r;
    }

    /** Copies the primary's bytes the replica lacks, frame by frame. */
    static void catchUp(MessageStore from, MessageStore to) {
        long at = to.commitLogMaxOffset();
        if (at == 0 && to.commitLogMinOffset() == 0) {
            at = from.commitLogMinOffset();
        }
        while (at < from.commitLogMaxOffset()) {
            StoredRecord bytes = from.readForReplication(at, FRAME);
            if (bytes == null) {
                throw new IllegalStateException("primary has no bytes at " + at);
            }
            try {
                ReplicaAppend a = to.appendRecords(at, wholeRecords(bytes));
                if (!a.isAppended()) {
                    throw new IllegalStateException("replica refused bytes at " + at + ": " + a);
                }
                at = a.maxOffset();
            } finally {
                bytes.release();
            }
        }
    }

    /** The prefix of a frame that holds whole records (an HA client keeps the rest for the next frame). */
    static java.nio.ByteBuffer wholeRecords(StoredRecord frame) {
        java.nio.ByteBuffer b = frame.buffer().duplicate();
        int p = 0;
        while (p + 8 <= b.limit()) {
            int size = b.getInt(p);
            int magic = b.getInt(p + 4);
            if (magic == dev.petrel.message.MessageRecordLayout.BLANK_MAGIC || size <= 0) { // a blank or its filler
                p = b.limit(); // the blank's filler runs to the end of the file, which ends this frame
                break;
            }
            if (p + size > b.limit()) {
                break;
            }
            p += size;
        }
        return b.limit(p).slice();
    }

    @Override
    public void restart() {
        replica.shutdown();
        primary.shutdown();
        open();
    }

    @Override
    public void close() {
        replica.shutdown();
        primary.shutdown();
    }
}
