package dev.petrel.protocol.frame;

import java.nio.ByteBuffer;
import java.util.Arrays;

/**
 * A small pull lexer for the flat JSON object of a remoting header. It reads one region of a buffer by absolute index
 * (the buffer's position is never touched) and reports every problem as a {@link MalformedFrameException} with the
 * frame offset of the offending byte.
 *
 * <p>It accepts standard JSON. Skipping a value it does not need (unknown keys, nested ext values) is iterative, so
 * hostile nesting cannot overflow the stack; the nesting stack grows with the input, never beyond it.
 *
 * <p>One instance per decode, used by one thread.
 */
final class JsonHeaderReader {

    private static final byte IN_OBJECT = 1;
    private static final byte IN_ARRAY = 2;

    private final ByteBuffer buffer;
    private final int end;
    private final int frameOffsetDelta;
    private int pos;

    JsonHeaderReader(ByteBuffer buffer, int start, int end, int frameOffsetDelta) {
        this.buffer = buffer;
        this.pos = start;
        this.end = end;
        this.frameOffsetDelta = frameOffsetDelta;
    }

    /** Skips JSON whitespace and returns the next byte without consuming it, or -1 at the end. */
    int peek() {
        while (pos < end) {
            byte b = buffer.get(pos);
            if (b != ' ' && b != '\n' && b != '\r' && b != '\t') {
                return b & 0xFF;
            }
            pos++;
        }
        return -1;
    }

    /** Skips whitespace, then consumes {@code expected} or fails naming {@code context}. */
    void expect(char expected, String context) throws MalformedFrameException {
        int c = peek();
        if (c != expected) {
            throw error("expected '" + expected + "' " + context + ", found " + describe(c));
        }
        pos++;
    }

    /** Consumes {@code c} if it comes next (after whitespace). */
    boolean consumeIf(char c) {
        if (peek() == c) {
            pos++;
            return true;
        }
        return false;
    }

    /**
     * Reads a string token, the opening quote being next. Text without escapes is decoded straight from the buffer.
     */
    String readString(String context) throws MalformedFrameException {
        int open = pos;
        expect('"', context);
        int runStart = pos;
        StringBuilder decoded = null;
        while (true) {
            if (pos >= end) {
                throw new MalformedFrameException("JSON header: unterminated string " + context, open + frameOffsetDelta);
            }
            byte b = buffer.get(pos);
            if (b == '"') {
                String tail = Utf8.decode(buffer, runStart, pos - runStart);
                pos++;
                return decoded == null ? tail : decoded.append(tail).toString();
            }
            if (b == '\\') {
                if (decoded == null) {
                    decoded = new StringBuilder(Math.min(pos - runStart + 16, end - open));
                }
                decoded.append(Utf8.decode(buffer, runStart, pos - runStart));
                pos++;
                appendEscape(decoded);
                runStart = pos;
            } else {
                pos++;
            }
        }
    }

    /**
     * For matching field names without allocating: the byte length of the escape-free string that starts at the
     * current position (call {@link #peek()} first), or -1 when it has escapes or is not a complete string.
     */
    int rawStringLength() {
        int at = pos;
        if (at >= end || buffer.get(at) != '"') {
            return -1;
        }
        for (int i = at + 1; i < end; i++) {
            byte b = buffer.get(i);
            if (b == '"') {
                return i - at - 1;
            }
            if (b == '\\') {
                return -1;
            }
        }
        return -1;
    }

    /** Whether the escape-free string at the current position has exactly the bytes of {@code ascii}. */
    boolean rawStringEquals(byte[] ascii, int rawLength) {
        if (rawLength != ascii.length) {
            return false;
        }
        for (int i = 0; i < rawLength; i++) {
            if (buffer.get(pos + 1 + i) != ascii[i]) {
                return false;
            }
        }
        return true;
    }

    /** Consumes an escape-free string of {@code rawLength} bytes at the current position. */
    void skipRawString(int rawLength) {
        pos += rawLength + 2;
    }

    /**
     * Reads a scalar or skips a composite value and returns its text: a string's content, a number's or literal's
     * source text, the compact source of an object or array, or null for JSON null.
     */
    String readValueAsText(String context) throws MalformedFrameException {
        int c = peek();
        if (c == '"') {
            return readString(context);
        }
        if (c == 'n' && matchLiteral("null")) {
            return null;
        }
        int start = pos;
        skipValue(context);
        return Utf8.decode(buffer, start, pos - start);
    }

