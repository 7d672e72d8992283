package dev.petrel.protocol.body.register;

import dev.petrel.common.json.JsonException;
import dev.petrel.common.json.JsonType;
import dev.petrel.protocol.body.DataVersion;
import dev.petrel.protocol.body.MalformedBodyException;
import dev.petrel.protocol.body.ProtocolJson;
import dev.petrel.protocol.body.topic.TopicConfig;
import dev.petrel.protocol.body.topic.TopicConfigAndMappingSerializeWrapper;
import dev.petrel.protocol.body.topic.TopicFilterType;
import dev.petrel.protocol.body.topic.TopicQueueMappingInfo;
import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.zip.CRC32;
import java.util.zip.DataFormatException;
import java.util.zip.Deflater;
import java.util.zip.Inflater;

/**
 * REGISTER_BROKER body in both forms (json-bodies.md §4): JSON ({@link RegisterBrokerBody#CODEC}) or, when the
 * header's {@code compressed} is true, a zlib stream (Deflate with zlib header) of:
 *
 * <pre>
 *   int32  dataVersionLength    | DataVersion JSON
 *   int32  topicCount
 *   topicCount x ( int32 length | topic line )
 *   int32  filterServerListLength | JSON array of strings
 *   int32  mappingCount                                        \ read only when the broker's version
 *   mappingCount x ( int32 length | TopicQueueMappingInfo JSON ) / is >= V5_0_0 (413); always written
 *
 *   topic line = topicName SP readQueueNums SP writeQueueNums SP perm SP topicFilterType SP attributesJson
 * </pre>
 *
 * Integers are big-endian, text UTF-8. A topic line does not carry {@code topicSysFlag} or {@code order}: they read
 * as 0/false. The mapping-data version and detail map are not carried either.
 *
 * <p>Decoding never trusts a length: the stream is inflated up to {@link #MAX_INFLATED_BYTES} and every length and
 * count is checked against the bytes that are actually there.
 */
public final class RegisterBrokerBodyCodec {

    /** MQVersion.Version.V5_0_0: from this request version on, the compressed body carries topic-queue mappings. */
    public static final int V5_0_0 = 413;
    /** Upper bound of an inflated body (about half a million topics). */
    public static final int MAX_INFLATED_BYTES = 64 * 1024 * 1024;

    private static final int INT_BYTES = 4;
    private static final char SEPARATOR = ' ';
    private static final int TOPIC_LINE_FIELDS = 6;
    private static final JsonType<List<String>> STRING_LIST = new JsonType<>() { };
    private static final JsonType<Map<String, String>> STRING_MAP = new JsonType<>() { };

    private RegisterBrokerBodyCodec() {
    }

    /** The body as the header says it is: JSON, or compressed when {@code compressed}. */
    public static RegisterBrokerBody decode(byte[] body, boolean compressed, int brokerVersion) {
        return compressed ? decodeCompressed(body, brokerVersion) : RegisterBrokerBody.CODEC.decode(body);
    }

    /** The JSON form, or the compressed form when {@code compress}. */
    public static byte[] encode(RegisterBrokerBody body, boolean compress) {
        return compress ? encodeCompressed(body) : RegisterBrokerBody.CODEC.encode(body);
    }

    /**
     * The {@code bodyCrc32} header value of a body: CRC32 masked to 31 bits, as Apache's {@code UtilAll.crc32}
     * computes it (0 means "not checked").
     */
    public static int bodyCrc32(byte[] body) {
        CRC32 crc = new CRC32();
        crc.update(body, 0, body.length);
        return (int) (crc.getValue() & 0x7FFFFFFFL);
    }

