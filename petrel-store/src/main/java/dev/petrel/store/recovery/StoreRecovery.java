package dev.petrel.store.recovery;

import dev.petrel.message.MessageRecordLayout;
import dev.petrel.store.checkpoint.CheckpointLayout;
import dev.petrel.store.commitlog.CommitLog;
import dev.petrel.store.consumequeue.ConsumeQueue;
import dev.petrel.store.consumequeue.ConsumeQueueTable;
import dev.petrel.store.file.Segment;
import dev.petrel.store.index.IndexService;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.nio.ByteBuffer;
import java.util.List;

/**
 * Brings CommitLog, ConsumeQueues and index back to a consistent state before the store starts
 * (storage-layout.md §6, and docs/storage.md "Recovery"). Runs on the starting thread, before any loop exists.
 *
 * <ol>
 *   <li>Each ConsumeQueue: keep the prefix of valid entries (after a crash, verified from the point the checkpoint
 *   vouches for).</li>
 *   <li>CommitLog: scan records (body CRC and PHYSICALOFFSET checked) to the first invalid one. Clean shutdown: from the third-last file.
 *   Crash: from the newest file whose first record is older than the checkpoint's safe time.</li>
 *   <li>Drop ConsumeQueue entries pointing at or past the valid end; cut the CommitLog there; after a crash zero the
 *   rest of that file so stale bytes can never be parsed as records later.</li>
 *   <li>Drop IndexFiles holding entries for records past the valid end; after a crash also the unfinished last
 *   IndexFile; re-index from the end of the last file kept.</li>
 *   <li>The caller re-dispatches from {@link Outcome#dispatchFrom()} (idempotent: duplicates are skipped).</li>
 * </ol>
 */
public final class StoreRecovery {

    private static final Logger LOG = LoggerFactory.getLogger(StoreRecovery.class);

    /** @param processOffset end of the last valid record; @param dispatchFrom where re-dispatch starts */
    public record Outcome(long processOffset, long dispatchFrom, boolean abnormal) {
    }

    private StoreRecovery() {
    }

    public static Outcome recover(CommitLog commitLog, ConsumeQueueTable queues, IndexService index,
                                  CheckpointLayout.CheckpointValues checkpoint, boolean abnormal, boolean checkCrc) {
        List<Segment> segs = commitLog.log().segments();
        int abnormalStart = abnormal && !segs.isEmpty() ? abnormalStart(segs, checkpoint) : 0;
        long verifyFrom = abnormal ? (segs.isEmpty() ? 0 : segs.get(abnormalStart).startOffset()) : Long.MAX_VALUE;
        long maxPhyOffsetOfConsumeQueue = -1;
        for (ConsumeQueue cq : queues.all()) {
            maxPhyOffsetOfConsumeQueue = Math.max(maxPhyOffsetOfConsumeQueue, cq.recover(verifyFrom));
        }
        long processOffset;
        long scanFrom;
        if (segs.isEmpty()) {
            processOffset = 0;
            scanFrom = 0;
            for (ConsumeQueue cq : queues.all()) {
                queues.remove(cq.topic());
            }
        } else {
            int start = abnormal ? abnormalStart : Math.max(0, segs.size() - 3);
            scanFrom = segs.get(start).startOffset();
            processOffset = scan(segs, start, checkCrc);
        }
        if (maxPhyOffsetOfConsumeQueue >= processOffset) {
            for (ConsumeQueue cq : queues.all()) {
                cq.truncateDirty(processOffset);
                cq.log().zeroTail(cq.log().maxOffset());
            }
        } else if (abnormal) {
            for (ConsumeQueue cq : queues.all()) {
                cq.log().zeroTail(cq.log().maxOffset());
            }
        }
        if (!segs.isEmpty()) {
            commitLog.log().truncateFrom(processOffset);
            if (abnormal) {
                commitLog.log().zeroTail(processOffset);
            }
        }
        commitLog.log().setFlushedWhere(processOffset);
        long reindexFrom = index == null ? Long.MAX_VALUE : index.dropFilesBeyond(processOffset, commitLog.minOffset());
        long dispatchFrom;
        if (abnormal) {
            dispatchFrom = scanFrom;
            if (index != null) {
                dispatchFrom = Math.min(dispatchFrom, index.dropUnfinishedLastFile(commitLog.minOffset()));
            }
        } else {
            dispatchFrom = Math.min(processOffset, Math.max(maxPhyOffsetOfConsumeQueue, commitLog.minOffset()));
        }
        dispatchFrom = Math.max(Math.min(dispatchFrom, reindexFrom), commitLog.minOffset());
        LOG.info("recovered {} shutdown: CommitLog valid to {}, re-dispatch from {}", abnormal ? "after an abnormal"
            : "after a clean", processOffset, dispatchFrom);
        return new Outcome(processOffset, dispatchFrom, abnormal);
    }

    /** Newest file whose first record is valid and stored before the checkpoint's safe time; else the first file. */
    private static int abnormalStart(List<Segment> segs, CheckpointLayout.CheckpointValues cp) {
        long safe = cp.minTimestamp();
        for (int i = segs.size() - 1; i >= 0; i--) {
            ByteBuffer b = segs.get(i).file().buffer();
            int magic = MessageRecordLayout.magic(b, 0);
            if (magic != MessageRecordLayout.MAGIC_V1 && magic != MessageRecordLayout.MAGIC_V2) {
                continue;
            }
            long storeTs = MessageRecordLayout.storeTimestamp(b, 0);
            if (storeTs != 0 && storeTs <= safe) {
                return i;
            }
        }
        return 0;
    }

    /** Offset just past the last valid record, scanning from segment {@code start}. */
    private static long scan(List<Segment> segs, int start, boolean checkCrc) {
        long end = segs.get(start).startOffset();
        for (int i = start; i < segs.size(); i++) {
            Segment s = segs.get(i);
            if (s.startOffset() != end && i > start) {
                return end; // a missing file: nothing after it can be trusted
            }
            ByteBuffer b = s.file().buffer();
            int p = 0;
            boolean nextFile = false;
            while (p < s.size()) {
                int r = MessageRecordLayout.check(b, p, s.size(), checkCrc);
                if (r > 0 && MessageRecordLayout.physicalOffset(b, p) != s.startOffset() + p) {
                    r = MessageRecordLayout.CHECK_INVALID; // a record that does not know where it is: damaged header
                }
                if (r > 0) {
                    p += r;
                    end = s.startOffset() + p;
                } else if (r == MessageRecordLayout.CHECK_BLANK) {
                    end = s.endOffset();
                    nextFile = true;
                    break;
                } else {
                    return end;
                }
            }
            if (!nextFile && p < s.size()) {
                return end;
            }
        }
        return end;
    }
}
