package dev.petrel.raft.wire;

import dev.petrel.raft.message.VoteRequest;

import java.nio.ByteBuffer;

/**
 * {@link VoteRequest}, 32 bytes:
 *
 * <pre>
 *  0                16                      24                      32
 *  +----------------+-----------------------+-----------------------+
 *  | header, type 1 | lastLogIndex (i64)    | lastLogTerm (i64)     |
 *  +----------------+-----------------------+-----------------------+
 *  flags: 0x1 pre-vote, 0x2 leadership transfer
 * </pre>
 */
final class VoteRequestCodec {

    static final int LAST_LOG_INDEX_OFFSET = 16;
    static final int LAST_LOG_TERM_OFFSET = 24;
    static final int LENGTH = 32;
    static final int FLAG_PRE_VOTE = 0x1;
    static final int FLAG_TRANSFER = 0x2;

    private static final String WHAT = "VoteRequest";

    private VoteRequestCodec() {
    }

    static int encodedLength() {
        return LENGTH;
    }

    static void encode(VoteRequest m, ByteBuffer out, int base) {
        int flags = (m.preVote() ? FLAG_PRE_VOTE : 0) | (m.transfer() ? FLAG_TRANSFER : 0);
        RaftHeaderLayout.write(out, base, RaftHeaderLayout.TYPE_VOTE_REQUEST, flags, m.from(), m.term());
        out.putLong(base + LAST_LOG_INDEX_OFFSET, m.lastLogIndex());
        out.putLong(base + LAST_LOG_TERM_OFFSET, m.lastLogTerm());
    }

    static VoteRequest decode(ByteBuffer in, int base, int length) throws RaftWireException {
        RaftHeaderLayout.requireExactLength(length, LENGTH, WHAT);
        int flags = RaftHeaderLayout.flags(in, base, FLAG_PRE_VOTE | FLAG_TRANSFER, WHAT);
        return new VoteRequest(RaftHeaderLayout.from(in, base, WHAT), RaftHeaderLayout.term(in, base, WHAT),
            RaftHeaderLayout.nonNegative(in.getLong(base + LAST_LOG_INDEX_OFFSET), WHAT, "lastLogIndex"),
            RaftHeaderLayout.nonNegative(in.getLong(base + LAST_LOG_TERM_OFFSET), WHAT, "lastLogTerm"),
            (flags & FLAG_PRE_VOTE) != 0, (flags & FLAG_TRANSFER) != 0);
    }
}
