package dev.petrel.raft.wire;

/**
 * Bytes that are not a valid Raft message: the message says what is wrong and where, so the log line is actionable.
 * The transport drops the message (and may close the connection); nothing stored is touched.
 */
public final class RaftWireException extends Exception {

    public RaftWireException(String message) {
        super(message);
    }
}