    /** The compressed form. Topic-queue mappings are always written, as the 5.x broker does. */
    public static byte[] encodeCompressed(RegisterBrokerBody body) {
        TopicConfigAndMappingSerializeWrapper wrapper = body.topicConfigSerializeWrapper();
        if (wrapper == null || wrapper.dataVersion() == null) {
            throw new IllegalArgumentException("a registration needs a topic config wrapper with a data version");
        }
        ByteArrayOutputStream plain = new ByteArrayOutputStream(1024);
        writeChunk(plain, ProtocolJson.codec().encode(wrapper.dataVersion()));
        Map<String, TopicConfig> topics = wrapper.topicConfigTable();
        writeInt(plain, topics.size());
        for (TopicConfig topic : topics.values()) {
            writeChunk(plain, topicLine(topic).getBytes(StandardCharsets.UTF_8));
        }
        writeChunk(plain, ProtocolJson.codec().encode(body.filterServerList()));
        Map<String, TopicQueueMappingInfo> mappings = wrapper.topicQueueMappingInfoMap();
        writeInt(plain, mappings.size());
        for (TopicQueueMappingInfo mapping : mappings.values()) {
            writeChunk(plain, ProtocolJson.codec().encode(mapping));
        }
        return deflate(plain.toByteArray());
    }

    /**
     * Reads the compressed form.
     *
     * @param brokerVersion the request's version: mappings are read only from {@link #V5_0_0} on
     * @throws MalformedBodyException if the stream does not inflate, is truncated or holds unreadable parts
     */
    public static RegisterBrokerBody decodeCompressed(byte[] body, int brokerVersion) {
        if (body == null || body.length == 0) {
            throw new MalformedBodyException("cannot read compressed RegisterBrokerBody: no body");
        }
        ByteBuffer in = ByteBuffer.wrap(inflate(body));
        try {
            DataVersion dataVersion = ProtocolJson.codec().decode(readChunk(in, "data version"), DataVersion.class);
            int topicCount = readCount(in, "topic");
            Map<String, TopicConfig> topics = new LinkedHashMap<>();
            for (int i = 0; i < topicCount; i++) {
                TopicConfig topic = parseTopicLine(new String(readChunk(in, "topic config"), StandardCharsets.UTF_8));
                topics.put(topic.topicName(), topic);
            }
            List<String> filterServers = ProtocolJson.codec().decode(readChunk(in, "filter server list"), STRING_LIST);
            Map<String, TopicQueueMappingInfo> mappings = new LinkedHashMap<>();
            if (brokerVersion >= V5_0_0) {
                int mappingCount = readCount(in, "topic queue mapping");
                for (int i = 0; i < mappingCount; i++) {
                    TopicQueueMappingInfo mapping = ProtocolJson.codec().decode(readChunk(in, "topic queue mapping"),
                        TopicQueueMappingInfo.class);
                    mappings.put(mapping.topic(), mapping);
                }
            }
            TopicConfigAndMappingSerializeWrapper wrapper = new TopicConfigAndMappingSerializeWrapper(dataVersion, null,
                topics, Map.of(), mappings);
            return new RegisterBrokerBody(filterServers, wrapper);
        } catch (JsonException e) {
            throw new MalformedBodyException("cannot read compressed RegisterBrokerBody: " + e.getMessage(), e);
        }
    }

    /** TopicConfig.encode() of Apache 5.x: the six space-separated fields. */
    static String topicLine(TopicConfig topic) {
        return topic.topicName() + SEPARATOR + topic.readQueueNums() + SEPARATOR + topic.writeQueueNums() + SEPARATOR
            + topic.perm() + SEPARATOR + topic.topicFilterType() + SEPARATOR
            + new String(ProtocolJson.codec().encode(topic.attributes()), StandardCharsets.UTF_8);
    }

