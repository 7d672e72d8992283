package dev.petrel.raft;

/**
 * The node's persistent election state: current term and the vote given in it. {@link #save} must be durable when it
 * returns (the broker writes a small file with fsync and rename): the node answers a vote or adopts a term only after
 * saving, so a restarted node never votes twice in one term. Called from the node's writer thread only.
 */
public interface RaftStateStore {

    /** The state saved last, or {@link PersistentState#INITIAL} for a new node. */
    PersistentState load();

    /** Stores the state durably before returning. */
    void save(PersistentState state);

    /**
     * Term and vote.
     *
     * @param term     current term, from 0
     * @param votedFor the node voted for in {@code term}, or {@link RaftNode#NO_NODE}
     */
    record PersistentState(long term, int votedFor) {

        public static final PersistentState INITIAL = new PersistentState(0, RaftNode.NO_NODE);

        public PersistentState {
            if (term < 0) {
                throw new IllegalArgumentException("term must be >= 0, got " + term);
            }
        }
    }
}
