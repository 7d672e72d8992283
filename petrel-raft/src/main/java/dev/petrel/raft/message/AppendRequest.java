package dev.petrel.raft.message;

import dev.petrel.raft.RaftEntry;

import java.util.List;

/**
 * The leader's replication request; with no entries it is a heartbeat. The entries continue the leader's log right
 * after {@code prevLogIndex}, which the follower must hold with {@code prevLogTerm}.
 *
 * @param from         leader id
 * @param term         leader term
 * @param prevLogIndex index of the entry before the first one carried
 * @param prevLogTerm  its term
 * @param leaderCommit the leader's commit index
 * @param entries      entries {@code prevLogIndex + 1 ...}, in order, unmodifiable
 */
public record AppendRequest(int from, long term, long prevLogIndex, long prevLogTerm, long leaderCommit,
                            List<RaftEntry> entries) implements RaftMessage {

    public AppendRequest {
        entries = List.copyOf(entries);
    }

    /** Index of the last entry carried, or {@code prevLogIndex} for a heartbeat. */
    public long lastIndex() {
        return prevLogIndex + entries.size();
    }
}