    /**
     * Parses a topic line. Attributes may contain spaces, so the sixth field is the rest of the line (Apache splits
     * on every space and silently loses such attributes).
     */
    static TopicConfig parseTopicLine(String line) {
        String[] fields = line.split(String.valueOf(SEPARATOR), TOPIC_LINE_FIELDS);
        if (fields.length < TOPIC_LINE_FIELDS - 1) {
            throw new MalformedBodyException("cannot read compressed RegisterBrokerBody: topic config '" + line
                + "' has " + fields.length + " fields, expected at least 5");
        }
        try {
            TopicFilterType filterType = TopicFilterType.valueOf(fields[4]);
            Map<String, String> attributes = fields.length == TOPIC_LINE_FIELDS && !fields[5].isEmpty()
                ? ProtocolJson.codec().decode(fields[5].getBytes(StandardCharsets.UTF_8), STRING_MAP)
                : Map.of();
            return new TopicConfig(fields[0], Integer.parseInt(fields[1]), Integer.parseInt(fields[2]),
                Integer.parseInt(fields[3]), filterType, 0, false, attributes);
        } catch (IllegalArgumentException e) {
            throw new MalformedBodyException("cannot read compressed RegisterBrokerBody: topic config '" + line + "': "
                + e.getMessage(), e);
        }
    }

    private static byte[] readChunk(ByteBuffer in, String what) {
        int length = readInt(in, what);
        if (length < 0 || length > in.remaining()) {
            throw new MalformedBodyException("cannot read compressed RegisterBrokerBody: " + what + " length " + length
                + " but " + in.remaining() + " bytes remain");
        }
        byte[] chunk = new byte[length];
        in.get(chunk);
        return chunk;
    }

    private static int readCount(ByteBuffer in, String what) {
        int count = readInt(in, what + " count");
        // Every entry has at least its 4-byte length: a larger count cannot be real.
        if (count < 0 || count > in.remaining() / INT_BYTES) {
            throw new MalformedBodyException("cannot read compressed RegisterBrokerBody: " + what + " count " + count
                + " but " + in.remaining() + " bytes remain");
        }
        return count;
    }

    private static int readInt(ByteBuffer in, String what) {
        if (in.remaining() < INT_BYTES) {
            throw new MalformedBodyException("cannot read compressed RegisterBrokerBody: truncated before " + what);
        }
        return in.getInt();
    }

    private static void writeChunk(ByteArrayOutputStream out, byte[] chunk) {
        writeInt(out, chunk.length);
        out.writeBytes(chunk);
    }

    private static void writeInt(ByteArrayOutputStream out, int value) {
        out.write(value >>> 24);
        out.write(value >>> 16);
        out.write(value >>> 8);
        out.write(value);
    }

    private static byte[] deflate(byte[] plain) {
        Deflater deflater = new Deflater(Deflater.BEST_COMPRESSION);
        try {
            deflater.setInput(plain);
            deflater.finish();
            ByteArrayOutputStream out = new ByteArrayOutputStream(Math.max(64, plain.length / 4));
            byte[] buffer = new byte[8192];
            while (!deflater.finished()) {
                out.write(buffer, 0, deflater.deflate(buffer));
            }
            return out.toByteArray();
        } finally {
            deflater.end();
        }
    }

    private static byte[] inflate(byte[] compressed) {
        Inflater inflater = new Inflater();
        try {
            inflater.setInput(compressed);
            ByteArrayOutputStream out = new ByteArrayOutputStream(Math.max(256, compressed.length * 4));
            byte[] buffer = new byte[8192];
            while (!inflater.finished()) {
                int n = inflater.inflate(buffer);
                if (n == 0 && (inflater.needsInput() || inflater.needsDictionary())) {
                    throw new MalformedBodyException("cannot read compressed RegisterBrokerBody: the zlib stream is truncated");
                }
                if (out.size() + n > MAX_INFLATED_BYTES) {
                    throw new MalformedBodyException("cannot read compressed RegisterBrokerBody: inflates to more than "
                        + MAX_INFLATED_BYTES + " bytes");
                }
                out.write(buffer, 0, n);
            }
            return out.toByteArray();
        } catch (DataFormatException e) {
            throw new MalformedBodyException("cannot read compressed RegisterBrokerBody: not a zlib stream: "
                + e.getMessage(), e);
        } finally {
            inflater.end();
        }
    }
}
