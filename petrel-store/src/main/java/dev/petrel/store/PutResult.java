package dev.petrel.store;

import dev.petrel.message.Host;
import dev.petrel.message.OffsetMessageId;

/**
 * What the store answers to a put. For a batch, offsets and timestamp are those of the first record,
 * {@code recordSize} is the total of all records, and {@link #msgId()} is the comma-separated offset ids.
 *
 * @param physicalOffset CommitLog offset of the (first) record; -1 when nothing was stored
 * @param queueOffset ConsumeQueue offset of the (first) record (0 for transaction PREPARED/ROLLBACK records)
 * @param recordSizes size of each record (one element for a single put); empty when nothing was stored
 */
public record PutResult(PutStatus status, String reason, long physicalOffset, long queueOffset, long storeTimestamp,
                        int recordSize, int messageCount, Host storeHost, int[] recordSizes) {

    private static final int[] NONE = new int[0];

    public static PutResult refused(PutStatus status, String reason) {
        return new PutResult(status, reason, -1, -1, 0, 0, 0, null, NONE);
    }

    public PutResult withStatus(PutStatus newStatus, String newReason) {
        return new PutResult(newStatus, newReason, physicalOffset, queueOffset, storeTimestamp, recordSize, messageCount,
            storeHost, recordSizes);
    }

    public boolean isOk() {
        return status == PutStatus.PUT_OK;
    }

    /** The offset message id(s): store host + physical offset of each record, comma-separated for a batch. */
    public String msgId() {
        if (storeHost == null) {
            return null;
        }
        if (recordSizes.length <= 1) {
            return OffsetMessageId.encode(storeHost, physicalOffset);
        }
        StringBuilder sb = new StringBuilder(recordSizes.length * 33);
        long offset = physicalOffset;
        for (int i = 0; i < recordSizes.length; i++) {
            if (i > 0) {
                sb.append(',');
            }
            sb.append(OffsetMessageId.encode(storeHost, offset));
            offset += recordSizes[i];
        }
        return sb.toString();
    }

    @Override
    public String toString() {
        return "PutResult[" + status + (reason == null ? "" : " (" + reason + ")") + ", phys=" + physicalOffset
            + ", queueOffset=" + queueOffset + ", size=" + recordSize + ", count=" + messageCount + "]";
    }
}
