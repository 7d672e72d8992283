package dev.petrel.raft.message;

/**
 * Leadership transfer: the leader tells a caught-up follower to start an election at once, skipping the pre-vote.
 *
 * @param from leader id
 * @param term leader term
 */
public record TimeoutNow(int from, long term) implements RaftMessage {
}
