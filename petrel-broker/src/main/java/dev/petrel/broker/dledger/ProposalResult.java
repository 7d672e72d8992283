package dev.petrel.broker.dledger;

/**
 * How a {@link RaftLoop#propose} ended, for the broker's send path (ha.md §2.4 maps DLedger's results to producer
 * responses the same way).
 *
 * @param status   the outcome
 * @param index    the entry's Raft index when it was accepted, else 0
 * @param term     the entry's term when accepted, else this node's term
 * @param leaderId the leader as far as this node knows ({@link dev.petrel.raft.RaftNode#NO_NODE} if none)
 */
public record ProposalResult(Status status, long index, long term, int leaderId) {

    /** Outcomes; only {@link #COMMITTED} may be acknowledged to a producer as PUT_OK. */
    public enum Status {
        /** Durable on a quorum; it will never change. SUCCESS. */
        COMMITTED,
        /** This node is not the leader. SERVICE_NOT_AVAILABLE (DLedger: NOT_LEADER). */
        NOT_LEADER,
        /**
         * Accepted, then this node lost leadership before the quorum confirmed it: the entry may still be committed by
         * the next leader or be discarded. SERVICE_NOT_AVAILABLE; the producer may retry (possibly a duplicate).
         */
        LEADERSHIP_LOST,
        /** A leadership transfer is under way. SERVICE_NOT_AVAILABLE (DLedger: LEADER_TRANSFERRING). */
        TRANSFERRING_LEADERSHIP,
        /** Too many proposals wait for a quorum. SYSTEM_BUSY (DLedger: LEADER_PENDING_FULL). */
        TOO_MANY_PENDING,
        /**
         * The proposed range does not start where the Raft log ends (an earlier proposal was refused and its bytes, and
         * those after it, were cut; or the broker wrote out of order). SERVICE_NOT_AVAILABLE.
         */
        OFFSET_MISMATCH,
        /** The loop stopped before the outcome was known. SERVICE_NOT_AVAILABLE. */
        STOPPED
    }

    public boolean committed() {
        return status == Status.COMMITTED;
    }
}
