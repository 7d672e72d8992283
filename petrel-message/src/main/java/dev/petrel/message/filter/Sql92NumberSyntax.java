package dev.petrel.message.filter;

/**
 * Cheap pre-checks that spot property values the JDK number parsers would refuse, so a failed conversion (RocketMQ's
 * "no match by exception", e.g. {@code a > 5} with {@code a = "7.5"}) costs a scan instead of a
 * {@link NumberFormatException} with its stack trace, which is about a hundred times slower.
 *
 * <p>Each check may only say "certainly refused": it returns false only for text the corresponding JDK parser
 * rejects, and true otherwise (the caller then parses with the JDK and still handles its exception). So semantics
 * stay exactly the JDK's, including its less obvious acceptances: a leading {@code +}, leading zeros and
 * non-ASCII decimal digits for integers; surrounding whitespace, {@code NaN}, {@code Infinity}, hex and a
 * {@code d}/{@code f} suffix for doubles.
 */
final class Sql92NumberSyntax {

    private Sql92NumberSyntax() {
    }

    /** False only if {@link Integer#parseInt} (or {@link Long#parseLong} when {@code wide}) rejects the text. */
    static boolean mayParseAsInteger(String text, boolean wide) {
        int length = text.length();
        if (length == 0) {
            return false;
        }
        int i = 0;
        boolean negative = false;
        char first = text.charAt(0);
        if (first < '0') {
            if (first == '-') {
                negative = true;
            } else if (first != '+') {
                return false;
            }
            if (length == 1) {
                return false;
            }
            i = 1;
        }
        // Accumulate negatively, as the JDK does, so the most negative value fits.
        long limit = negative ? (wide ? Long.MIN_VALUE : Integer.MIN_VALUE) : -(wide ? Long.MAX_VALUE
            : Integer.MAX_VALUE);
        long multiplyLimit = limit / 10;
        long result = 0;
        for (; i < length; i++) {
            char c = text.charAt(i);
            if (c >= 0x80) {
                return true; // non-ASCII decimal digits are the JDK's to judge
            }
            if (c < '0' || c > '9' || result < multiplyLimit) {
                return false;
            }
            result *= 10;
            int digit = c - '0';
            if (result < limit + digit) {
                return false;
            }
            result -= digit;
        }
        return true;
    }

    /**
     * False only if {@link Double#parseDouble} rejects the text: after trimming, a character that appears in no
     * decimal, hexadecimal, NaN or Infinity form (the JDK reads only ASCII there).
     */
    static boolean mayParseAsDouble(String text) {
        int start = 0;
        int end = text.length();
        while (start < end && text.charAt(start) <= ' ') {
            start++;
        }
        while (end > start && text.charAt(end - 1) <= ' ') {
            end--;
        }
        if (start == end) {
            return false;
        }
        for (int i = start; i < end; i++) {
            if (!isDoubleCharacter(text.charAt(i))) {
                return false;
            }
        }
        return true;
    }

    private static boolean isDoubleCharacter(char c) {
        if ((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F')) {
            return true;
        }
        switch (c) {
            case '+':
            case '-':
            case '.':
            case 'x':
            case 'X':
            case 'p':
            case 'P':
            case 'N':
            case 'I':
            case 'n':
            case 'i':
            case 't':
            case 'y':
                return true;
            default:
                return false;
        }
    }
}
