package dev.petrel.common.json;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * Rewrites the JSON dialect written by fastjson 1.2.x (Apache RocketMQ's serializer) into standard JSON, so that a
 * standard parser can read it. It is the only place in Petrel that knows fastjson's non-standard forms:
 *
 * <pre>
 *   fastjson writes                               rewritten to
 *   {0:"127.0.0.1:10911"}                         {"0":"127.0.0.1:10911"}          bare (numeric) map key
 *   {{"brokerName":"b","queueId":0}:42}           {"{\"brokerName\":\"b\",\"queueId\":0}":42}
 *                                                                                  object map key -> a string holding it
 *   {"$ref":"$.a.b"}                              unchanged; reported through {@link Result#hasRefs()}
 *   UTF-8 byte order mark                         dropped
 * </pre>
 *
 * <p>Everything else is copied byte for byte. Standard JSON passes through without being copied at all. The pass is
 * a single left-to-right scan over UTF-8 bytes (all structural characters are ASCII, so multi-byte characters need no
 * decoding): linear time, and each input byte is copied at most three times (an object key is captured, escaped and
 * written once more). Nesting is limited to {@link #MAX_DEPTH} and tracked in an array, never on the call stack. An
 * object key may not itself contain an object key (Apache never writes one, and refusing keeps the output linear in
 * the input). Malformed or truncated input fails with a {@link JsonException} naming the byte offset; values themselves
 * (numbers, literals, string escapes) are validated by the standard parser that reads the result.
 */
final class FastjsonNormalizer {

    /** Deepest nesting accepted. RocketMQ's deepest body (ConsumeStatsList) nests eight levels. */
    static final int MAX_DEPTH = 100;

    /** The normalised text and whether it contains fastjson {@code $ref} references that need resolving. */
    record Result(byte[] json, boolean hasRefs) {
    }

    private static final byte IN_OBJECT = 1;
    private static final byte IN_ARRAY = 2;

    // What the scanner accepts next.
    private static final int EXPECT_VALUE = 0;
    private static final int EXPECT_VALUE_OR_CLOSE = 1;
    private static final int EXPECT_KEY_OR_CLOSE = 2;
    private static final int EXPECT_KEY = 3;
    private static final int EXPECT_COLON = 4;
    private static final int EXPECT_COMMA_OR_CLOSE = 5;
    private static final int EXPECT_END = 6;

    private static final byte[] REF_KEY = "$ref".getBytes(StandardCharsets.US_ASCII);

    private final byte[] in;
    private int pos;
    private final byte[] kinds = new byte[MAX_DEPTH + 1];
    private int depth;
    private int expect = EXPECT_VALUE;
    private boolean hasRefs;

    /** Output; null while nothing had to be rewritten (then the input itself is the result). */
    private byte[] out;
    private int outLength;
    /** Input before this index has been written to {@code out} (or needs no rewrite). */
    private int copied;

    /** Depth of the object currently being captured as a map key, or 0 when none is. */
    private int keyDepth;
    /** Position in {@code out} where the captured key object starts. */
    private int keyStart;

    private FastjsonNormalizer(byte[] in) {
        this.in = in;
    }

    /**
     * Normalises {@code json}.
     *
     * @throws JsonException if the text is not well-formed fastjson/standard JSON or nests deeper than {@link #MAX_DEPTH}
     */
    static Result normalize(byte[] json) {
        FastjsonNormalizer pass = new FastjsonNormalizer(json);
        pass.run();
        return new Result(pass.result(), pass.hasRefs);
    }

    private void run() {
        if (in.length >= 3 && in[0] == (byte) 0xEF && in[1] == (byte) 0xBB && in[2] == (byte) 0xBF) {
            startRewrite(0);
            copied = 3;
            pos = 3;
        }
        while (true) {
            skipWhitespace();
            if (pos == in.length) {
                if (expect == EXPECT_END) {
                    return;
                }
                throw error(in.length == 0 ? "empty input" : "unexpected end of input");
            }
            byte c = in[pos];
            switch (expect) {
                case EXPECT_VALUE, EXPECT_VALUE_OR_CLOSE -> {
                    if (c == ']' && expect == EXPECT_VALUE_OR_CLOSE) {
                        close(IN_ARRAY);
                    } else {
                        value(c);
                    }
                }
                case EXPECT_KEY_OR_CLOSE, EXPECT_KEY -> {
                    if (c == '}' && expect == EXPECT_KEY_OR_CLOSE) {
                        close(IN_OBJECT);
                    } else {
                        key(c);
                    }
                }
                case EXPECT_COLON -> {
                    if (c != ':') {
                        throw unexpected(c, "':'");
                    }
                    pos++;
                    expect = EXPECT_VALUE;
                }
                case EXPECT_COMMA_OR_CLOSE -> {
                    if (c == ',') {
                        pos++;
                        expect = kinds[depth] == IN_OBJECT ? EXPECT_KEY : EXPECT_VALUE;
                    } else if (c == '}' && kinds[depth] == IN_OBJECT) {
                        close(IN_OBJECT);
                    } else if (c == ']' && kinds[depth] == IN_ARRAY) {
                        close(IN_ARRAY);
                    } else {
                        throw unexpected(c, kinds[depth] == IN_OBJECT ? "',' or '}'" : "',' or ']'");
                    }
                }
                default -> throw error("unexpected data after the end of the JSON value");
            }
        }
    }

    private void value(byte c) {
        if (c == '{') {
            open(IN_OBJECT);
            expect = EXPECT_KEY_OR_CLOSE;
        } else if (c == '[') {
            open(IN_ARRAY);
            expect = EXPECT_VALUE_OR_CLOSE;
        } else if (c == '"') {
            skipString();
            afterValue();
        } else if (isBareChar(c)) {
            skipBare();
            afterValue();
        } else {
            throw unexpected(c, "a value");
        }
    }

    private void key(byte c) {
        if (c == '"') {
            int start = pos;
            skipString();
            if (pos - start == REF_KEY.length + 2 && Arrays.equals(in, start + 1, pos - 1, REF_KEY, 0, REF_KEY.length)) {
                hasRefs = true;
            }
        } else if (isBareChar(c)) {
            int start = pos;
            skipBare();
            startRewrite(start);
            write((byte) '"');
            write(in, start, pos - start);
            write((byte) '"');
            copied = pos;
        } else if (c == '{') {
            if (keyDepth != 0) {
                throw error("an object map key inside an object map key is not supported");
            }
            startRewrite(pos);
            keyStart = outLength;
            open(IN_OBJECT);
            keyDepth = depth;
            expect = EXPECT_KEY_OR_CLOSE;
            return;
        } else {
            throw unexpected(c, "a property name");
        }
        expect = EXPECT_COLON;
    }

    private void open(byte kind) {
        if (depth == MAX_DEPTH) {
            throw error("nesting deeper than " + MAX_DEPTH + " levels");
        }
        kinds[++depth] = kind;
        pos++;
    }

    private void close(byte kind) {
        pos++;
        if (depth == keyDepth && kind == IN_OBJECT) {
            depth--;
            keyDepth = 0;
            finishObjectKey();
            expect = EXPECT_COLON;
            return;
        }
        depth--;
        afterValue();
    }

    private void afterValue() {
        expect = depth == 0 ? EXPECT_END : EXPECT_COMMA_OR_CLOSE;
    }

    /** Replaces the captured key object in the output by a JSON string holding its (normalised) text. */
    private void finishObjectKey() {
        flush(pos);
        byte[] key = Arrays.copyOfRange(out, keyStart, outLength);
        outLength = keyStart;
        write((byte) '"');
        for (byte b : key) {
            if (b == '"' || b == '\\') {
                write((byte) '\\');
                write(b);
            } else if ((b & 0xFF) >= 0x20) {
                write(b);
            }
            // Raw control bytes can only be insignificant whitespace here (inside strings they are escaped):
            // dropping them keeps the new string valid.
        }
        write((byte) '"');
    }

    private void skipString() {
        pos++;
        while (true) {
            if (pos >= in.length) {
                throw error("unterminated string");
            }
            byte b = in[pos];
            if (b == '\\') {
                pos += 2;
            } else {
                pos++;
                if (b == '"') {
                    return;
                }
            }
        }
    }

    private void skipBare() {
        while (pos < in.length && isBareChar(in[pos])) {
            pos++;
        }
    }

    /** Characters of numbers, literals and fastjson's unquoted keys. */
    private static boolean isBareChar(byte c) {
        return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z')
            || c == '-' || c == '+' || c == '.' || c == '_' || c == '$';
    }

    private void skipWhitespace() {
        while (pos < in.length) {
            byte b = in[pos];
            if (b != ' ' && b != '\n' && b != '\r' && b != '\t') {
                return;
            }
            pos++;
        }
    }

    /** Makes sure {@code out} holds the input up to {@code upTo}, so a rewrite can follow. */
    private void startRewrite(int upTo) {
        if (out == null) {
            out = new byte[in.length + 64];
        }
        flush(upTo);
    }

    private void flush(int upTo) {
        write(in, copied, upTo - copied);
        copied = upTo;
    }

    private void write(byte b) {
        ensure(1);
        out[outLength++] = b;
    }

    private void write(byte[] src, int offset, int length) {
        ensure(length);
        System.arraycopy(src, offset, out, outLength, length);
        outLength += length;
    }

    private void ensure(int more) {
        if (outLength + more > out.length) {
            out = Arrays.copyOf(out, Math.max(out.length * 2, outLength + more));
        }
    }

    private byte[] result() {
        if (out == null) {
            return in;
        }
        flush(in.length);
        return Arrays.copyOf(out, outLength);
    }

    private JsonException unexpected(byte c, String expected) {
        String found = c >= 0x20 && c < 0x7F ? "'" + (char) c + "'" : String.format("byte 0x%02x", c & 0xFF);
        return error("expected " + expected + " but found " + found);
    }

    private JsonException error(String what) {
        return new JsonException("malformed JSON at offset " + Math.min(pos, in.length) + ": " + what);
    }
}
