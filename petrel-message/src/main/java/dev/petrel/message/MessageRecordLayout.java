package dev.petrel.message;

import java.nio.ByteBuffer;
import java.util.zip.CRC32;

/**
 * The stored message record (message-format.md §1), byte for byte as RocketMQ writes it in CommitLog files and
 * returns it in pull bodies. This is the only class that knows its offsets. All integers big-endian.
 *
 * <pre>
 *  offset (IPv4 born host, IPv4 store host)
 *   0  +---------------------------+
 *      | TOTALSIZE            int  |  whole record, this field included
 *   4  | MAGICCODE            int  |  0xDAA320A7 (V1, 1-byte topic length) / 0xDAA320AB (V2, 2-byte)
 *   8  | BODYCRC              int  |  CRC32(body) &amp; 0x7FFFFFFF
 *  12  | QUEUEID              int  |
 *  16  | FLAG                 int  |
 *  20  | QUEUEOFFSET          long |  ConsumeQueue index (not bytes)
 *  28  | PHYSICALOFFSET       long |  CommitLog offset of byte 0 of this record
 *  36  | SYSFLAG              int  |
 *  40  | BORNTIMESTAMP        long |
 *  48  | BORNHOST       4+4 / 16+4 |  +12 for everything below if IPv6 (sysFlag 0x10)
 *  56  | STORETIMESTAMP       long |
 *  64  | STOREHOST      4+4 / 16+4 |  +12 for everything below if IPv6 (sysFlag 0x20)
 *  72  | RECONSUMETIMES       int  |
 *  76  | PREPARED TX OFFSET   long |
 *  84  | BODY length n        int  |
 *  88  | BODY                 n    |
 *      | TOPIC length    byte/short|  V1: signed byte; V2: short
 *      | TOPIC                t    |  UTF-8
 *      | PROPERTIES length  short  |
 *      | PROPERTIES           p    |  see PropertiesCodec
 *      +---------------------------+
 *  size = 91 + n + t + p (V1, IPv4/IPv4); +1 for V2; +12 per IPv6 host
 *
 *  End-of-file blank marker (8 bytes): TOTALSIZE = bytes left in the file, MAGICCODE = 0xCBD43194.
 * </pre>
 */
public final class MessageRecordLayout {

    public static final int MAGIC_V1 = 0xDAA320A7;
    public static final int MAGIC_V2 = 0xDAA320AB;
    public static final int BLANK_MAGIC = 0xCBD43194;
    /** Bytes of the end-of-file marker; after any record at least this much room is left in a file. */
    public static final int END_FILE_MIN_BLANK_LENGTH = 8;

    public static final int TOTAL_SIZE = 0;
    public static final int MAGIC = 4;
    public static final int BODY_CRC = 8;
    public static final int QUEUE_ID = 12;
    public static final int FLAG = 16;
    public static final int QUEUE_OFFSET = 20;
    public static final int PHYSICAL_OFFSET = 28;
    public static final int SYS_FLAG = 36;
    public static final int BORN_TIMESTAMP = 40;
    public static final int BORN_HOST = 48;
    /** Smallest possible record: V1, IPv4 hosts, empty body, topic and properties. */
    public static final int MIN_RECORD_SIZE = 91;

    /** {@link #check} outcomes other than a size. */
    public static final int CHECK_BLANK = -1;
    public static final int CHECK_INVALID = -2;

    private static final ThreadLocal<CRC32> CRC = ThreadLocal.withInitial(CRC32::new);

    private MessageRecordLayout() {
    }

    public static int recordSize(int bodyLength, int topicLength, int propertiesLength, boolean bornV6, boolean storeV6,
                                 boolean v2) {
        return 4 + 4 + 4 + 4 + 4 + 8 + 8 + 4 + 8 + (bornV6 ? 20 : 8) + 8 + (storeV6 ? 20 : 8) + 4 + 8
            + 4 + bodyLength + (v2 ? 2 : 1) + topicLength + 2 + propertiesLength;
    }

    public static int bornHostLength(int sysFlag) {
        return SysFlag.bornHostV6(sysFlag) ? 20 : 8;
    }

    public static int storeHostLength(int sysFlag) {
        return SysFlag.storeHostV6(sysFlag) ? 20 : 8;
    }

    public static int storeTimestampOffset(int sysFlag) {
        return BORN_HOST + bornHostLength(sysFlag);
    }

    public static int storeHostOffset(int sysFlag) {
        return storeTimestampOffset(sysFlag) + 8;
    }

    public static int reconsumeTimesOffset(int sysFlag) {
        return storeHostOffset(sysFlag) + storeHostLength(sysFlag);
    }

    public static int preparedTransactionOffsetOffset(int sysFlag) {
        return reconsumeTimesOffset(sysFlag) + 4;
    }

