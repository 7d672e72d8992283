/**
 * Petrel's Raft consensus core for DLedger mode, where a broker group's replicated Raft log is the CommitLog.
 *
 * <p>{@link dev.petrel.raft.RaftNode} is a pure state machine: the I/O shell feeds it messages and ticks with the time
 * ({@code now}, milliseconds from any monotonic origin) and drains {@link dev.petrel.raft.RaftEffect}s: messages to
 * send, commit progress, role changes, proposal outcomes. It reads and writes the log and the persistent term/vote
 * only through {@link dev.petrel.raft.RaftLog} and {@link dev.petrel.raft.RaftStateStore}, which the broker implements
 * over its CommitLog and a small file. Message classes are in {@code message}, their byte formats in {@code wire}.
 * docs/raft.md describes the design, the invariants and the simulation that checks them.
 */
package dev.petrel.raft;
