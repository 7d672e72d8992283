package dev.petrel.protocol.frame;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;

/**
 * The JSON header ({@link SerializeType#JSON}; remoting-frame.md §3): byte for byte what fastjson 1.2.83 writes for
 * Apache's {@code RemotingCommand}, and a lenient reader for what any RocketMQ client sends.
 *
 * <pre>
 * {"code":C,["extFields":{"k":"v",...},]"flag":F,"language":"NAME","opaque":O,["remark":"R",]"serializeTypeCurrentRPC":"JSON","version":V}
 *
 *  - keys in alphabetical order (fastjson SortField); no whitespace
 *  - extFields written only when the command has an ext-field map (possibly {}), entries in HashMap iteration order
 *  - remark written only when not null; numbers in decimal; enums by name
 * </pre>
 *
 * String escaping, measured on the 5.3.1 jar for every char: {@code "} and {@code \} get a backslash;
 * {@code \b \t \n \f \r} their short escapes; the other chars below 0x20 and 0x7F..0x9F become {@code \}{@code u00XX}
 * with upper-case hex; U+2028 and U+2029 become {@code \}{@code u2028}/{@code \}{@code u2029}; everything else,
 * including {@code /} and non-ASCII, is raw UTF-8. An unpaired surrogate becomes {@code ?} (Apache's
 * {@code String.getBytes(UTF_8)}).
 *
 * <p>Reading accepts standard JSON in any key order with any whitespace, and, like fastjson: unknown keys (skipped),
 * duplicate keys (the last wins), int fields given as numbers with a fraction or exponent, as numeric strings, as
 * true/false (1/0) or null (0); {@code language} as a name in any case or as a code number; numbers, booleans and
 * nested values inside {@code extFields} as their text; null ext values (dropped). Missing fields take Apache's
 * defaults (language JAVA, everything else 0 or absent). Where fastjson would decode an unknown language to null,
 * Petrel uses {@link LanguageCode#OTHER}. Single quotes, unquoted names and trailing commas (fastjson extensions no
 * RocketMQ client sends) are rejected, as is anything after the closing brace but whitespace.
 */
final class JsonHeaderCodec {

    private static final byte[] OPEN_CODE = ascii("{\"code\":");
    private static final byte[] EXT_FIELDS = ascii(",\"extFields\":{");
    private static final byte[] FLAG = ascii(",\"flag\":");
    private static final byte[] LANGUAGE = ascii(",\"language\":\"");
    private static final byte[] OPAQUE = ascii("\",\"opaque\":");
    private static final byte[] REMARK = ascii(",\"remark\":");
    private static final byte[] TYPE_VERSION = ascii(",\"serializeTypeCurrentRPC\":\"JSON\",\"version\":");

    /** Escapes for chars below 0xA0; null means "write the char as is". */
    private static final byte[][] ESCAPES = new byte[0xA0][];

    static {
        for (int c = 0; c < 0x20; c++) {
            ESCAPES[c] = ascii(String.format("\\u%04X", c));
        }
        for (int c = 0x7F; c < 0xA0; c++) {
            ESCAPES[c] = ascii(String.format("\\u%04X", c));
        }
        ESCAPES['\b'] = ascii("\\b");
        ESCAPES['\t'] = ascii("\\t");
        ESCAPES['\n'] = ascii("\\n");
        ESCAPES['\f'] = ascii("\\f");
        ESCAPES['\r'] = ascii("\\r");
        ESCAPES['"'] = ascii("\\\"");
        ESCAPES['\\'] = ascii("\\\\");
    }

    private static final byte[] ESCAPE_2028 = ascii("\\u2028");
    private static final byte[] ESCAPE_2029 = ascii("\\u2029");

    // Field names, matched against raw bytes so reading a header allocates no key strings.
    private static final byte[] CODE = ascii("code");
    private static final byte[] EXT = ascii("extFields");
    private static final byte[] FLAG_NAME = ascii("flag");
    private static final byte[] LANGUAGE_NAME = ascii("language");
    private static final byte[] OPAQUE_NAME = ascii("opaque");
    private static final byte[] REMARK_NAME = ascii("remark");
    private static final byte[] VERSION_NAME = ascii("version");
    /** Indexed by field id, in key order. */
    private static final byte[][] FIELD_NAMES = {CODE, EXT, FLAG_NAME, LANGUAGE_NAME, OPAQUE_NAME, REMARK_NAME, VERSION_NAME};

    private JsonHeaderCodec() {
    }

    static void encode(RemotingCommand command, ByteSink out) {
        out.writeBytes(OPEN_CODE);
        out.writeDecimal(command.code());
        HashMap<String, String> ext = command.extFieldsMap();
        if (ext != null) {
            out.writeBytes(EXT_FIELDS);
            boolean first = true;
            for (Map.Entry<String, String> e : ext.entrySet()) {
                if (!first) {
                    out.writeByte(',');
                }
                first = false;
                writeString(e.getKey(), out);
                out.writeByte(':');
                writeString(e.getValue(), out);
            }
            out.writeByte('}');
        }
        out.writeBytes(FLAG);
        out.writeDecimal(command.flag());
        out.writeBytes(LANGUAGE);
        out.writeAscii(command.language().name());
        out.writeBytes(OPAQUE);
        out.writeDecimal(command.opaque());
        if (command.remark() != null) {
            out.writeBytes(REMARK);
            writeString(command.remark(), out);
        }
        out.writeBytes(TYPE_VERSION);
        out.writeDecimal(command.version());
        out.writeByte('}');
    }

