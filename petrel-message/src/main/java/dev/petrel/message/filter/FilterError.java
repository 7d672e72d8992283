package dev.petrel.message.filter;

import java.util.Locale;

/**
 * Why a filter expression was rejected, with where and what, ready to send as a response remark or to throw from a
 * client's subscribe call. Example of {@link #message()}:
 * <pre>SQL92 expression "a &gt; 'x'" is invalid at column 5: '&gt;' cannot compare with the string literal 'x'; use = or &lt;&gt; for strings</pre>
 *
 * @param expressionType the expression type as given ({@code "SQL92"}, {@code "TAG"}, or anything unsupported)
 * @param expression the expression as given (may be null)
 * @param offset 0-based index of the offending character in {@code expression}, or -1 when no position applies
 * @param reason what was found and what was expected
 */
public record FilterError(String expressionType, String expression, int offset, String reason) {

    private static final int SHOWN_EXPRESSION_CHARS = 160;

    /** 1-based line of {@link #offset()}, or 0 when there is no position. */
    public int line() {
        return offset < 0 ? 0 : lineOf(expression, offset);
    }

    /** 1-based column of {@link #offset()} within its line, or 0 when there is no position. */
    public int column() {
        return offset < 0 ? 0 : offset - lineStart(expression, offset) + 1;
    }

    /** The whole sentence: type, expression, position and reason. */
    public String message() {
        String type = expressionType == null || expressionType.isEmpty() ? "TAG" : expressionType;
        if (expression == null) {
            return type + " expression is invalid: " + reason;
        }
        String shown = type + " expression \"" + excerpt(expression, SHOWN_EXPRESSION_CHARS) + '"';
        if (offset < 0) {
            return shown + " is invalid: " + reason;
        }
        return shown + " is invalid at " + position(expression, offset) + ": " + reason;
    }

    @Override
    public String toString() {
        return message();
    }

    /** {@code column C}, or {@code line L, column C} for expressions spanning several lines. */
    static String position(String text, int offset) {
        int column = offset - lineStart(text, offset) + 1;
        int line = lineOf(text, offset);
        return line == 1 && lineOf(text, text.length()) == 1
            ? "column " + column : "line " + line + ", column " + column;
    }

    /**
     * Text for a one-line message: control characters escaped, cut to {@code max} characters with "..." marking
     * the cut.
     */
    static String excerpt(String text, int max) {
        StringBuilder out = new StringBuilder(Math.min(text.length(), max) + 8);
        for (int i = 0; i < text.length() && out.length() < max; i++) {
            char c = text.charAt(i);
            if (c == '\n') {
                out.append("\\n");
            } else if (c == '\r') {
                out.append("\\r");
            } else if (c == '\t') {
                out.append("\\t");
            } else if (c < 0x20 || c == 0x7f) {
                out.append(String.format(Locale.ROOT, "\\u%04x", (int) c));
            } else {
                out.append(c);
            }
            if (out.length() >= max && i < text.length() - 1) {
                out.append("...");
                break;
            }
        }
        return out.toString();
    }

    private static int lineOf(String text, int offset) {
        int line = 1;
        for (int i = 0; i < offset && i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '\n' || (c == '\r' && (i + 1 >= text.length() || text.charAt(i + 1) != '\n'))) {
                line++;
            }
        }
        return line;
    }

    private static int lineStart(String text, int offset) {
        for (int i = Math.min(offset, text.length()) - 1; i >= 0; i--) {
            char c = text.charAt(i);
            if (c == '\n' || c == '\r') {
                return i + 1;
            }
        }
        return 0;
    }
}
