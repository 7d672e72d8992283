package dev.petrel.compat.filter;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * Random selector text for comparing Petrel with Apache RocketMQ: walks the grammar without respecting the
 * compile-time rules (so roughly half the output is rejected, for all kinds of reasons), sometimes without
 * parentheses (so precedence matters), with literals chosen from the quirky corners of the lexer, and with random
 * mutations and token soup for the lexical edge cases.
 */
public final class LooseSelectorGenerator {

    public static final List<String> NAMES = List.of("a", "b", "c", "TAGS");
    private static final List<String> VALUES = List.of("1", "2", "-3", "5", "5.5", "0", "10", "2147483648",
        "-2147483648", "99999999999", "1e3", "NaN", "Infinity", "-0.0", "0.0", "abc", "x", "y", "true", "TRUE",
        "false", "", " 1", "1 ", "it's", "TagA", "0x10", "1d", "+7", "\u0663");
    private static final List<String> NUMBERS = List.of("0", "1", "2", "5", "07", "5L", "0L", "10l", "2147483647",
        "2147483648", "9223372036854775807", "9223372036854775808", "1.5", ".5", "5.", "0.0", ".0", "1e3", "1E-3",
        "1e400", "2e-324", "4.9e-324", "1.5L", "5e", "00.5", "1.5.5");
    private static final List<String> STRINGS = List.of("'x'", "'y'", "''", "'it''s'", "'1'", "'5.5'", "'true'",
        "'abc'", "'TagA'", "'b'");
    private static final List<String> SOUP = List.of("a", "b", "NOT", "AND", "OR", "BETWEEN", "IN", "IS", "NULL",
        "TRUE", "FALSE", "CONTAINS", "STARTSWITH", "ENDSWITH", "=", "<>", ">", ">=", "<", "<=", "(", ")", ",", "+",
        "-", "--", "\n", "/*", "*/", "'", "''", "'x'", "0", "1", "5L", "0.0", "1.5", ".5", "1e5", " ", " ", "!",
        "\"", ".", "\u00e9", "\t");

    private final Random random;

    public LooseSelectorGenerator(Random random) {
        this.random = random;
    }

    /** One selector: mostly grammar-shaped, sometimes mutated, sometimes token soup. */
    public String next() {
        int kind = random.nextInt(10);
        if (kind < 7) {
            return any(1 + random.nextInt(4));
        }
        if (kind < 9) {
            return mutate(any(1 + random.nextInt(3)));
        }
        StringBuilder soup = new StringBuilder();
        int n = random.nextInt(12);
        for (int i = 0; i < n; i++) {
            soup.append(pick(SOUP)).append(random.nextBoolean() ? " " : "");
        }
        return soup.toString();
    }

    public Map<String, String> properties() {
        Map<String, String> properties = new HashMap<>();
        for (String name : NAMES) {
            if (random.nextInt(3) != 0) {
                properties.put(name, pick(VALUES));
            }
        }
        return properties;
    }

    private String any(int depth) {
        switch (random.nextInt(depth <= 0 ? 4 : 16)) {
            case 0:
                return pick(NAMES);
            case 1:
                return pick(NUMBERS);
            case 2:
                return pick(STRINGS);
            case 3:
                return pick(List.of("TRUE", "FALSE", "NULL", "true", "Null"));
            case 4:
                return "(" + any(depth - 1) + ")";
            case 5:
            case 6:
                return operand(depth) + " " + pick(List.of("AND", "OR", "and", "Or")) + " " + operand(depth);
            case 7:
                return "NOT " + operand(depth);
            case 8: {
                String prefix = pick(List.of("-", "- ", "+", "-(", "+("));
                return prefix + operand(depth) + (prefix.endsWith("(") ? ")" : "");
            }
            case 9:
            case 10:
                return operand(depth) + " " + pick(List.of("=", "<>", ">", ">=", "<", "<=")) + " " + operand(depth);
            case 11:
                return operand(depth) + " IS " + (random.nextBoolean() ? "NOT " : "") + "NULL";
            case 12:
                return operand(depth) + not() + " BETWEEN " + operand(depth) + " AND " + operand(depth);
            case 13:
                return operand(depth) + not() + " IN (" + inList() + ")";
            case 14:
                return operand(depth) + not() + " " + pick(List.of("CONTAINS", "STARTSWITH", "ENDSWITH")) + " "
                    + (random.nextInt(8) == 0 ? pick(NUMBERS) : pick(STRINGS));
            default:
                return any(depth - 1) + pick(List.of(" -- note\n", " /* c */", "\t", "\r\n", ""));
        }
    }

    /** A sub-expression, parenthesised most of the time so the shapes stay meaningful. */
    private String operand(int depth) {
        String inner = any(depth - 1);
        return random.nextInt(3) == 0 ? inner : "(" + inner + ")";
    }

    private String not() {
        return random.nextInt(3) == 0 ? " NOT" : "";
    }

    private String inList() {
        StringBuilder list = new StringBuilder(random.nextInt(10) == 0 ? pick(NUMBERS) : pick(STRINGS));
        int more = random.nextInt(4);
        for (int i = 0; i < more; i++) {
            list.append(", ").append(random.nextInt(15) == 0 ? pick(NAMES) : pick(STRINGS));
        }
        return list.toString();
    }

    private String mutate(String text) {
        StringBuilder out = new StringBuilder(text);
        int mutations = 1 + random.nextInt(3);
        for (int m = 0; m < mutations && out.length() > 0; m++) {
            int at = random.nextInt(out.length());
            switch (random.nextInt(3)) {
                case 0:
                    out.deleteCharAt(at);
                    break;
                case 1:
                    out.insert(at, pick(SOUP));
                    break;
                default:
                    out.setLength(at);
                    break;
            }
        }
        return out.toString();
    }

    private <T> T pick(List<T> options) {
        return options.get(random.nextInt(options.size()));
    }
}
