package dev.petrel.broker.ha;

import java.io.IOException;
import java.nio.ByteBuffer;

/**
 * The slave's CommitLog as the HA client writes it. Implemented over the store by {@link RecordReassembler}
 * ({@link StoreReplication#sink}), which holds back a record split across frames until it is whole.
 */
public interface ReplicaSink {

    /** {@code mappedFileSizeCommitLog}. */
    int fileSize();

    /** End of the local CommitLog (what the slave holds and reports to its master); 0 when it is empty. */
    long maxOffset();

    /**
     * Where the next frame must start: {@link #maxOffset()} plus the bytes received but not yet appended (the
     * beginning of a record whose end is still to come). 0 while the log is empty and nothing was received.
     */
    default long streamOffset() {
        return maxOffset();
    }

    /** A new connection to the master: bytes held back from the previous one are dropped (they will be resent). */
    default void connected() {
    }

    /**
     * Appends already-encoded CommitLog bytes exactly at {@code offset}: {@code offset == streamOffset()}, or the log
     * is empty and {@code offset} starts a file (which is then created with that name). The bytes never cross a file
     * boundary ({@link SlaveFollowState#check} made sure).
     *
     * @throws IOException the local store refused the bytes (full disk, shut down, malformed records); the
     *                     connection is closed and the stream resumes from {@link #maxOffset()} after reconnecting
     */
    void appendReplicated(long offset, ByteBuffer bytes) throws IOException;
}
