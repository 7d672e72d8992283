package dev.petrel.raft.wire;

import dev.petrel.raft.message.TimeoutNow;

import java.nio.ByteBuffer;

/** {@link TimeoutNow}, the header alone (16 bytes, type 5, no flags). */
final class TimeoutNowCodec {

    static final int LENGTH = RaftHeaderLayout.LENGTH;

    private static final String WHAT = "TimeoutNow";

    private TimeoutNowCodec() {
    }

    static int encodedLength() {
        return LENGTH;
    }

    static void encode(TimeoutNow m, ByteBuffer out, int base) {
        RaftHeaderLayout.write(out, base, RaftHeaderLayout.TYPE_TIMEOUT_NOW, 0, m.from(), m.term());
    }

    static TimeoutNow decode(ByteBuffer in, int base, int length) throws RaftWireException {
        RaftHeaderLayout.requireExactLength(length, LENGTH, WHAT);
        RaftHeaderLayout.flags(in, base, 0, WHAT);
        return new TimeoutNow(RaftHeaderLayout.from(in, base, WHAT), RaftHeaderLayout.term(in, base, WHAT));
    }
}
