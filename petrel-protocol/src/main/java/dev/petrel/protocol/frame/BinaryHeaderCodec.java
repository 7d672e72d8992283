package dev.petrel.protocol.frame;

import java.nio.ByteBuffer;
import java.util.HashMap;
import java.util.Map;

/**
 * The ROCKETMQ binary header ({@link SerializeType#ROCKETMQ}; RocketMQSerializable.java, remoting-frame.md §4).
 * Integers are big-endian and signed; text is UTF-8.
 *
 * <pre>
 *  0      2      3       5              9              13              17
 *  +------+------+-------+--------------+--------------+---------------+--------------+-----------+-------------+
 *  | code | lang |version|    opaque    |     flag     | remarkLength  | remark bytes | extLength | ext entries |
 *  |short | byte | short |     int      |     int      |   int (R)     |   R bytes    |  int (E)  |   E bytes   |
 *  +------+------+-------+--------------+--------------+---------------+--------------+-----------+-------------+
 *
 *  ext entry, repeated until E bytes are used:
 *  +------------------+------------+--------------------+--------------+
 *  | keyLength short  | key bytes  | valueLength int    | value bytes  |
 *  +------------------+------------+--------------------+--------------+
 * </pre>
 *
 * <p>Limits of the format: {@code code} and {@code version} are shorts, so a command whose code or version lies
 * outside [-32768, 32767] (the POP family, 2000xx) cannot be written this way; {@link #encode} refuses it and the
 * frame codec falls back to JSON. Keys are limited to 32767 UTF-8 bytes for the same reason. A remark of length 0
 * means "no remark", so an empty remark is sent as none.
 *
 * <p>Decoding never trusts a length: every length is checked against the bytes actually present before anything is
 * read or allocated. A duplicate key keeps its last value (Apache's {@code HashMap.put}). Where Apache decodes a
 * zero-length key or value as null, Petrel keeps the empty string, so no entry is lost.
 */
final class BinaryHeaderCodec {

    static final int CODE_OFFSET = 0;
    static final int LANGUAGE_OFFSET = 2;
    static final int VERSION_OFFSET = 3;
    static final int OPAQUE_OFFSET = 5;
    static final int FLAG_OFFSET = 9;
    static final int REMARK_LENGTH_OFFSET = 13;
    static final int REMARK_OFFSET = 17;
    /** The smallest header: every fixed field, remarkLength 0 and extLength 0. */
    static final int MIN_HEADER_LENGTH = REMARK_OFFSET + 4;

    static final int KEY_LENGTH_SIZE = 2;
    static final int VALUE_LENGTH_SIZE = 4;
    static final int MAX_KEY_BYTES = Short.MAX_VALUE;

    private BinaryHeaderCodec() {
    }

    /** Whether the command's code and version survive the 16-bit fields. */
    static boolean fitsShortFields(RemotingCommand command) {
        return command.code() == (short) command.code() && command.version() == (short) command.version();
    }

    /**
     * Writes the header and returns true, or writes nothing and returns false when the command cannot be represented
     * (code or version outside a short, a key longer than 32767 UTF-8 bytes).
     */
    static boolean encode(RemotingCommand command, ByteSink out) {
        if (!fitsShortFields(command)) {
            return false;
        }
        int start = out.size();
        out.writeShort(command.code());
        out.writeByte(command.language().code());
        out.writeShort(command.version());
        out.writeInt(command.opaque());
        out.writeInt(command.flag());
        String remark = command.remark();
        if (remark == null || remark.isEmpty()) {
            out.writeInt(0);
        } else {
            int lengthAt = out.size();
            out.writeInt(0);
            out.setInt(lengthAt, out.writeUtf8(remark));
        }
        int extLengthAt = out.size();
        out.writeInt(0);
        HashMap<String, String> ext = command.extFieldsMap();
        if (ext != null) {
            for (Map.Entry<String, String> e : ext.entrySet()) {
                int keyLengthAt = out.size();
                out.writeShort(0);
                int keyBytes = out.writeUtf8(e.getKey());
                if (keyBytes > MAX_KEY_BYTES) {
                    out.truncate(start);
                    return false;
                }
                out.setShort(keyLengthAt, keyBytes);
                int valueLengthAt = out.size();
                out.writeInt(0);
                out.setInt(valueLengthAt, out.writeUtf8(e.getValue()));
            }
        }
        out.setInt(extLengthAt, out.size() - extLengthAt - 4);
        return true;
    }

