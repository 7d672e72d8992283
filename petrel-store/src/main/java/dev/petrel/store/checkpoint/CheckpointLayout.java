package dev.petrel.store.checkpoint;

import java.nio.ByteBuffer;

/**
 * The {@code checkpoint} file (storage-layout.md §5): one 4 KiB page, big-endian longs at the start, rest zero.
 *
 * <pre>
 *   0 +--------------------------+
 *     | physicMsgTimestamp  long |  store time of the last record forced to the CommitLog
 *   8 | logicsMsgTimestamp  long |  store time of the last record whose ConsumeQueue entry was forced
 *  16 | indexMsgTimestamp   long |  store time of the last record whose index entries were forced
 *  24 | masterFlushedOffset long |  5.x slave field; Petrel writes 0 / keeps the value read
 *  32 | confirmPhyOffset    long |  5.x controller field; Petrel writes 0 / keeps the value read
 *  40 +--------------------------+  ... zeros up to 4096
 * </pre>
 */
public final class CheckpointLayout {

    public static final int FILE_SIZE = 4096;
    public static final int PHYSIC_MSG_TIMESTAMP = 0;
    public static final int LOGICS_MSG_TIMESTAMP = 8;
    public static final int INDEX_MSG_TIMESTAMP = 16;
    public static final int MASTER_FLUSHED_OFFSET = 24;
    public static final int CONFIRM_PHY_OFFSET = 32;

    private CheckpointLayout() {
    }

    public static void encode(ByteBuffer buf, CheckpointValues v) {
        buf.putLong(PHYSIC_MSG_TIMESTAMP, v.physicMsgTimestamp());
        buf.putLong(LOGICS_MSG_TIMESTAMP, v.logicsMsgTimestamp());
        buf.putLong(INDEX_MSG_TIMESTAMP, v.indexMsgTimestamp());
        buf.putLong(MASTER_FLUSHED_OFFSET, v.masterFlushedOffset());
        buf.putLong(CONFIRM_PHY_OFFSET, v.confirmPhyOffset());
    }

    public static CheckpointValues decode(ByteBuffer buf) {
        return new CheckpointValues(buf.getLong(PHYSIC_MSG_TIMESTAMP), buf.getLong(LOGICS_MSG_TIMESTAMP),
            buf.getLong(INDEX_MSG_TIMESTAMP), buf.getLong(MASTER_FLUSHED_OFFSET), buf.getLong(CONFIRM_PHY_OFFSET));
    }

    /** The values of a checkpoint file. */
    public record CheckpointValues(long physicMsgTimestamp, long logicsMsgTimestamp, long indexMsgTimestamp,
                                   long masterFlushedOffset, long confirmPhyOffset) {

        /**
         * RocketMQ's {@code getMinTimestamp()}: a time before which CommitLog and ConsumeQueues are both durable,
         * with 3 s of margin.
         */
        public long minTimestamp() {
            return Math.max(0, Math.min(physicMsgTimestamp, logicsMsgTimestamp) - 3000);
        }

        /** The same, also covering the index. */
        public long minTimestampIndex() {
            return Math.min(minTimestamp(), indexMsgTimestamp);
        }
    }
}
