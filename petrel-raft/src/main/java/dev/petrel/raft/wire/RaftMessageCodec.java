package dev.petrel.raft.wire;

import dev.petrel.raft.message.AppendRequest;
import dev.petrel.raft.message.AppendResponse;
import dev.petrel.raft.message.RaftMessage;
import dev.petrel.raft.message.TimeoutNow;
import dev.petrel.raft.message.VoteRequest;
import dev.petrel.raft.message.VoteResponse;

import java.nio.ByteBuffer;

/**
 * Encodes any {@link RaftMessage} and decodes any message's bytes, dispatching on the header's type byte to the codec
 * of that message ({@link RaftHeaderLayout} describes the header, each {@code *Codec} its body). Stateless.
 */
public final class RaftMessageCodec {

    private RaftMessageCodec() {
    }

    /** Bytes {@link #encode(RaftMessage, ByteBuffer)} will write. */
    public static int encodedLength(RaftMessage m) {
        if (m instanceof AppendRequest r) {
            return AppendRequestCodec.encodedLength(r);
        } else if (m instanceof AppendResponse) {
            return AppendResponseCodec.encodedLength();
        } else if (m instanceof VoteRequest) {
            return VoteRequestCodec.encodedLength();
        } else if (m instanceof VoteResponse) {
            return VoteResponseCodec.encodedLength();
        } else {
            return TimeoutNowCodec.encodedLength();
        }
    }

    /** Writes {@code m} at {@code out}'s position and advances it. */
    public static void encode(RaftMessage m, ByteBuffer out) {
        int base = out.position();
        int length = encodedLength(m);
        if (out.remaining() < length) {
            throw new IllegalArgumentException("buffer has " + out.remaining() + " bytes, the message needs " + length);
        }
        if (m instanceof AppendRequest r) {
            AppendRequestCodec.encode(r, out, base);
        } else if (m instanceof AppendResponse r) {
            AppendResponseCodec.encode(r, out, base);
        } else if (m instanceof VoteRequest r) {
            VoteRequestCodec.encode(r, out, base);
        } else if (m instanceof VoteResponse r) {
            VoteResponseCodec.encode(r, out, base);
        } else {
            TimeoutNowCodec.encode((TimeoutNow) m, out, base);
        }
        out.position(base + length);
    }

    public static byte[] encode(RaftMessage m) {
        byte[] bytes = new byte[encodedLength(m)];
        encode(m, ByteBuffer.wrap(bytes));
        return bytes;
    }

    /**
     * Decodes the message that fills {@code in} from its position to its limit (the transport's frame body). The
     * buffer's position is not moved.
     *
     * @throws RaftWireException the bytes are not a valid message; the text says why
     */
    public static RaftMessage decode(ByteBuffer in) throws RaftWireException {
        int base = in.position();
        int length = in.remaining();
        if (length < RaftHeaderLayout.LENGTH) {
            throw new RaftWireException("Raft message of " + length + " bytes is shorter than its "
                + RaftHeaderLayout.LENGTH + "-byte header");
        }
        byte version = in.get(base + RaftHeaderLayout.VERSION_OFFSET);
        if (version != RaftHeaderLayout.VERSION) {
            throw new RaftWireException("Raft message version " + version + " is not supported (expected "
                + RaftHeaderLayout.VERSION + ")");
        }
        byte type = in.get(base + RaftHeaderLayout.TYPE_OFFSET);
        return switch (type) {
            case RaftHeaderLayout.TYPE_VOTE_REQUEST -> VoteRequestCodec.decode(in, base, length);
            case RaftHeaderLayout.TYPE_VOTE_RESPONSE -> VoteResponseCodec.decode(in, base, length);
            case RaftHeaderLayout.TYPE_APPEND_REQUEST -> AppendRequestCodec.decode(in, base, length);
            case RaftHeaderLayout.TYPE_APPEND_RESPONSE -> AppendResponseCodec.decode(in, base, length);
            case RaftHeaderLayout.TYPE_TIMEOUT_NOW -> TimeoutNowCodec.decode(in, base, length);
            default -> throw new RaftWireException("unknown Raft message type " + type);
        };
    }

    public static RaftMessage decode(byte[] bytes) throws RaftWireException {
        return decode(ByteBuffer.wrap(bytes));
    }
}
