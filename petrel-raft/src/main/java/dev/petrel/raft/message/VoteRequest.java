package dev.petrel.raft.message;

/**
 * A candidate asks for a vote, or a pre-candidate asks whether it would get one.
 *
 * @param from         candidate id
 * @param term         the candidate's term; for a pre-vote the term it would use (its own + 1), which nobody adopts
 * @param lastLogIndex index of the candidate's last entry
 * @param lastLogTerm  term of the candidate's last entry
 * @param preVote      a pre-vote: voters answer without changing term or vote
 * @param transfer     sent after a leadership transfer (TimeoutNow): voters that still hear from the leader vote anyway
 */
public record VoteRequest(int from, long term, long lastLogIndex, long lastLogTerm, boolean preVote, boolean transfer)
    implements RaftMessage {
}
