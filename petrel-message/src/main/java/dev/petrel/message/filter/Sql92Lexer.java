package dev.petrel.message.filter;

import dev.petrel.message.filter.Sql92Token.Kind;
import java.util.Locale;
import java.util.Map;

/**
 * Splits an SQL92 selector into tokens, one at a time, on demand.
 *
 * <p>Tokenisation follows RocketMQ 5.3.1's selector exactly, because a token boundary decides what is accepted:
 * <ul>
 *   <li>At every position the longest possible token wins, keywords before identifiers of the same length.</li>
 *   <li>{@code --} starts a comment only if a line terminator follows somewhere; otherwise it is two minus signs
 *       (so {@code a = --1} is {@code a = -(-1)}).</li>
 *   <li>Numbers: {@code 0} or {@code [1-9][0-9]*} with an optional {@code L}; floats {@code 5.5}, {@code 5.},
 *       {@code .5}, {@code 5e3}. {@code 01} is the two tokens {@code 0} and {@code 1}; {@code 0L} is {@code 0}
 *       followed by the identifier {@code L}.</li>
 *   <li>Only ASCII letters, digits, {@code _} and {@code $} form identifiers; any other character outside a string
 *       literal or comment is an error.</li>
 * </ul>
 * Tokens are produced lazily because the selector never reads past the token that follows a complete expression:
 * a lexical error further on goes unnoticed by RocketMQ, and must by Petrel too.
 *
 * <p>Not thread-safe: one lexer per parse.
 */
final class Sql92Lexer {

    private static final Map<String, Kind> KEYWORDS = Map.ofEntries(
        Map.entry("NOT", Kind.NOT), Map.entry("AND", Kind.AND), Map.entry("OR", Kind.OR),
        Map.entry("BETWEEN", Kind.BETWEEN), Map.entry("IN", Kind.IN), Map.entry("TRUE", Kind.TRUE),
        Map.entry("FALSE", Kind.FALSE), Map.entry("NULL", Kind.NULL), Map.entry("IS", Kind.IS),
        Map.entry("CONTAINS", Kind.CONTAINS), Map.entry("STARTSWITH", Kind.STARTSWITH),
        Map.entry("ENDSWITH", Kind.ENDSWITH));

    private final String source;
    private int position;

    Sql92Lexer(String source) {
        this.source = source;
    }

    /** Returns the next token, {@link Kind#END} at the end of the text (repeatedly). */
    Sql92Token next() {
        skipBlanksAndComments();
        int start = position;
        if (start >= source.length()) {
            return new Sql92Token(Kind.END, "", start);
        }
        char c = source.charAt(start);
        if (isIdentifierStart(c)) {
            return identifierOrKeyword(start);
        }
        if (isDigit(c) || (c == '.' && isDigit(charAt(start + 1)))) {
            return number(start);
        }
        if (c == '\'') {
            return string(start);
        }
        return operator(start, c);
    }

    private void skipBlanksAndComments() {
        while (position < source.length()) {
            char c = source.charAt(position);
            if (c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f') {
                position++;
            } else if (c == '-' && charAt(position + 1) == '-') {
                int end = lineEnd(position + 2);
                if (end < 0) {
                    return; // no terminator: RocketMQ reads two minus signs here, not a comment
                }
                position = end;
            } else if (c == '/' && charAt(position + 1) == '*') {
                int close = source.indexOf("*/", position + 2);
                if (close < 0) {
                    throw new Sql92SyntaxException(position,
                        "comment '/*' is never closed; end it with */");
                }
                position = close + 2;
            } else {
                return;
            }
        }
    }

    /** Index just after the first line terminator at or after {@code from}, or -1 if there is none. */
    private int lineEnd(int from) {
        for (int i = from; i < source.length(); i++) {
            char c = source.charAt(i);
            if (c == '\n') {
                return i + 1;
            }
            if (c == '\r') {
                return charAt(i + 1) == '\n' ? i + 2 : i + 1;
            }
        }
        return -1;
    }

    private Sql92Token identifierOrKeyword(int start) {
        int end = start + 1;
        while (end < source.length() && isIdentifierPart(source.charAt(end))) {
            end++;
        }
        String text = source.substring(start, end);
        Kind keyword = KEYWORDS.get(text.toUpperCase(Locale.ROOT));
        return token(keyword != null ? keyword : Kind.IDENTIFIER, start, end);
    }