    /**
     * Reads an integer value leniently, as fastjson does for int fields: a number (a fraction is dropped, an exponent
     * applied), a string holding such a number, true/false as 1/0, or null as 0.
     */
    int readLenientInt(String field) throws MalformedFrameException {
        int c = peek();
        int start = pos;
        if (c == '"') {
            String text = readString("for " + field);
            return parseInt(text.trim(), field, start);
        }
        if (c == 'n' && matchLiteral("null")) {
            return 0;
        }
        if (c == 't' && matchLiteral("true")) {
            return 1;
        }
        if (c == 'f' && matchLiteral("false")) {
            return 0;
        }
        if (c == '-' || c == '+' || (c >= '0' && c <= '9')) {
            return parseInt(readNumberText(), field, start);
        }
        throw error("expected a number for " + field + ", found " + describe(c));
    }

    /** Consumes one complete JSON value of any kind. */
    void skipValue(String context) throws MalformedFrameException {
        byte[] stack = null;
        int depth = 0;
        while (true) {
            // A value starts here.
            int c = peek();
            boolean valueDone = true;
            switch (c) {
                case '{' -> {
                    pos++;
                    stack = push(stack, depth++, IN_OBJECT);
                    if (consumeIf('}')) {
                        depth--;
                    } else {
                        readMemberName(context);
                        valueDone = false;
                    }
                }
                case '[' -> {
                    pos++;
                    stack = push(stack, depth++, IN_ARRAY);
                    if (consumeIf(']')) {
                        depth--;
                    } else {
                        valueDone = false;
                    }
                }
                case '"' -> skipString(context);
                case 't' -> requireLiteral("true", context);
                case 'f' -> requireLiteral("false", context);
                case 'n' -> requireLiteral("null", context);
                default -> {
                    if (c == '-' || c == '+' || (c >= '0' && c <= '9')) {
                        skipNumber();
                    } else {
                        throw error("expected a JSON value " + context + ", found " + describe(c));
                    }
                }
            }
            if (!valueDone) {
                continue;
            }
            // After a value: close containers or move to the next element.
            while (true) {
                if (depth == 0) {
                    return;
                }
                byte container = stack[depth - 1];
                int next = peek();
                if (next == ',') {
                    pos++;
                    if (container == IN_OBJECT) {
                        readMemberName(context);
                    }
                    break;
                }
                if ((next == '}' && container == IN_OBJECT) || (next == ']' && container == IN_ARRAY)) {
                    pos++;
                    depth--;
                    continue;
                }
                throw error("expected ',' or '" + (container == IN_OBJECT ? '}' : ']') + "' " + context + ", found "
                    + describe(next));
            }
        }
    }

    MalformedFrameException error(String problem) {
        return new MalformedFrameException("JSON header: " + problem, (long) pos + frameOffsetDelta);
    }

    static String describe(int c) {
        if (c < 0) {
            return "the end of the header";
        }
        if (c >= 0x20 && c < 0x7F) {
            return "'" + (char) c + "'";
        }
        return String.format("byte 0x%02X", c);
    }

    private void readMemberName(String context) throws MalformedFrameException {
        skipString(context);
        expect(':', "after a member name " + context);
    }

    private void skipString(String context) throws MalformedFrameException {
        int open = pos;
        expect('"', context);
        while (pos < end) {
            byte b = buffer.get(pos++);
            if (b == '"') {
                return;
            }
            if (b == '\\') {
                pos++;
            }
        }
        throw new MalformedFrameException("JSON header: unterminated string " + context, open + frameOffsetDelta);
    }

    /** Consumes a number token: [+-] digits [. digits] [e|E [+-] digits]. */
    private void skipNumber() throws MalformedFrameException {
        if (pos < end && (buffer.get(pos) == '-' || buffer.get(pos) == '+')) {
            pos++;
        }
        if (skipDigits() == 0) {
            throw error("expected a digit, found " + describe(pos < end ? buffer.get(pos) & 0xFF : -1));
        }
        if (pos < end && buffer.get(pos) == '.') {
            pos++;
            if (skipDigits() == 0) {
                throw error("expected a digit after the decimal point");
            }
        }
        if (pos < end && (buffer.get(pos) == 'e' || buffer.get(pos) == 'E')) {
            pos++;
            if (pos < end && (buffer.get(pos) == '-' || buffer.get(pos) == '+')) {
                pos++;
            }
            if (skipDigits() == 0) {
                throw error("expected a digit in the exponent");
            }
        }
    }

