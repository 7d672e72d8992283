package dev.petrel.store;

/**
 * Who writes this store's CommitLog. A writable role appends {@code MessageDraft}s and assigns queue offsets; a
 * replica role appends only the record bytes its primary wrote ({@link MessageStore#appendRecords}), taking queue
 * offsets from the records, and refuses puts with {@link #refusal()}.
 *
 * <p>The names follow the two replication schemes the broker speaks: classic master/slave and Raft leader/follower
 * (a Raft candidate is a FOLLOWER here: it does not write). The store treats MASTER and LEADER alike, and SLAVE and
 * FOLLOWER alike except for the status a refused put gets, which is what a client needs to retry the right broker.
 */
public enum StoreRole {
    MASTER(true, null),
    /** Apache's slave refuses the put at the store level with SERVICE_NOT_AVAILABLE (storage-layout.md §9.1). */
    SLAVE(false, PutStatus.SERVICE_NOT_AVAILABLE),
    LEADER(true, null),
    /** A DLedger follower answers NOT_LEADER, which the broker maps to SERVICE_NOT_AVAILABLE (ha.md §2.4). */
    FOLLOWER(false, PutStatus.NOT_LEADER);

    private final boolean writable;
    private final PutStatus refusal;

    StoreRole(boolean writable, PutStatus refusal) {
        this.writable = writable;
        this.refusal = refusal;
    }

    /** Appends MessageDrafts (true) or replicated record bytes (false). */
    public boolean writable() {
        return writable;
    }

    /** The status of a put refused in this role; null for writable roles. */
    public PutStatus refusal() {
        return refusal;
    }

    /** The remark of a refused put. */
    public String refusalReason() {
        return writable ? null : "this store is a " + name() + " and takes only records replicated from its "
            + (this == SLAVE ? "master" : "leader");
    }
}
