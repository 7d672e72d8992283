package dev.petrel.raft;

/**
 * The immediate answer to {@link RaftNode#propose}: where the entry went, or why it was refused. An accepted entry's
 * end is reported later by a {@link RaftEffect.ProposalOutcome} with the same index and term.
 *
 * @param status   accepted or the reason for refusal
 * @param index    the entry's index when accepted, else 0
 * @param term     the entry's term when accepted, else the node's current term
 * @param leaderId the leader this node knows of ({@link RaftNode#NO_NODE} if none), to redirect the producer
 */
public record ProposeResult(Status status, long index, long term, int leaderId) {

    /** Why a proposal was or was not taken. */
    public enum Status {
        ACCEPTED,
        /** This node is not the leader; see {@code leaderId}. */
        NOT_LEADER,
        /** A leadership transfer is under way; writes resume on the new leader (or here if it fails). */
        TRANSFERRING_LEADERSHIP,
        /** Too many proposals wait for a quorum ({@code maxPendingProposals}); back off. */
        TOO_MANY_PENDING,
        /** An empty payload: reserved for leader markers. */
        EMPTY_PAYLOAD
    }

    public boolean accepted() {
        return status == Status.ACCEPTED;
    }
}