    private int skipDigits() {
        int start = pos;
        while (pos < end) {
            byte b = buffer.get(pos);
            if (b < '0' || b > '9') {
                break;
            }
            pos++;
        }
        return pos - start;
    }

    private int parseInt(String text, String field, int tokenStart) throws MalformedFrameException {
        Integer value = toIntOrNull(text);
        if (value == null) {
            throw new MalformedFrameException("JSON header: " + field + " value '" + abbreviate(text)
                + "' is not a number in the int range", (long) tokenStart + frameOffsetDelta);
        }
        return value;
    }

    /** Consumes a number token and returns its source text. */
    String readNumberText() throws MalformedFrameException {
        int start = pos;
        skipNumber();
        return Utf8.decode(buffer, start, pos - start);
    }

    /**
     * The int value of a JSON number's text, with a fraction dropped and an exponent applied (fastjson's casting), or
     * null when it is no number or lies outside the int range.
     */
    static Integer toIntOrNull(String text) {
        boolean plainInteger = !text.isEmpty();
        for (int i = 0; i < text.length() && plainInteger; i++) {
            char ch = text.charAt(i);
            plainInteger = (ch >= '0' && ch <= '9') || (i == 0 && (ch == '-' || ch == '+'));
        }
        try {
            if (plainInteger) {
                return Integer.parseInt(text);
            }
            for (int i = 0; i < text.length(); i++) {
                char ch = text.charAt(i);
                // Only JSON number syntax; Double.parseDouble would also take "NaN", hex floats or a 'd' suffix.
                if (!((ch >= '0' && ch <= '9') || ch == '-' || ch == '+' || ch == '.' || ch == 'e' || ch == 'E')) {
                    return null;
                }
            }
            double value = Double.parseDouble(text);
            if (value < Integer.MIN_VALUE || value > Integer.MAX_VALUE) {
                return null;
            }
            return (int) value;
        } catch (NumberFormatException e) {
            return null;
        }
    }

    private boolean matchLiteral(String literal) {
        int n = literal.length();
        if (end - pos < n) {
            return false;
        }
        for (int i = 0; i < n; i++) {
            if (buffer.get(pos + i) != literal.charAt(i)) {
                return false;
            }
        }
        pos += n;
        return true;
    }

    private void requireLiteral(String literal, String context) throws MalformedFrameException {
        if (!matchLiteral(literal)) {
            throw error("expected a JSON value " + context + ", found " + describe(buffer.get(pos) & 0xFF));
        }
    }

    private void appendEscape(StringBuilder out) throws MalformedFrameException {
        if (pos >= end) {
            throw error("unterminated escape sequence");
        }
        byte e = buffer.get(pos++);
        switch (e) {
            case '"' -> out.append('"');
            case '\\' -> out.append('\\');
            case '/' -> out.append('/');
            case '\'' -> out.append('\'');
            case 'b' -> out.append('\b');
            case 'f' -> out.append('\f');
            case 'n' -> out.append('\n');
            case 'r' -> out.append('\r');
            case 't' -> out.append('\t');
            case 'u' -> out.append(readHex4());
            default -> {
                pos--;
                throw error("unknown escape '\\" + (char) (e & 0xFF) + "'");
            }
        }
    }

    private char readHex4() throws MalformedFrameException {
        if (end - pos < 4) {
            throw error("\\u escape needs 4 hex digits");
        }
        int value = 0;
        for (int i = 0; i < 4; i++) {
            int digit = hexDigit(buffer.get(pos));
            if (digit < 0) {
                throw error("\\u escape needs 4 hex digits, found " + describe(buffer.get(pos) & 0xFF));
            }
            value = (value << 4) | digit;
            pos++;
        }
        return (char) value;
    }

    private static int hexDigit(byte b) {
        if (b >= '0' && b <= '9') {
            return b - '0';
        }
        if (b >= 'a' && b <= 'f') {
            return b - 'a' + 10;
        }
        if (b >= 'A' && b <= 'F') {
            return b - 'A' + 10;
        }
        return -1;
    }

    private static byte[] push(byte[] stack, int depth, byte kind) {
        byte[] s = stack == null ? new byte[16] : stack;
        if (depth == s.length) {
            s = Arrays.copyOf(s, s.length * 2);
        }
        s[depth] = kind;
        return s;
    }

    private static String abbreviate(String text) {
        return text.length() <= 40 ? text : text.substring(0, 40) + "...";
    }
}
