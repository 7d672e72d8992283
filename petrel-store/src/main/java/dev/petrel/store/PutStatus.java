package dev.petrel.store;

/** Outcome of a put (RocketMQ's PutMessageStatus names, for the statuses this store produces). */
public enum PutStatus {
    /** Stored and visible (confirmed by the commit gate and dispatched). */
    PUT_OK,
    /** Stored in the page cache, but the fsync did not finish within {@code syncFlushTimeout}. */
    FLUSH_DISK_TIMEOUT,
    /** Stored, but the replicas the gate waits for did not acknowledge it within the gate's timeout. */
    FLUSH_SLAVE_TIMEOUT,
    /** Stored, but no replica was in sync to wait for (answered at once). */
    SLAVE_NOT_AVAILABLE,
    /** Refused: this store is a follower of a replicated log (or lost leadership); send to the leader. */
    NOT_LEADER,
    /** Refused: bad topic, body too large, record does not fit a file. See the reason. */
    MESSAGE_ILLEGAL,
    /** Refused: properties longer than 32767 bytes. */
    PROPERTIES_SIZE_EXCEEDED,
    /** Refused: disk full, shutting down, a slave, or not writable. See the reason. */
    SERVICE_NOT_AVAILABLE,
    /** Refused: an I/O error while appending; the store stays consistent. See the reason. */
    UNKNOWN_ERROR;

    /** The record is in the CommitLog (the client sees a SendStatus other than an error). */
    public boolean isStored() {
        return this == PUT_OK || this == FLUSH_DISK_TIMEOUT || this == FLUSH_SLAVE_TIMEOUT || this == SLAVE_NOT_AVAILABLE;
    }
}
