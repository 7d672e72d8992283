package dev.petrel.broker.dledger;

import dev.petrel.raft.RaftRole;

/**
 * What the broker learns from its {@link RaftLoop}. Called on the loop's thread, in the order things happened: return
 * quickly and hand longer work (re-registration, queue-offset rebuild) to another thread.
 */
public interface RaftListener {

    /**
     * Entries up to {@code commitIndex}, i.e. CommitLog bytes below {@code committedOffset}, are committed: the store
     * may dispatch them to ConsumeQueues and consumers may read them (the confirmed offset of the store's seam).
     * Never decreases in one loop's life.
     */
    default void onCommitted(long commitIndex, long committedOffset) {
    }

    /**
     * The role, term or known leader changed. {@link RaftRole#LEADER}: the broker may write (proposals are accepted)
     * but must not yet register as master; see {@link #onLeaderReady}. Any other role: stop writing, act as slave.
     *
     * @param leaderId the leader's node id, or {@link dev.petrel.raft.RaftNode#NO_NODE}
     */
    default void onRoleChanged(RaftRole role, long term, int leaderId) {
    }

    /**
     * This node leads {@code term} and everything earlier leaders wrote is committed (its marker entry committed):
     * once the store dispatched up to the committed offset, the broker rebuilds queue offsets and registers as
     * brokerId 0 (DLedger's broker waits for the same, ha.md §2.3).
     */
    default void onLeaderReady(long term, long committedOffset) {
    }
}