    /**
     * Decodes the header occupying {@code [start, end)} of {@code buffer} (big-endian, absolute indexes).
     *
     * @param frameOffsetDelta added to a buffer index to report a frame offset in errors
     */
    static RemotingCommand decode(ByteBuffer buffer, int start, int end, int frameOffsetDelta, byte[] body)
        throws MalformedFrameException {
        int headerLength = end - start;
        if (headerLength < MIN_HEADER_LENGTH) {
            throw new MalformedFrameException("binary header of " + headerLength + " bytes is shorter than the "
                + MIN_HEADER_LENGTH + " bytes of its fixed fields", start + frameOffsetDelta);
        }
        int code = buffer.getShort(start + CODE_OFFSET);
        LanguageCode language = LanguageCode.forCodeOrOther(buffer.get(start + LANGUAGE_OFFSET));
        int version = buffer.getShort(start + VERSION_OFFSET);
        int opaque = buffer.getInt(start + OPAQUE_OFFSET);
        int flag = buffer.getInt(start + FLAG_OFFSET);

        int at = start + REMARK_LENGTH_OFFSET;
        int remarkLength = buffer.getInt(at);
        at += 4;
        // 4 more bytes must follow the remark: the ext length.
        checkLength("remark", remarkLength, at, end - 4, frameOffsetDelta, at - 4);
        String remark = remarkLength == 0 ? null : Utf8.decode(buffer, at, remarkLength);
        at += remarkLength;

        int extLength = buffer.getInt(at);
        at += 4;
        checkLength("ext fields", extLength, at, end, frameOffsetDelta, at - 4);
        HashMap<String, String> ext = extLength == 0 ? null : decodeExt(buffer, at, at + extLength, frameOffsetDelta);
        at += extLength;
        if (at != end) {
            throw new MalformedFrameException("binary header has " + (end - at) + " unread bytes after its ext fields",
                at + frameOffsetDelta);
        }
        return new RemotingCommand(code, language, version, opaque, flag, remark, ext, body, SerializeType.ROCKETMQ);
    }

    private static HashMap<String, String> decodeExt(ByteBuffer buffer, int at, int end, int frameOffsetDelta)
        throws MalformedFrameException {
        HashMap<String, String> ext = new HashMap<>();
        while (at < end) {
            if (end - at < KEY_LENGTH_SIZE) {
                throw new MalformedFrameException("ext entry key length needs 2 bytes, only " + (end - at)
                    + " left in the ext area", at + frameOffsetDelta);
            }
            int keyLength = buffer.getShort(at);
            at += KEY_LENGTH_SIZE;
            checkLength("ext key", keyLength, at, end - VALUE_LENGTH_SIZE, frameOffsetDelta, at - KEY_LENGTH_SIZE);
            String key = Utf8.decode(buffer, at, keyLength);
            at += keyLength;
            int valueLength = buffer.getInt(at);
            at += VALUE_LENGTH_SIZE;
            checkLength("ext value of '" + abbreviate(key) + "'", valueLength, at, end, frameOffsetDelta,
                at - VALUE_LENGTH_SIZE);
            ext.put(key, Utf8.decode(buffer, at, valueLength));
            at += valueLength;
        }
        return ext;
    }

    /** A length is valid when it is not negative and its bytes end at or before {@code limit}. */
    private static void checkLength(String what, int length, int from, int limit, int frameOffsetDelta, int fieldIndex)
        throws MalformedFrameException {
        if (length < 0 || length > limit - from) {
            throw new MalformedFrameException(what + " length " + length + " exceeds the " + Math.max(0, limit - from)
                + " bytes available", fieldIndex + frameOffsetDelta);
        }
    }

    private static String abbreviate(String text) {
        return text.length() <= 40 ? text : text.substring(0, 40) + "...";
    }
}