    public static int bodyLengthOffset(int sysFlag) {
        return preparedTransactionOffsetOffset(sysFlag) + 8;
    }

    public static int topicLengthSize(int magic) {
        return magic == MAGIC_V2 ? 2 : 1;
    }

    /**
     * Writes {@code draft} as a complete record at absolute index {@code at} of {@code dst} (its position is not
     * used or changed). The caller has checked that {@link MessageDraft#recordSize()} bytes fit.
     */
    public static void encode(ByteBuffer dst, int at, MessageDraft draft, long queueOffset, long physicalOffset,
                              long storeTimestamp) {
        int sysFlag = draft.sysFlag();
        dst.putInt(at + MAGIC, draft.magic());
        dst.putInt(at + BODY_CRC, draft.bodyCrc());
        dst.putInt(at + QUEUE_ID, draft.queueId());
        dst.putInt(at + FLAG, draft.flag());
        dst.putLong(at + QUEUE_OFFSET, queueOffset);
        dst.putLong(at + PHYSICAL_OFFSET, physicalOffset);
        dst.putInt(at + SYS_FLAG, sysFlag);
        dst.putLong(at + BORN_TIMESTAMP, draft.bornTimestamp());
        draft.bornHost().writeTo(dst, at + BORN_HOST);
        int p = at + storeTimestampOffset(sysFlag);
        dst.putLong(p, storeTimestamp);
        draft.storeHost().writeTo(dst, p + 8);
        p = at + reconsumeTimesOffset(sysFlag);
        dst.putInt(p, draft.reconsumeTimes());
        dst.putLong(p + 4, draft.preparedTransactionOffset());
        p += 12;
        byte[] body = draft.body();
        dst.putInt(p, body.length);
        dst.put(p + 4, body);
        p += 4 + body.length;
        byte[] topic = draft.topicBytes();
        if (draft.magic() == MAGIC_V2) {
            dst.putShort(p, (short) topic.length);
            p += 2;
        } else {
            dst.put(p, (byte) topic.length);
            p += 1;
        }
        dst.put(p, topic);
        p += topic.length;
        byte[] props = draft.propertiesBytes();
        dst.putShort(p, (short) props.length);
        dst.put(p + 2, props);
        // The size goes in last, in one 4-byte store: until then the record's first field still holds the zeros of
        // the unwritten file, so a process killed in the middle of this method leaves a tail that recovery reads as
        // the end of the data, never as a whole-looking record whose last bytes (the properties) are missing.
        dst.putInt(at + TOTAL_SIZE, draft.recordSize());
    }

    /** Writes the 8-byte end-of-file marker saying {@code remaining} bytes (from {@code at} to the file end) are unused. */
    public static void encodeBlank(ByteBuffer dst, int at, int remaining) {
        dst.putInt(at + TOTAL_SIZE, remaining);
        dst.putInt(at + MAGIC, BLANK_MAGIC);
    }

    public static int totalSize(ByteBuffer buf, int at) { return buf.getInt(at + TOTAL_SIZE); }
    public static int magic(ByteBuffer buf, int at) { return buf.getInt(at + MAGIC); }
    public static int bodyCrc(ByteBuffer buf, int at) { return buf.getInt(at + BODY_CRC); }
    public static int queueId(ByteBuffer buf, int at) { return buf.getInt(at + QUEUE_ID); }
    public static int flag(ByteBuffer buf, int at) { return buf.getInt(at + FLAG); }
    public static long queueOffset(ByteBuffer buf, int at) { return buf.getLong(at + QUEUE_OFFSET); }
    public static long physicalOffset(ByteBuffer buf, int at) { return buf.getLong(at + PHYSICAL_OFFSET); }
    public static int sysFlag(ByteBuffer buf, int at) { return buf.getInt(at + SYS_FLAG); }
    public static long bornTimestamp(ByteBuffer buf, int at) { return buf.getLong(at + BORN_TIMESTAMP); }

    public static long storeTimestamp(ByteBuffer buf, int at) {
        return buf.getLong(at + storeTimestampOffset(sysFlag(buf, at)));
    }

    public static int reconsumeTimes(ByteBuffer buf, int at) {
        return buf.getInt(at + reconsumeTimesOffset(sysFlag(buf, at)));
    }

    public static long preparedTransactionOffset(ByteBuffer buf, int at) {
        return buf.getLong(at + preparedTransactionOffsetOffset(sysFlag(buf, at)));
    }

    /** Rewrites the queue offset of an encoded record (the store patches batch records this way). */
    public static void putQueueOffset(ByteBuffer buf, int at, long queueOffset) {
        buf.putLong(at + QUEUE_OFFSET, queueOffset);
    }

