package dev.petrel.store;

/**
 * What {@link MessageStore#appendRecords} answers.
 *
 * @param maxOffset the store's CommitLog max offset after the call (what a slave reports to its master)
 * @param records   message records appended (blank end-of-file records not counted)
 */
public record ReplicaAppend(Status status, String reason, long maxOffset, int records) {

    public enum Status {
        /** Every byte was appended. */
        APPENDED,
        /** The offset is not where this store's CommitLog ends (or, empty, not a file boundary); nothing appended. */
        OFFSET_MISMATCH,
        /** The bytes are not whole, well-formed records laid out as a CommitLog lays them out; nothing appended. */
        MALFORMED,
        /** This store does not take replicated records now (writable role, shutting down, disk full); see the reason. */
        NOT_ACCEPTED,
        /** An I/O error while writing; the store refuses appends until restarted. */
        IO_ERROR
    }

    public boolean isAppended() {
        return status == Status.APPENDED;
    }
}
