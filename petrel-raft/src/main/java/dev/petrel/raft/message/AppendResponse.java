package dev.petrel.raft.message;

/**
 * A follower's answer to an {@link AppendRequest}, or an unsolicited acknowledgement that more of the log became
 * durable.
 *
 * @param from          follower id
 * @param term          follower's current term
 * @param success       the request matched the follower's log
 * @param matchIndex    success: the last index known to equal the leader's log; refused: the follower's last index
 * @param durableIndex  the follower's durable index, capped at the highest index verified against this leader: what
 *                      the leader may count towards a quorum
 * @param conflictIndex refused: where the leader should retry (first index of {@code conflictTerm} in the follower's
 *                      log, or its last index + 1 when the log is too short); 0 on success
 * @param conflictTerm  refused: the follower's term at the request's {@code prevLogIndex}, 0 when it has no entry
 *                      there; 0 on success
 * @param prevLogIndex  the {@code prevLogIndex} of the request answered, so that the leader can ignore a stale refusal
 */
public record AppendResponse(int from, long term, boolean success, long matchIndex, long durableIndex,
                             long conflictIndex, long conflictTerm, long prevLogIndex) implements RaftMessage {
}
