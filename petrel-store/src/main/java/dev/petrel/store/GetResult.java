package dev.petrel.store;

import java.util.List;

/**
 * Answer to a get by queue offset: status, where the consumer should continue, the queue's bounds, and the records
 * as mapped-file slices. {@link #release()} releases every slice.
 */
public record GetResult(GetStatus status, long nextBeginOffset, long minOffset, long maxOffset,
                        List<StoredRecord> records, int totalBytes) {

    public static GetResult of(GetStatus status, long next, long min, long max) {
        return new GetResult(status, next, min, max, List.of(), 0);
    }

    public int messageCount() {
        return records.size();
    }

    public void release() {
        for (StoredRecord r : records) {
            r.release();
        }
    }
}
