package dev.petrel.protocol.frame;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * The RocketMQ remoting frame (RemotingCommand.java, NettyDecoder.java; remoting-frame.md §1). Big-endian.
 *
 * <pre>
 *  0                 4        5                   8                        8+H
 *  +-----------------+--------+-------------------+------------------------+-------------------------+
 *  |  length  (int)  |  type  | headerLength H    |  header, H bytes       |  body, length-4-H bytes |
 *  |  = 4 + H + B    | (byte) | (3 bytes, 24 bit) |  JSON or ROCKETMQ      |  absent when 0          |
 *  +-----------------+--------+-------------------+------------------------+-------------------------+
 *                    |<-- header-length word -->|
 * </pre>
 *
 * {@code type} is the {@link SerializeType} code. The body length is never written; it is what remains. The network
 * layer strips the length field, so {@link #decode} reads from offset 4 on; error offsets still count from 0.
 *
 * <p>Encoding uses the command's {@link RemotingCommand#serializeType()}, except that a command the binary layout
 * cannot carry (code or version outside a short, see {@link BinaryHeaderCodec}) is written as JSON, which every
 * peer reads.
 *
 * <p>Decoding trusts no length: the header length is checked against the bytes present, the header codecs check
 * every inner length the same way, and no allocation is larger than the input. Bad input ends in a
 * {@link MalformedFrameException}, never in another exception.
 *
 * <p>Stateless and thread-safe; the {@link ByteSink} passed in belongs to the calling thread.
 */
public final class RemotingFrameCodec {

    public static final int LENGTH_OFFSET = 0;
    /** Size of the leading length field, which the network decoder strips. */
    public static final int LENGTH_FIELD_SIZE = 4;
    /** The type byte (high 8 bits) and the header length (low 24 bits) share one int. */
    public static final int HEADER_WORD_OFFSET = 4;
    public static final int HEADER_WORD_SIZE = 4;
    public static final int HEADER_OFFSET = HEADER_WORD_OFFSET + HEADER_WORD_SIZE;
    /** The largest header the 24-bit length can describe. */
    public static final int MAX_HEADER_LENGTH = 0xFF_FFFF;

    private static final int TYPE_SHIFT = 24;

    private RemotingFrameCodec() {
    }

    /** The encoding {@link #encodeHeader} uses for this command (before the rare key-length fallback). */
    public static SerializeType encodingFor(RemotingCommand command) {
        return command.serializeType() == SerializeType.ROCKETMQ && BinaryHeaderCodec.fitsShortFields(command)
            ? SerializeType.ROCKETMQ : SerializeType.JSON;
    }

    /**
     * Appends {@code length | type+headerLength | header} to {@code out} for a frame whose body of
     * {@code bodyLength} bytes the caller writes next (from the command, or straight from mapped files). The
     * command's own body is not written.
     *
     * @throws IllegalArgumentException when the header exceeds {@link #MAX_HEADER_LENGTH} or the frame 2 GiB
     */
    public static void encodeHeader(RemotingCommand command, int bodyLength, ByteSink out) {
        if (bodyLength < 0) {
            throw new IllegalArgumentException("negative body length " + bodyLength);
        }
        int frameStart = out.size();
        out.writeInt(0);
        out.writeInt(0);
        int headerStart = out.size();
        SerializeType type = SerializeType.JSON;
        if (encodingFor(command) == SerializeType.ROCKETMQ && BinaryHeaderCodec.encode(command, out)) {
            type = SerializeType.ROCKETMQ;
        } else {
            JsonHeaderCodec.encode(command, out);
        }
        int headerLength = out.size() - headerStart;
        if (headerLength > MAX_HEADER_LENGTH) {
            out.truncate(frameStart);
            throw new IllegalArgumentException("header of " + headerLength + " bytes exceeds the " + MAX_HEADER_LENGTH
                + "-byte limit of the 24-bit header length (command " + command.code() + ")");
        }
        long length = (long) HEADER_WORD_SIZE + headerLength + bodyLength;
        if (length > Integer.MAX_VALUE) {
            out.truncate(frameStart);
            throw new IllegalArgumentException("frame of " + length + " bytes does not fit the int length field");
        }
        out.setInt(frameStart + LENGTH_OFFSET, (int) length);
        out.setInt(frameStart + HEADER_WORD_OFFSET, headerWord(type, headerLength));
    }

    /** The header part of a frame ({@link #encodeHeader(RemotingCommand, int, ByteSink)}) as a new array. */
    public static byte[] encodeHeader(RemotingCommand command, int bodyLength) {
        ByteSink sink = new ByteSink();
        encodeHeader(command, bodyLength, sink);
        return sink.toByteArray();
    }

    /** Appends the whole frame, body included. */
    public static void encode(RemotingCommand command, ByteSink out) {
        encodeHeader(command, command.bodyLength(), out);
        if (command.body() != null) {
            out.writeBytes(command.body());
        }
    }

    /** The whole frame as a new array. */
    public static byte[] encode(RemotingCommand command) {
        ByteSink sink = new ByteSink(256 + command.bodyLength());
        encode(command, sink);
        return sink.toByteArray();
    }

    /** The whole frame in a new heap buffer, positioned at 0. */
    public static ByteBuffer encodeToBuffer(RemotingCommand command) {
        return ByteBuffer.wrap(encode(command));
    }

    /** The header-length word: type in the high byte, length in the low 24 bits. */
    public static int headerWord(SerializeType type, int headerLength) {
        return (type.code() << TYPE_SHIFT) | (headerLength & MAX_HEADER_LENGTH);
    }

    /**
     * Decodes a frame without its length field: the bytes from {@code frame.position()} to {@code frame.limit()}
     * are the header-length word, the header and the body. The buffer's position, limit and byte order are not
     * changed. The body is copied into a new array.
     */
    public static RemotingCommand decode(ByteBuffer frame) throws MalformedFrameException {
        ByteBuffer in = frame.order() == ByteOrder.BIG_ENDIAN ? frame : frame.duplicate().order(ByteOrder.BIG_ENDIAN);
        int start = in.position();
        int available = in.remaining();
        int delta = LENGTH_FIELD_SIZE - start;
        if (available < HEADER_WORD_SIZE) {
            throw new MalformedFrameException("frame of " + available + " bytes after the length field is shorter than"
                + " the 4-byte header-length word", HEADER_WORD_OFFSET);
        }
        int word = in.getInt(start);
        int typeCode = word >>> TYPE_SHIFT;
        SerializeType type = SerializeType.forCode(typeCode);
        if (type == null) {
            throw new MalformedFrameException("unknown serialize type " + typeCode + " (0 = JSON, 1 = ROCKETMQ)",
                HEADER_WORD_OFFSET);
        }
        int headerLength = word & MAX_HEADER_LENGTH;
        int headerStart = start + HEADER_WORD_SIZE;
        if (headerLength > available - HEADER_WORD_SIZE) {
            throw new MalformedFrameException("header length " + headerLength + " exceeds the "
                + (available - HEADER_WORD_SIZE) + " bytes that follow the header-length word", HEADER_WORD_OFFSET);
        }
        int headerEnd = headerStart + headerLength;
        int bodyLength = available - HEADER_WORD_SIZE - headerLength;
        byte[] body = null;
        if (bodyLength > 0) {
            body = new byte[bodyLength];
            in.get(headerEnd, body);
        }
        if (!in.hasArray() && headerLength > 0) {
            // Direct or read-only memory: one bulk copy of the header (bounded by the bytes present) is much cheaper
            // than reading it byte by byte and copying every string out separately.
            byte[] header = new byte[headerLength];
            in.get(headerStart, header);
            in = ByteBuffer.wrap(header);
            headerStart = 0;
            headerEnd = headerLength;
            delta = HEADER_OFFSET;
        }
        return type == SerializeType.JSON
            ? JsonHeaderCodec.decode(in, headerStart, headerEnd, delta, body)
            : BinaryHeaderCodec.decode(in, headerStart, headerEnd, delta, body);
    }

    /**
     * Decodes a whole frame, length field included; the length field must match the bytes present exactly.
     */
    public static RemotingCommand decodeFrame(ByteBuffer frame) throws MalformedFrameException {
        int available = frame.remaining();
        if (available < LENGTH_FIELD_SIZE) {
            throw new MalformedFrameException("frame of " + available + " bytes is shorter than its 4-byte length field",
                LENGTH_OFFSET);
        }
        ByteBuffer in = frame.duplicate().order(ByteOrder.BIG_ENDIAN);
        int length = in.getInt(in.position());
        if (length != available - LENGTH_FIELD_SIZE) {
            throw new MalformedFrameException("length field says " + length + " bytes follow, but "
                + (available - LENGTH_FIELD_SIZE) + " do", LENGTH_OFFSET);
        }
        in.position(in.position() + LENGTH_FIELD_SIZE);
        return decode(in);
    }
}