    /** Writes a quoted, escaped JSON string. */
    static void writeString(String text, ByteSink out) {
        out.writeByte('"');
        int n = text.length();
        for (int i = 0; i < n; i++) {
            char c = text.charAt(i);
            if (c < 0xA0) {
                byte[] escape = ESCAPES[c];
                if (escape == null) {
                    out.writeByte(c);
                } else {
                    out.writeBytes(escape);
                }
            } else if (c == '\u2028') {
                out.writeBytes(ESCAPE_2028);
            } else if (c == '\u2029') {
                out.writeBytes(ESCAPE_2029);
            } else {
                i = out.writeUtf8Char(text, i);
            }
        }
        out.writeByte('"');
    }

    /** Decodes the header in {@code [start, end)}; see the class comment for what is accepted. */
    static RemotingCommand decode(ByteBuffer buffer, int start, int end, int frameOffsetDelta, byte[] body)
        throws MalformedFrameException {
        JsonHeaderReader in = new JsonHeaderReader(buffer, start, end, frameOffsetDelta);
        int code = 0;
        LanguageCode language = LanguageCode.JAVA;
        int version = 0;
        int opaque = 0;
        int flag = 0;
        String remark = null;
        HashMap<String, String> ext = null;

        in.expect('{', "at the start of the header");
        if (!in.consumeIf('}')) {
            do {
                if (in.peek() != '"') {
                    throw in.error("expected a quoted field name, found " + JsonHeaderReader.describe(in.peek()));
                }
                int field = fieldId(in);
                in.expect(':', "after a field name");
                switch (field) {
                    case 0 -> code = in.readLenientInt("code");
                    case 1 -> ext = readExtFields(in);
                    case 2 -> flag = in.readLenientInt("flag");
                    case 3 -> language = readLanguage(in);
                    case 4 -> opaque = in.readLenientInt("opaque");
                    case 5 -> remark = in.readValueAsText("for remark");
                    case 6 -> version = in.readLenientInt("version");
                    default -> in.skipValue("in an unknown field");
                }
            } while (in.consumeIf(','));
            in.expect('}', "after a field value");
        }
        if (in.peek() >= 0) {
            throw in.error("unexpected " + JsonHeaderReader.describe(in.peek()) + " after the closing brace");
        }
        return new RemotingCommand(code, language, version, opaque, flag, remark, ext, body, SerializeType.JSON);
    }

    /** Consumes a field name and returns 0..6 for the known fields (in key order) or -1. */
    private static int fieldId(JsonHeaderReader in) throws MalformedFrameException {
        int raw = in.rawStringLength();
        if (raw < 0) {
            // Escaped (or broken) name: decode it properly; an escaped name can still be a known one.
            return fieldIdOf(in.readString("for a field name"));
        }
        for (int i = 0; i < FIELD_NAMES.length; i++) {
            if (in.rawStringEquals(FIELD_NAMES[i], raw)) {
                in.skipRawString(raw);
                return i;
            }
        }
        in.skipRawString(raw);
        return -1;
    }

    private static int fieldIdOf(String name) {
        return switch (name) {
            case "code" -> 0;
            case "extFields" -> 1;
            case "flag" -> 2;
            case "language" -> 3;
            case "opaque" -> 4;
            case "remark" -> 5;
            case "version" -> 6;
            default -> -1;
        };
    }

    private static LanguageCode readLanguage(JsonHeaderReader in) throws MalformedFrameException {
        int c = in.peek();
        if (c == '"') {
            return LanguageCode.forNameOrOther(in.readString("for language"));
        }
        if (c == '-' || c == '+' || (c >= '0' && c <= '9')) {
            Integer code = JsonHeaderReader.toIntOrNull(in.readNumberText());
            return code == null ? LanguageCode.OTHER : LanguageCode.forCodeOrOther(code);
        }
        in.skipValue("for language");
        return LanguageCode.OTHER;
    }

    private static HashMap<String, String> readExtFields(JsonHeaderReader in) throws MalformedFrameException {
        int c = in.peek();
        if (c == 'n') {
            in.skipValue("for extFields");
            return null;
        }
        if (c != '{') {
            throw in.error("extFields must be an object, found " + JsonHeaderReader.describe(c));
        }
        in.expect('{', "for extFields");
        HashMap<String, String> ext = new HashMap<>();
        if (in.consumeIf('}')) {
            return ext;
        }
        do {
            String key = in.readString("for an extFields key");
            in.expect(':', "after an extFields key");
            String value = in.readValueAsText("for extFields value");
            if (value != null) {
                ext.put(key, value);
            }
        } while (in.consumeIf(','));
        in.expect('}', "at the end of extFields");
        return ext;
    }

    private static byte[] ascii(String text) {
        return text.getBytes(StandardCharsets.US_ASCII);
    }
}
