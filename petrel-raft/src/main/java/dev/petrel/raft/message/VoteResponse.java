package dev.petrel.raft.message;

/**
 * A voter's answer.
 *
 * @param from    voter id
 * @param term    granted: the request's term; refused: the voter's current term
 * @param preVote answers a pre-vote request
 * @param granted the vote (or the pre-vote) is given
 */
public record VoteResponse(int from, long term, boolean preVote, boolean granted) implements RaftMessage {
}
