package dev.petrel.store;

/** Outcome of a put (RocketMQ's PutMessageStatus names, for the statuses this store produces). */
public enum PutStatus {
    /** Stored (and, under SYNC_FLUSH with WAIT true, forced to disk). */
    PUT_OK,
    /** Stored in the page cache, but the fsync did not finish within {@code syncFlushTimeout}. */
    FLUSH_DISK_TIMEOUT,
    /** Refused: bad topic, body too large, record does not fit a file. See the reason. */
    MESSAGE_ILLEGAL,
    /** Refused: properties longer than 32767 bytes. */
    PROPERTIES_SIZE_EXCEEDED,
    /** Refused: disk full, shutting down or not writable. See the reason. */
    SERVICE_NOT_AVAILABLE,
    /** Refused: an I/O error while appending; the store stays consistent. See the reason. */
    UNKNOWN_ERROR;

    public boolean isStored() {
        return this == PUT_OK || this == FLUSH_DISK_TIMEOUT;
    }
}
