package dev.petrel.raft;

import dev.petrel.raft.message.RaftMessage;

/**
 * What a {@link RaftNode} step asks of the shell, in order. Drain them with {@link RaftNode#drainEffects()} after every
 * call and carry them out in that order. Log and term/vote writes are not effects: the node makes them through
 * {@link RaftLog} and {@link RaftStateStore} before it produces the messages that depend on them.
 */
public sealed interface RaftEffect {

    /** Send {@code message} to node {@code to}; losing it is allowed (Raft retries), reordering and duplicates too. */
    record Send(int to, RaftMessage message) implements RaftEffect {
    }

    /**
     * Entries up to {@code commitIndex} are committed: the broker may dispatch them (ConsumeQueue, consumers).
     * Never decreases within one node's life; a restarted node starts again from 0 and learns it from the leader.
     */
    record CommitAdvanced(long commitIndex) implements RaftEffect {
    }

    /**
     * The role, term or known leader changed.
     *
     * @param leaderId the leader of {@code term} as far as this node knows, or {@link RaftNode#NO_NODE}
     */
    record RoleChanged(RaftRole role, long term, int leaderId) implements RaftEffect {
    }

    /**
     * This node, leader of {@code term}, has committed its leader marker at {@code markerIndex}: everything written
     * by earlier leaders is committed, so the broker may rebuild queue offsets and start serving as master (what
     * DLedger's broker waits for before it registers as brokerId 0).
     */
    record LeaderReady(long term, long markerIndex) implements RaftEffect {
    }

    /** The fate of an accepted proposal. */
    record ProposalOutcome(long index, long term, Outcome outcome) implements RaftEffect {
    }

    /** How an accepted proposal ended. */
    enum Outcome {
        /** Committed: durable on a quorum, and it will never change. Acknowledge the producer. */
        COMMITTED,
        /**
         * This node stopped being leader first. The entry may still be committed by a later leader or be discarded;
         * the producer must be told the write failed (DLedger answers the same way) and may retry.
         */
        LEADERSHIP_LOST
    }

    /**
     * Follower {@code follower} needs entries from {@code nextIndex}, below this leader's first index
     * {@code firstIndex}: the core cannot catch it up (no snapshots), an operator or a future snapshot transfer must.
     * Reported once per leadership term and follower.
     */
    record FollowerBehindLogStart(int follower, long nextIndex, long firstIndex) implements RaftEffect {
    }
}
