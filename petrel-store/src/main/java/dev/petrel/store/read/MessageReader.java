package dev.petrel.store.read;

import dev.petrel.message.MessageRecordLayout;
import dev.petrel.store.BoundaryType;
import dev.petrel.store.GetResult;
import dev.petrel.store.GetStatus;
import dev.petrel.store.MessageFilter;
import dev.petrel.store.StoredRecord;
import dev.petrel.store.commitlog.CommitLog;
import dev.petrel.store.consumequeue.ConsumeQueue;
import dev.petrel.store.consumequeue.ConsumeQueueLayout;
import dev.petrel.store.consumequeue.ConsumeQueueTable;
import dev.petrel.store.file.SelectedBytes;
import dev.petrel.store.index.IndexService;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;

/**
 * Every read of the store: by queue offset (with RocketMQ's GetMessageStatus rules), by physical offset, by key,
 * by time. Stateless and lock-free; any thread. Records are handed out as retained mapped slices.
 */
public final class MessageReader {

    /** RocketMQ's cap on ConsumeQueue bytes scanned by one get when filtering. */
    private static final int MIN_FILTER_SCAN_BYTES = 16_000;

    private final CommitLog commitLog;
    private final ConsumeQueueTable queues;
    private final IndexService index;
    private final int maxTransferBytes;
    private final int maxTransferCount;
    private final int maxQueryResults;
    private final java.util.function.LongSupplier confirmedOffset;

    /** @param confirmedOffset the commit gate's confirmed offset: reads by physical offset stop there */
    public MessageReader(CommitLog commitLog, ConsumeQueueTable queues, IndexService index, int maxTransferBytes,
                         int maxTransferCount, int maxQueryResults, java.util.function.LongSupplier confirmedOffset) {
        this.confirmedOffset = confirmedOffset;
        this.commitLog = commitLog;
        this.queues = queues;
        this.index = index;
        this.maxTransferBytes = maxTransferBytes;
        this.maxTransferCount = maxTransferCount;
        this.maxQueryResults = maxQueryResults;
    }

    public GetResult get(String topic, int queueId, long offset, int maxCount, int maxBytes, MessageFilter filter) {
        ConsumeQueue cq = queues.find(topic, queueId);
        if (cq == null) {
            return GetResult.of(GetStatus.NO_MATCHED_LOGIC_QUEUE, 0, 0, 0);
        }
        long min = cq.minOffset();
        long max = cq.maxOffset();
        if (max == 0) {
            return GetResult.of(GetStatus.NO_MESSAGE_IN_QUEUE, 0, min, max);
        }
        if (offset < min) {
            return GetResult.of(GetStatus.OFFSET_TOO_SMALL, min, min, max);
        }
        if (offset == max) {
            return GetResult.of(GetStatus.OFFSET_OVERFLOW_ONE, offset, min, max);
        }
        if (offset > max) {
            return GetResult.of(GetStatus.OFFSET_OVERFLOW_BADLY, max, min, max);
        }
        SelectedBytes entries = cq.select(offset);
        if (entries == null) {
            return GetResult.of(GetStatus.OFFSET_FOUND_NULL, cq.rollNextFile(offset), min, max);
        }
        int countLimit = Math.min(Math.max(1, maxCount), maxTransferCount);
        int bytesLimit = Math.min(Math.max(1, maxBytes), maxTransferBytes);
        GetStatus status = GetStatus.NO_MATCHED_MESSAGE;
        List<StoredRecord> records = new ArrayList<>(Math.min(countLimit, 32));
        int total = 0;
        long skipBelow = Long.MIN_VALUE;
        int i = 0;
        try {
            ByteBuffer b = entries.buffer();
            int scanLimit = Math.min(b.limit(), Math.max(MIN_FILTER_SCAN_BYTES, countLimit * ConsumeQueueLayout.ENTRY_SIZE));
            for (; i + ConsumeQueueLayout.ENTRY_SIZE <= scanLimit; i += ConsumeQueueLayout.ENTRY_SIZE) {
                long phys = ConsumeQueueLayout.physicalOffset(b, i);
                int size = ConsumeQueueLayout.size(b, i);
                long tag = ConsumeQueueLayout.tagCode(b, i);
                if (ConsumeQueueLayout.isBlank(phys, size)) {
                    continue;
                }
                if (phys < skipBelow) {
                    continue;
                }
                if (!records.isEmpty() && (records.size() >= countLimit || total + size > bytesLimit)) {
                    break;
                }
                if (!filter.matchesTagCode(tag)) {
                    continue;
                }
                SelectedBytes rec = commitLog.select(phys, size);
                if (rec == null) {
                    if (records.isEmpty()) {
                        status = GetStatus.MESSAGE_WAS_REMOVING;
                    }
                    skipBelow = commitLog.rollNextFile(phys);
                    continue;
                }
                if (!filter.matchesRecord(rec.buffer().duplicate())) {
                    rec.release();
                    continue;
                }
                records.add(new StoredRecord(phys, size, offset + i / ConsumeQueueLayout.ENTRY_SIZE, tag, rec));
                total += size;
                status = GetStatus.FOUND;
                skipBelow = Long.MIN_VALUE;
            }
        } finally {
            entries.release();
        }
        return new GetResult(status, offset + i / ConsumeQueueLayout.ENTRY_SIZE, min, max, records, total);
    }

