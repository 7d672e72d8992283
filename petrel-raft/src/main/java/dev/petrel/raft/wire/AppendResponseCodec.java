package dev.petrel.raft.wire;

import dev.petrel.raft.message.AppendResponse;

import java.nio.ByteBuffer;

/**
 * {@link AppendResponse}, 56 bytes:
 *
 * <pre>
 *  0                16                  24                  32
 *  +----------------+-------------------+-------------------+
 *  | header, type 4 | matchIndex (i64)  | durableIndex (i64)|
 *  +----------------+-------------------+-------------------+
 *  32                    40                    48                    56
 *  +---------------------+---------------------+---------------------+
 *  | conflictIndex (i64) | conflictTerm (i64)  | prevLogIndex (i64)  |
 *  +---------------------+---------------------+---------------------+
 *  flags: 0x1 success
 * </pre>
 */
final class AppendResponseCodec {

    static final int MATCH_INDEX_OFFSET = 16;
    static final int DURABLE_INDEX_OFFSET = 24;
    static final int CONFLICT_INDEX_OFFSET = 32;
    static final int CONFLICT_TERM_OFFSET = 40;
    static final int PREV_LOG_INDEX_OFFSET = 48;
    static final int LENGTH = 56;
    static final int FLAG_SUCCESS = 0x1;

    private static final String WHAT = "AppendResponse";

    private AppendResponseCodec() {
    }

    static int encodedLength() {
        return LENGTH;
    }

    static void encode(AppendResponse m, ByteBuffer out, int base) {
        RaftHeaderLayout.write(out, base, RaftHeaderLayout.TYPE_APPEND_RESPONSE, m.success() ? FLAG_SUCCESS : 0,
            m.from(), m.term());
        out.putLong(base + MATCH_INDEX_OFFSET, m.matchIndex());
        out.putLong(base + DURABLE_INDEX_OFFSET, m.durableIndex());
        out.putLong(base + CONFLICT_INDEX_OFFSET, m.conflictIndex());
        out.putLong(base + CONFLICT_TERM_OFFSET, m.conflictTerm());
        out.putLong(base + PREV_LOG_INDEX_OFFSET, m.prevLogIndex());
    }

    static AppendResponse decode(ByteBuffer in, int base, int length) throws RaftWireException {
        RaftHeaderLayout.requireExactLength(length, LENGTH, WHAT);
        int flags = RaftHeaderLayout.flags(in, base, FLAG_SUCCESS, WHAT);
        long match = RaftHeaderLayout.nonNegative(in.getLong(base + MATCH_INDEX_OFFSET), WHAT, "matchIndex");
        long durable = RaftHeaderLayout.nonNegative(in.getLong(base + DURABLE_INDEX_OFFSET), WHAT, "durableIndex");
        if (durable > match) {
            throw new RaftWireException(WHAT + ": durableIndex " + durable + " above matchIndex " + match);
        }
        return new AppendResponse(RaftHeaderLayout.from(in, base, WHAT), RaftHeaderLayout.term(in, base, WHAT),
            (flags & FLAG_SUCCESS) != 0, match, durable,
            RaftHeaderLayout.nonNegative(in.getLong(base + CONFLICT_INDEX_OFFSET), WHAT, "conflictIndex"),
            RaftHeaderLayout.nonNegative(in.getLong(base + CONFLICT_TERM_OFFSET), WHAT, "conflictTerm"),
            RaftHeaderLayout.nonNegative(in.getLong(base + PREV_LOG_INDEX_OFFSET), WHAT, "prevLogIndex"));
    }
}
