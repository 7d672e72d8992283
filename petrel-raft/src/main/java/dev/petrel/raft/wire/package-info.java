/**
 * Byte formats of the Raft messages, one codec class per message, all big-endian. {@link
 * dev.petrel.raft.wire.RaftMessageCodec} is the entry point (encode any message, decode any frame body); the shared
 * 16-byte header is {@link dev.petrel.raft.wire.RaftHeaderLayout}. Decoding never trusts a length or count a peer
 * claims beyond the bytes actually present, and reports bad input as a {@link dev.petrel.raft.wire.RaftWireException}.
 * The framing around a message (length prefix, connection) is the transport's job.
 */
package dev.petrel.raft.wire;