    /**
     * Validates the record at {@code at}, whose bytes end no later than {@code limit}: known magic, every length
     * field inside the record, TOTALSIZE equal to the size recomputed from the length fields, and (if
     * {@code checkCrc}) the body CRC. Returns the record size, {@link #CHECK_BLANK} for the end-of-file marker, or
     * {@link #CHECK_INVALID} (unknown magic, truncated, inconsistent, bad CRC). Allocates nothing.
     */
    public static int check(ByteBuffer buf, int at, int limit, boolean checkCrc) {
        if (limit - at < 8) {
            return CHECK_INVALID;
        }
        int size = buf.getInt(at + TOTAL_SIZE);
        int magic = buf.getInt(at + MAGIC);
        if (magic == BLANK_MAGIC) {
            return CHECK_BLANK;
        }
        if (magic != MAGIC_V1 && magic != MAGIC_V2) {
            return CHECK_INVALID;
        }
        if (size < MIN_RECORD_SIZE || size > limit - at) {
            return CHECK_INVALID;
        }
        int sysFlag = buf.getInt(at + SYS_FLAG);
        int p = bodyLengthOffset(sysFlag);
        if (p + 4 > size) {
            return CHECK_INVALID;
        }
        int bodyLength = buf.getInt(at + p);
        if (bodyLength < 0 || bodyLength > size - p - 4) {
            return CHECK_INVALID;
        }
        int bodyAt = at + p + 4;
        p += 4 + bodyLength;
        int topicLenSize = topicLengthSize(magic);
        if (p + topicLenSize > size) {
            return CHECK_INVALID;
        }
        int topicLength = topicLenSize == 2 ? buf.getShort(at + p) : buf.get(at + p);
        if (topicLength < 0) {
            return CHECK_INVALID;
        }
        p += topicLenSize + topicLength;
        if (p + 2 > size) {
            return CHECK_INVALID;
        }
        int propsLength = buf.getShort(at + p);
        if (propsLength < 0) {
            return CHECK_INVALID;
        }
        int expected = recordSize(bodyLength, topicLength, propsLength, SysFlag.bornHostV6(sysFlag),
            SysFlag.storeHostV6(sysFlag), magic == MAGIC_V2);
        if (expected != size) {
            return CHECK_INVALID;
        }
        if (checkCrc && bodyLength > 0 && crc(buf, bodyAt, bodyLength) != buf.getInt(at + BODY_CRC)) {
            return CHECK_INVALID;
        }
        return size;
    }

    /** CRC32 of {@code length} bytes at {@code at}, masked with 0x7FFFFFFF; does not move the buffer's position. */
    public static int crc(ByteBuffer buf, int at, int length) {
        CRC32 crc = CRC.get();
        crc.reset();
        crc.update(buf.duplicate().limit(at + length).position(at));
        return (int) (crc.getValue() & 0x7FFFFFFFL);
    }

    /**
     * Offsets of the variable part of a record that passed {@link #check}: body, topic and properties positions,
     * relative to the record start. A tiny value class so callers never do the arithmetic themselves.
     */
    public record Sections(int bodyOffset, int bodyLength, int topicOffset, int topicLength, int propertiesOffset,
                           int propertiesLength) {
    }

    /** The variable sections of the record at {@code at} (which must have passed {@link #check}). */
    public static Sections sections(ByteBuffer buf, int at) {
        int magic = buf.getInt(at + MAGIC);
        int sysFlag = buf.getInt(at + SYS_FLAG);
        int p = bodyLengthOffset(sysFlag);
        int bodyLength = buf.getInt(at + p);
        int bodyOffset = p + 4;
        p = bodyOffset + bodyLength;
        int topicLength;
        if (magic == MAGIC_V2) {
            topicLength = buf.getShort(at + p);
            p += 2;
        } else {
            topicLength = buf.get(at + p);
            p += 1;
        }
        int topicOffset = p;
        p += topicLength;
        int propsLength = buf.getShort(at + p);
        return new Sections(bodyOffset, bodyLength, topicOffset, topicLength, p + 2, propsLength);
    }

    /** The offset message id of the record at {@code at}: its store host and physical offset. */
    public static String offsetMessageId(ByteBuffer buf, int at) {
        int sysFlag = sysFlag(buf, at);
        int h = at + storeHostOffset(sysFlag);
        byte[] addr = new byte[SysFlag.storeHostV6(sysFlag) ? 16 : 4];
        buf.get(h, addr);
        return OffsetMessageId.encode(new Host(addr, buf.getInt(h + addr.length)), physicalOffset(buf, at));
    }

    /** Reads a host (address + port) at absolute index {@code at}. */
    static Host readHost(ByteBuffer buf, int at, boolean v6) {
        byte[] addr = new byte[v6 ? 16 : 4];
        buf.get(at, addr);
        return new Host(addr, buf.getInt(at + addr.length));
    }
}
