package dev.petrel.raft.message;

/**
 * A message between the nodes of one Raft group. Every message names its sender and the sender's term; the
 * receiver is the address the shell sends it to. Byte formats: {@code dev.petrel.raft.wire}.
 */
public sealed interface RaftMessage permits VoteRequest, VoteResponse, AppendRequest, AppendResponse, TimeoutNow {

    /** The sending node's id. */
    int from();

    /** The sender's term (for a pre-vote request: the term it would campaign in). */
    long term();
}
