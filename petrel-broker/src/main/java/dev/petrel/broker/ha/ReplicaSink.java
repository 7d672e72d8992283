package dev.petrel.broker.ha;

import java.io.IOException;
import java.nio.ByteBuffer;

/** The slave's CommitLog as the HA client writes it. Implemented over the store by {@link StoreReplication}. */
public interface ReplicaSink {

    /** {@code mappedFileSizeCommitLog}. */
    int fileSize();

    /** End of the local CommitLog; 0 when it is empty. */
    long maxOffset();

    /**
     * Appends already-encoded CommitLog bytes exactly at {@code offset}: {@code offset == maxOffset()}, or the log is
     * empty and {@code offset} starts a file (which is then created with that name). The bytes never cross a file
     * boundary ({@link SlaveFollowState#check} made sure).
     *
     * @throws IOException the local store refused the bytes (full disk, shut down); the connection is closed and
     *                     the stream resumes from {@link #maxOffset()} after reconnecting
     */
    void appendReplicated(long offset, ByteBuffer bytes) throws IOException;
}