    /**
     * The longest of: an integer literal, {@code digits '.' digits? exponent?}, {@code '.' digits exponent?} or
     * {@code digits exponent}.
     */
    private Sql92Token number(int start) {
        int digitsEnd = skipDigits(start);
        if (charAt(digitsEnd) == '.') {
            int fractionEnd = skipDigits(digitsEnd + 1);
            return token(Kind.FLOAT, start, exponentEnd(fractionEnd));
        }
        int exponentEnd = exponentEnd(digitsEnd);
        if (exponentEnd > digitsEnd) {
            return token(Kind.FLOAT, start, exponentEnd);
        }
        if (source.charAt(start) == '0') {
            return token(Kind.INTEGER, start, start + 1); // "0" takes no more digits and no L suffix
        }
        char suffix = charAt(digitsEnd);
        return token(Kind.INTEGER, start, suffix == 'l' || suffix == 'L' ? digitsEnd + 1 : digitsEnd);
    }

    /** End of an exponent {@code [eE][+-]?[0-9]+} starting at {@code at}, or {@code at} if there is none. */
    private int exponentEnd(int at) {
        char e = charAt(at);
        if (e != 'e' && e != 'E') {
            return at;
        }
        int digitsStart = at + 1;
        char sign = charAt(digitsStart);
        if (sign == '+' || sign == '-') {
            digitsStart++;
        }
        int digitsEnd = skipDigits(digitsStart);
        return digitsEnd > digitsStart ? digitsEnd : at;
    }

    private int skipDigits(int from) {
        int i = from;
        while (isDigit(charAt(i))) {
            i++;
        }
        return i;
    }

    /**
     * A quoted string: {@code ''} inside stands for one quote; there are no other escapes. Longest match: when the
     * text ends inside a run of doubled quotes, the token ends at the last quote that could have closed it, so
     * {@code '''} is the empty string {@code ''} followed by a lone quote, which is an error only if it is read.
     */
    private Sql92Token string(int start) {
        int lastPossibleEnd = -1;
        int i = start + 1;
        while (i < source.length()) {
            if (source.charAt(i) == '\'') {
                lastPossibleEnd = i + 1;
                if (charAt(i + 1) != '\'') {
                    return token(Kind.STRING, start, i + 1);
                }
                i += 2;
            } else {
                i++;
            }
        }
        if (lastPossibleEnd > 0) {
            return token(Kind.STRING, start, lastPossibleEnd);
        }
        throw new Sql92SyntaxException(start,
            "string literal is never closed; end it with ' (write '' for a quote inside a string)");
    }

    private Sql92Token operator(int start, char c) {
        char next = charAt(start + 1);
        switch (c) {
            case '=':
                return token(Kind.EQ, start, start + 1);
            case '<':
                if (next == '>') {
                    return token(Kind.NE, start, start + 2);
                }
                return next == '=' ? token(Kind.LE, start, start + 2) : token(Kind.LT, start, start + 1);
            case '>':
                return next == '=' ? token(Kind.GE, start, start + 2) : token(Kind.GT, start, start + 1);
            case '(':
                return token(Kind.LPAREN, start, start + 1);
            case ')':
                return token(Kind.RPAREN, start, start + 1);
            case ',':
                return token(Kind.COMMA, start, start + 1);
            case '+':
                return token(Kind.PLUS, start, start + 1);
            case '-':
                return token(Kind.MINUS, start, start + 1);
            default:
                throw new Sql92SyntaxException(start, unexpectedCharacter(c, next));
        }
    }

    private static String unexpectedCharacter(char c, char next) {
        String shown = describeCharacter(c);
        if (c == '!' && next == '=') {
            return "'!=' is not an operator here; use <> for 'not equal'";
        }
        if (c == '"') {
            return "unexpected character " + shown + "; string literals use single quotes: 'text'";
        }
        if (c == '.') {
            return "unexpected character " + shown + "; property names cannot contain '.', and a number needs a"
                + " digit after '.'";
        }
        if (Character.isLetter(c)) {
            return "unexpected character " + shown + "; property names may use only ASCII letters, digits, _ and $";
        }
        return "unexpected character " + shown + "; expected a property name, a literal, an operator"
            + " (= <> > >= < <=), a keyword or a parenthesis";
    }

    private static String describeCharacter(char c) {
        String code = String.format(Locale.ROOT, "U+%04X", (int) c);
        return c >= 0x20 && c < 0x7f ? "'" + c + "' (" + code + ")" : code;
    }

    private Sql92Token token(Kind kind, int start, int end) {
        position = end;
        return new Sql92Token(kind, source.substring(start, end), start);
    }

    private char charAt(int index) {
        return index < source.length() ? source.charAt(index) : '\0';
    }

    private static boolean isDigit(char c) {
        return c >= '0' && c <= '9';
    }

    private static boolean isIdentifierStart(char c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || c == '$';
    }

    private static boolean isIdentifierPart(char c) {
        return isIdentifierStart(c) || isDigit(c);
    }
}