    public StoredRecord byPhysicalOffset(long physicalOffset) {
        return confirmed(commitLog.selectRecord(physicalOffset), physicalOffset);
    }

    public StoredRecord bytes(long physicalOffset, int length) {
        return confirmed(commitLog.select(physicalOffset, length), physicalOffset);
    }

    /** The selection as a record if it lies below the confirmed offset; else releases it and answers null. */
    private StoredRecord confirmed(SelectedBytes b, long physicalOffset) {
        if (b == null) {
            return null;
        }
        if (physicalOffset + b.size() > confirmedOffset.getAsLong()) {
            b.release();
            return null;
        }
        return new StoredRecord(physicalOffset, b.size(), -1, 0, b);
    }

    /** Written bytes from {@code physicalOffset} to the end of its file, at most {@code maxLength}, unconfirmed included. */
    public StoredRecord forReplication(long physicalOffset, int maxLength) {
        SelectedBytes b = commitLog.log().select(physicalOffset, maxLength);
        return b == null ? null : new StoredRecord(physicalOffset, b.size(), -1, 0, b);
    }

    public List<Long> offsetsByKey(String topic, String key, int maxNum, long begin, long end) {
        if (index == null) {
            return List.of();
        }
        return index.query(topic, key, Math.min(maxNum, maxQueryResults), begin, end);
    }

    public List<StoredRecord> byKey(String topic, String key, int maxNum, long begin, long end) {
        List<StoredRecord> out = new ArrayList<>();
        for (long phys : offsetsByKey(topic, key, maxNum, begin, end)) {
            StoredRecord r = byPhysicalOffset(phys);
            if (r != null) {
                out.add(r);
            }
        }
        return out;
    }

    /** Store time of the record a queue entry points to, or -1. */
    public long storeTimestamp(String topic, int queueId, long queueOffset) {
        ConsumeQueue cq = queues.find(topic, queueId);
        if (cq == null || queueOffset < cq.minOffset() || queueOffset >= cq.maxOffset()) {
            return -1;
        }
        ConsumeQueue.Entry e = cq.entry(queueOffset);
        return e == null ? -1 : storeTimestampAt(e.physicalOffset());
    }

    public long commitLogOffset(String topic, int queueId, long queueOffset) {
        ConsumeQueue cq = queues.find(topic, queueId);
        if (cq == null || queueOffset < cq.minOffset() || queueOffset >= cq.maxOffset()) {
            return -1;
        }
        ConsumeQueue.Entry e = cq.entry(queueOffset);
        return e == null ? -1 : e.physicalOffset();
    }

    /** Store time of the record at a physical offset, or -1. */
    public long storeTimestampAt(long physicalOffset) {
        SelectedBytes head = commitLog.select(physicalOffset, MessageRecordLayout.BORN_HOST + 20 + 8);
        if (head == null) {
            return -1;
        }
        try {
            return MessageRecordLayout.storeTimestamp(head.buffer(), 0);
        } finally {
            head.release();
        }
    }

    /**
     * LOWER: the smallest queue offset whose store time is at or after {@code timestamp} (max offset if none).
     * UPPER: the largest queue offset whose store time is at or before it (min offset if none).
     */
    public long offsetByTime(String topic, int queueId, long timestamp, BoundaryType boundary) {
        ConsumeQueue cq = queues.find(topic, queueId);
        if (cq == null) {
            return 0;
        }
        long lo = cq.minOffset();
        long hi = cq.maxOffset() - 1;
        if (hi < lo) {
            return cq.maxOffset();
        }
        if (boundary == BoundaryType.LOWER) {
            long answer = cq.maxOffset();
            while (lo <= hi) {
                long mid = (lo + hi) >>> 1;
                long t = storeTimestamp(topic, queueId, mid);
                if (t >= timestamp || t < 0) {
                    answer = mid;
                    hi = mid - 1;
                } else {
                    lo = mid + 1;
                }
            }
            return answer;
        }
        long answer = cq.minOffset();
        while (lo <= hi) {
            long mid = (lo + hi) >>> 1;
            long t = storeTimestamp(topic, queueId, mid);
            if (t >= 0 && t <= timestamp) {
                answer = mid;
                lo = mid + 1;
            } else {
                hi = mid - 1;
            }
        }
        return answer;
    }
}
