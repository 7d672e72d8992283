package dev.petrel.raft;

/**
 * A node's role. The broker serves writes only as {@link #LEADER}; every other role is a slave to it (DLedger's
 * broker registers them as brokerId = selfId + 1, the leader as brokerId 0).
 */
public enum RaftRole {
    /** Follows a leader (or waits for one) and votes. */
    FOLLOWER,
    /** Asks the others whether it could win before it disturbs anybody by raising the term (pre-vote). */
    PRE_CANDIDATE,
    /** Raised the term and asks for votes. */
    CANDIDATE,
    /** Accepts proposals and replicates them. */
    LEADER
}
