package dev.petrel.broker.ha;

import java.nio.ByteBuffer;

/**
 * The master's CommitLog as the HA connections read it. Implemented over the store by {@link StoreReplication};
 * tests implement it in memory.
 */
public interface ReplicationSource {

    /** Bytes read for one frame; release once written. */
    interface Slice {
        ByteBuffer buffer();

        void release();
    }

    /** {@code mappedFileSizeCommitLog}: frames never cross a multiple of it. */
    int fileSize();

    long minOffset();

    long maxOffset();

    /** End of the bytes that may be sent to slaves (readable on the master). */
    long confirmedOffset();

    /**
     * Up to {@code length} bytes at {@code offset} (at least one), all within one file and below
     * {@link #confirmedOffset()}, or null if none are readable yet (not committed to the file) or any more (a file
     * deleted meanwhile).
     */
    Slice read(long offset, int length);
}
