package dev.petrel.message;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.zip.DataFormatException;
import java.util.zip.Inflater;

/**
 * Reads stored records (a CommitLog slice, a pull/query body) into {@link DecodedMessage}s. Every length field is
 * checked against the bytes actually present before anything is allocated, so random or truncated input gets a
 * {@link MessageFormatException} naming the problem, never an allocation bigger than the input. Decompressed bodies
 * are capped at {@code maxBodySize}.
 *
 * <p>Compression: zlib (types 0 and 3) is supported; LZ4 and ZSTD bodies are refused with a clear error (they need
 * libraries this module does not carry).
 */
public final class MessageRecordDecoder {

    /** Default cap for a decompressed body: the store's 4 MiB body limit plus headroom for highly compressible data. */
    public static final int DEFAULT_MAX_BODY_SIZE = 64 * 1024 * 1024;

    private final boolean decompress;
    private final int maxBodySize;

    public MessageRecordDecoder(boolean decompress, int maxBodySize) {
        this.decompress = decompress;
        this.maxBodySize = maxBodySize;
    }

    public MessageRecordDecoder() {
        this(true, DEFAULT_MAX_BODY_SIZE);
    }

    /** Decodes every record from the buffer's position to its limit; the buffer's position is not moved. */
    public List<DecodedMessage> decodeAll(ByteBuffer body) {
        List<DecodedMessage> out = new ArrayList<>();
        int at = body.position();
        while (at < body.limit()) {
            DecodedMessage m = decode(body, at);
            out.add(m);
            at += m.totalSize();
        }
        return out;
    }

    /** Decodes the record at absolute index {@code at}; it must lie entirely before the buffer's limit. */
    public DecodedMessage decode(ByteBuffer buf, int at) {
        int limit = buf.limit();
        if (at < 0 || limit - at < 8) {
            throw new MessageFormatException("truncated record at " + at + ": " + Math.max(0, limit - at)
                + " bytes left, a record header needs at least 8");
        }
        int magic = MessageRecordLayout.magic(buf, at);
        if (magic == MessageRecordLayout.BLANK_MAGIC) {
            throw new MessageFormatException("end-of-file blank marker at " + at + ", not a message record");
        }
        if (magic != MessageRecordLayout.MAGIC_V1 && magic != MessageRecordLayout.MAGIC_V2) {
            throw new MessageFormatException(String.format("unknown magic code 0x%08X at %d", magic, at));
        }
        int size = MessageRecordLayout.totalSize(buf, at);
        if (size < MessageRecordLayout.MIN_RECORD_SIZE || size > limit - at) {
            throw new MessageFormatException("record at " + at + " claims TOTALSIZE " + size + " but "
                + (limit - at) + " bytes are present (minimum record size " + MessageRecordLayout.MIN_RECORD_SIZE + ")");
        }
        if (MessageRecordLayout.check(buf, at, at + size, false) != size) {
            throw new MessageFormatException("record at " + at + " of TOTALSIZE " + size
                + " has inconsistent length fields (body, topic or properties length)");
        }
        int sysFlag = MessageRecordLayout.sysFlag(buf, at);
        MessageRecordLayout.Sections s = MessageRecordLayout.sections(buf, at);
        byte[] body = new byte[s.bodyLength()];
        buf.get(at + s.bodyOffset(), body);
        if (decompress && SysFlag.isCompressed(sysFlag)) {
            body = decompress(body, sysFlag, at);
            sysFlag &= ~SysFlag.COMPRESSED;
        }
        byte[] topic = new byte[s.topicLength()];
        buf.get(at + s.topicOffset(), topic);
        byte[] props = new byte[s.propertiesLength()];
        buf.get(at + s.propertiesOffset(), props);
        Map<String, String> properties = PropertiesCodec.decode(props, 0, props.length);
        int rawSysFlag = MessageRecordLayout.sysFlag(buf, at);
        Host bornHost = MessageRecordLayout.readHost(buf, at + MessageRecordLayout.BORN_HOST, SysFlag.bornHostV6(rawSysFlag));
        Host storeHost = MessageRecordLayout.readHost(buf, at + MessageRecordLayout.storeHostOffset(rawSysFlag),
            SysFlag.storeHostV6(rawSysFlag));
        long physicalOffset = MessageRecordLayout.physicalOffset(buf, at);
        return new DecodedMessage(size, magic, MessageRecordLayout.bodyCrc(buf, at), MessageRecordLayout.queueId(buf, at),
            MessageRecordLayout.flag(buf, at), MessageRecordLayout.queueOffset(buf, at), physicalOffset, sysFlag,
            MessageRecordLayout.bornTimestamp(buf, at), bornHost, MessageRecordLayout.storeTimestamp(buf, at), storeHost,
            MessageRecordLayout.reconsumeTimes(buf, at), MessageRecordLayout.preparedTransactionOffset(buf, at), body,
            new String(topic, StandardCharsets.UTF_8), properties, OffsetMessageId.encode(storeHost, physicalOffset));
    }

    private byte[] decompress(byte[] body, int sysFlag, int at) {
        int type = (sysFlag & SysFlag.COMPRESSION_TYPE_MASK) >> 8;
        switch (type) {
            case 0, SysFlag.COMPRESSION_VALUE_ZLIB:
                return inflate(body, at);
            case SysFlag.COMPRESSION_VALUE_LZ4:
                throw new MessageFormatException("record at " + at + " has an LZ4-compressed body; Petrel decodes only "
                    + "zlib bodies (set the producer's rocketmq.message.compressType to ZLIB)");
            case SysFlag.COMPRESSION_VALUE_ZSTD:
                throw new MessageFormatException("record at " + at + " has a ZSTD-compressed body; Petrel decodes only "
                    + "zlib bodies (set the producer's rocketmq.message.compressType to ZLIB)");
            default:
                throw new MessageFormatException("record at " + at + " has unknown compression type " + type);
        }
    }

    private byte[] inflate(byte[] input, int at) {
        Inflater inflater = new Inflater();
        try {
            inflater.setInput(input);
            ByteArrayOutputStream out = new ByteArrayOutputStream(Math.min(maxBodySize, Math.max(64, input.length * 2)));
            byte[] chunk = new byte[Math.min(64 * 1024, Math.max(64, input.length * 2))];
            while (!inflater.finished()) {
                int n = inflater.inflate(chunk);
                if (n == 0 && (inflater.needsInput() || inflater.needsDictionary())) {
                    throw new MessageFormatException("record at " + at + ": zlib body is truncated");
                }
                if (out.size() + n > maxBodySize) {
                    throw new MessageFormatException("record at " + at + ": decompressed body exceeds " + maxBodySize + " bytes");
                }
                out.write(chunk, 0, n);
            }
            return out.toByteArray();
        } catch (DataFormatException e) {
            throw new MessageFormatException("record at " + at + ": body is not a valid zlib stream: " + e.getMessage(), e);
        } finally {
            inflater.end();
        }
    }
}
