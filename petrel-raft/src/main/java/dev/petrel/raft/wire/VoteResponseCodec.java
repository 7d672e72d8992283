package dev.petrel.raft.wire;

import dev.petrel.raft.message.VoteResponse;

import java.nio.ByteBuffer;

/**
 * {@link VoteResponse}, the header alone (16 bytes, type 2); flags: 0x1 answers a pre-vote, 0x2 granted.
 */
final class VoteResponseCodec {

    static final int LENGTH = RaftHeaderLayout.LENGTH;
    static final int FLAG_PRE_VOTE = 0x1;
    static final int FLAG_GRANTED = 0x2;

    private static final String WHAT = "VoteResponse";

    private VoteResponseCodec() {
    }

    static int encodedLength() {
        return LENGTH;
    }

    static void encode(VoteResponse m, ByteBuffer out, int base) {
        int flags = (m.preVote() ? FLAG_PRE_VOTE : 0) | (m.granted() ? FLAG_GRANTED : 0);
        RaftHeaderLayout.write(out, base, RaftHeaderLayout.TYPE_VOTE_RESPONSE, flags, m.from(), m.term());
    }

    static VoteResponse decode(ByteBuffer in, int base, int length) throws RaftWireException {
        RaftHeaderLayout.requireExactLength(length, LENGTH, WHAT);
        int flags = RaftHeaderLayout.flags(in, base, FLAG_PRE_VOTE | FLAG_GRANTED, WHAT);
        return new VoteResponse(RaftHeaderLayout.from(in, base, WHAT), RaftHeaderLayout.term(in, base, WHAT),
            (flags & FLAG_PRE_VOTE) != 0, (flags & FLAG_GRANTED) != 0);
    }
}
