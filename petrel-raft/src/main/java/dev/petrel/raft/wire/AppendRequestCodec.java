package dev.petrel.raft.wire;

import dev.petrel.raft.RaftEntry;
import dev.petrel.raft.message.AppendRequest;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;

/**
 * {@link AppendRequest}: a 44-byte fixed part, then the entries.
 *
 * <pre>
 *  0                16                   24                  32                    40            44
 *  +----------------+--------------------+-------------------+---------------------+-------------+
 *  | header, type 3 | prevLogIndex (i64) | prevLogTerm (i64) | leaderCommit (i64)  | count (i32) |
 *  +----------------+--------------------+-------------------+---------------------+-------------+
 *  then count times, packed:
 *  +-------------+---------------+-----------------------+
 *  | term (i64)  | length (i32)  | payload (length bytes)|
 *  +-------------+---------------+-----------------------+
 *  no flags
 * </pre>
 *
 * An entry's index is implied: {@code prevLogIndex + 1 + position}. Entry terms are at least 1, never above the
 * request's term and never decreasing (a Raft log's terms only grow); a length 0 is a leader marker. The message
 * ends exactly after the last entry.
 */
final class AppendRequestCodec {

    static final int PREV_LOG_INDEX_OFFSET = 16;
    static final int PREV_LOG_TERM_OFFSET = 24;
    static final int LEADER_COMMIT_OFFSET = 32;
    static final int COUNT_OFFSET = 40;
    static final int FIXED_LENGTH = 44;

    static final int ENTRY_TERM_OFFSET = 0;
    static final int ENTRY_LENGTH_OFFSET = 8;
    static final int ENTRY_HEADER_LENGTH = 12;

    private static final String WHAT = "AppendRequest";

    private AppendRequestCodec() {
    }

    static int encodedLength(AppendRequest m) {
        long length = FIXED_LENGTH;
        for (RaftEntry e : m.entries()) {
            length += ENTRY_HEADER_LENGTH + e.payload().length;
        }
        if (length > Integer.MAX_VALUE) {
            throw new IllegalArgumentException("append request of " + length + " bytes is too large to encode");
        }
        return (int) length;
    }

    static void encode(AppendRequest m, ByteBuffer out, int base) {
        RaftHeaderLayout.write(out, base, RaftHeaderLayout.TYPE_APPEND_REQUEST, 0, m.from(), m.term());
        out.putLong(base + PREV_LOG_INDEX_OFFSET, m.prevLogIndex());
        out.putLong(base + PREV_LOG_TERM_OFFSET, m.prevLogTerm());
        out.putLong(base + LEADER_COMMIT_OFFSET, m.leaderCommit());
        out.putInt(base + COUNT_OFFSET, m.entries().size());
        int at = base + FIXED_LENGTH;
        for (RaftEntry e : m.entries()) {
            out.putLong(at + ENTRY_TERM_OFFSET, e.term());
            out.putInt(at + ENTRY_LENGTH_OFFSET, e.payload().length);
            out.put(at + ENTRY_HEADER_LENGTH, e.payload());
            at += ENTRY_HEADER_LENGTH + e.payload().length;
        }
    }

    static AppendRequest decode(ByteBuffer in, int base, int length) throws RaftWireException {
        if (length < FIXED_LENGTH) {
            throw new RaftWireException(WHAT + " needs at least " + FIXED_LENGTH + " bytes, got " + length);
        }
        RaftHeaderLayout.flags(in, base, 0, WHAT);
        int from = RaftHeaderLayout.from(in, base, WHAT);
        long term = RaftHeaderLayout.term(in, base, WHAT);
        if (term < 1) {
            throw new RaftWireException(WHAT + ": leader term must be >= 1, got " + term);
        }
        long prevIndex = RaftHeaderLayout.nonNegative(in.getLong(base + PREV_LOG_INDEX_OFFSET), WHAT, "prevLogIndex");
        long prevTerm = RaftHeaderLayout.nonNegative(in.getLong(base + PREV_LOG_TERM_OFFSET), WHAT, "prevLogTerm");
        long commit = RaftHeaderLayout.nonNegative(in.getLong(base + LEADER_COMMIT_OFFSET), WHAT, "leaderCommit");
        int count = in.getInt(base + COUNT_OFFSET);
        int remaining = length - FIXED_LENGTH;
        // A count is believed only as far as the bytes present can hold that many entry headers.
        if (count < 0 || count > remaining / ENTRY_HEADER_LENGTH) {
            throw new RaftWireException(WHAT + ": entry count " + count + " impossible in " + remaining + " bytes");
        }
        if (prevTerm > term || prevIndex > Long.MAX_VALUE - count) {
            throw new RaftWireException(WHAT + ": prevLogTerm " + prevTerm + " / prevLogIndex " + prevIndex
                + " inconsistent with term " + term + " and " + count + " entries");
        }
        List<RaftEntry> entries = new ArrayList<>(count);
        int at = base + FIXED_LENGTH;
        int end = base + length;
        long lastTerm = prevTerm;
        for (int i = 0; i < count; i++) {
            if (end - at < ENTRY_HEADER_LENGTH) {
                throw new RaftWireException(WHAT + ": entry " + i + " of " + count + " is cut off");
            }
            long entryTerm = in.getLong(at + ENTRY_TERM_OFFSET);
            int payloadLength = in.getInt(at + ENTRY_LENGTH_OFFSET);
            if (entryTerm < Math.max(1, lastTerm) || entryTerm > term) {
                throw new RaftWireException(WHAT + ": entry " + i + " has term " + entryTerm + ", expected "
                    + Math.max(1, lastTerm) + ".." + term);
            }
            if (payloadLength < 0 || payloadLength > end - at - ENTRY_HEADER_LENGTH) {
                throw new RaftWireException(WHAT + ": entry " + i + " claims " + payloadLength + " payload bytes, "
                    + (end - at - ENTRY_HEADER_LENGTH) + " remain");
            }
            byte[] payload = new byte[payloadLength];
            in.get(at + ENTRY_HEADER_LENGTH, payload);
            entries.add(new RaftEntry(prevIndex + 1 + i, entryTerm, payload));
            lastTerm = entryTerm;
            at += ENTRY_HEADER_LENGTH + payloadLength;
        }
        if (at != end) {
            throw new RaftWireException(WHAT + ": " + (end - at) + " bytes after the last entry");
        }
        return new AppendRequest(from, term, prevIndex, prevTerm, commit, entries);
    }
}
