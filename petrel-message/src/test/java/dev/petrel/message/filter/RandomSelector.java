package dev.petrel.message.filter;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;

/**
 * Random well-formed SQL92 selectors for property tests, built as a test-side tree ({@link Expr}) that the
 * {@link ReferenceEvaluator} evaluates directly, and printed as text with random spacing, keyword case, comments and
 * redundant parentheses for the production compiler. Every generated selector satisfies RocketMQ's compile-time
 * rules, so it must compile.
 */
final class RandomSelector {

    static final List<String> PROPERTY_NAMES = List.of("a", "b", "c");
    static final List<String> PROPERTY_VALUES = List.of("1", "2", "-3", "5", "5.5", "0", "10", "2147483648",
        "99999999999", "1e3", "NaN", "-0.0", "abc", "x", "y", "true", "TRUE", "false", "", " 1", "it's");
    private static final List<String> STRINGS = List.of("x", "y", "abc", "1", "5.5", "true", "", "b", "it's");
    private static final List<Object> NUMBERS = List.of(0, 1, 2, 5, 10, 2147483647, 2147483648L,
        9223372036854775807L, 0.5, 1.0, 5.5, 2.5E10, 4.9E-324);

    /**
     * A node: {@code op} names it, {@code value} holds a literal's value or a property's name or a string
     * operand, {@code kids} its operands.
     */
    record Expr(String op, Object value, List<Expr> kids) {
        static Expr of(String op, Object value, Expr... kids) {
            return new Expr(op, value, List.of(kids));
        }

        Expr kid(int i) {
            return kids.get(i);
        }
    }

    private final Random random;

    RandomSelector(Random random) {
        this.random = random;
    }

    /** A random condition at most {@code depth} levels deep. */
    Expr condition(int depth) {
        int choice = random.nextInt(depth <= 0 ? 4 : 17);
        switch (choice) {
            case 0:
                return Expr.of("lit", pick(List.of(Boolean.TRUE, Boolean.FALSE, NullValue.NULL)));
            case 1:
                return Expr.of("cast", pick(PROPERTY_NAMES));
            case 2:
                return Expr.of(random.nextBoolean() ? "isnull" : "isnotnull", null, anyOperand(depth - 1));
            case 3:
                return Expr.of(pick(List.of("in", "notin")), strings(1 + random.nextInt(3)), property());
            case 4:
            case 5:
                return logic(random.nextBoolean() ? "and" : "or", depth);
            case 6:
                return Expr.of("not", null, condition(depth - 1));
            case 7:
            case 8:
                return equality(depth);
            case 9:
            case 10:
            case 11:
                return Expr.of(pick(List.of("gt", "ge", "lt", "le")), null, orderable(depth - 1),
                    orderable(depth - 1));
            case 12:
            case 13:
                return between(depth);
            case 14:
                return Expr.of(pick(List.of("contains", "notcontains", "startswith", "notstartswith", "endswith",
                    "notendswith")), pick(STRINGS), anyOperand(depth - 1));
            default:
                return condition(depth - 1);
        }
    }

    private Expr logic(String op, int depth) {
        List<Expr> kids = new ArrayList<>();
        int n = 2 + random.nextInt(2);
        for (int i = 0; i < n; i++) {
            kids.add(condition(depth - 1));
        }
        return new Expr(op, null, kids);
    }

    private Expr equality(int depth) {
        Expr left = anyOperand(depth - 1);
        Expr right = anyOperand(depth - 1);
        // RocketMQ refuses a boolean literal on the left of a number or string literal (TRUE = 1).
        if (isBooleanLiteral(left) && right.op().equals("lit") && !(right.value() instanceof Boolean)) {
            Expr swap = left;
            left = right;
            right = swap;
        }
        return Expr.of(random.nextBoolean() ? "eq" : "ne", null, left, right);
    }

    private Expr between(int depth) {
        Expr value = orderable(depth - 1);
        Expr low = orderable(depth - 1);
        Expr high = orderable(depth - 1);
        boolean negated = random.nextBoolean();
        // RocketMQ refuses literal bounds in descending order (for BETWEEN only).
        if (!negated && low.op().equals("lit") && high.op().equals("lit")
            && ReferenceEvaluator.compare(high.value(), low.value()) < 0) {
            Expr swap = low;
            low = high;
            high = swap;
        }
        return Expr.of(negated ? "notbetween" : "between", null, value, low, high);
    }

    /** An operand of = or CONTAINS: any value or condition except the NULL literal. */
    private Expr anyOperand(int depth) {
        switch (random.nextInt(6)) {
            case 0:
                return property();
            case 1:
                return Expr.of("lit", pick(STRINGS));
            case 2:
                return Expr.of("lit", pick(NUMBERS));
            case 3:
                return Expr.of("lit", random.nextBoolean());
            case 4:
                return Expr.of("neg", null, depth <= 0 ? property() : anyOperand(depth - 1));
            default:
                return depth <= 0 ? property() : asOperand(condition(depth - 1));
        }
    }

    /**
     * A condition used as an operand: a bare property there is a plain property (RocketMQ casts only under AND, OR,
     * NOT and at the top), and the NULL literal is not allowed beside '='.
     */
    private static Expr asOperand(Expr condition) {
        if (condition.op().equals("cast")) {
            return Expr.of("prop", condition.value());
        }
        if (condition.op().equals("lit") && condition.value() == NullValue.NULL) {
            return Expr.of("lit", Boolean.TRUE);
        }
        return condition;
    }

    /** An operand of &gt;, &lt;, BETWEEN: a property, a number literal or a negation (never a condition). */
    private Expr orderable(int depth) {
        switch (random.nextInt(4)) {
            case 0:
            case 1:
                return property();
            case 2:
                return Expr.of("lit", pick(NUMBERS));
            default:
                Expr negated = depth <= 0 || random.nextBoolean()
                    ? pick(List.of(property(), Expr.of("lit", pick(NUMBERS)), Expr.of("lit", pick(STRINGS))))
                    : orderable(depth - 1);
                return Expr.of("neg", null, negated);
        }
    }

    private Expr property() {
        return Expr.of("prop", pick(PROPERTY_NAMES));
    }

    private List<String> strings(int n) {
        List<String> values = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            values.add(pick(STRINGS));
        }
        return values;
    }

    /** Random properties over {@link #PROPERTY_NAMES}, each present or missing. */
    Map<String, String> properties() {
        Map<String, String> properties = new HashMap<>();
        for (String name : PROPERTY_NAMES) {
            if (random.nextInt(4) != 0) {
                properties.put(name, pick(PROPERTY_VALUES));
            }
        }
        return properties;
    }

    private static boolean isBooleanLiteral(Expr e) {
        return e.op().equals("lit") && e.value() instanceof Boolean;
    }

    private <T> T pick(List<T> options) {
        return options.get(random.nextInt(options.size()));
    }

    /** Marks the NULL literal ({@code List.of} refuses nulls). */
    enum NullValue { NULL }

    /** Prints {@code e} as selector text, fully parenthesised, with random cosmetic variation. */
    String print(Expr e) {
        StringBuilder out = new StringBuilder();
        print(e, out);
        return out.toString();
    }

    private void print(Expr e, StringBuilder out) {
        switch (e.op()) {
            case "lit":
                out.append(literal(e.value()));
                return;
            case "prop":
            case "cast":
                out.append(e.value());
                return;
            case "neg":
                out.append("- ").append(space()).append('(');
                print(e.kid(0), out);
                out.append(')');
                return;
            default:
                break;
        }
        out.append('(').append(space());
        switch (e.op()) {
            case "not":
                out.append(keyword("NOT")).append(' ');
                print(e.kid(0), out);
                break;
            case "and":
            case "or":
                for (int i = 0; i < e.kids().size(); i++) {
                    if (i > 0) {
                        out.append(' ').append(keyword(e.op().toUpperCase(Locale.ROOT))).append(' ')
                            .append(comment());
                    }
                    print(e.kid(i), out);
                }
                break;
            case "isnull":
            case "isnotnull":
                print(e.kid(0), out);
                out.append(' ').append(keyword("IS")).append(e.op().equals("isnull") ? " " : " " + keyword("NOT")
                    + " ").append(keyword("NULL"));
                break;
            case "in":
            case "notin":
                print(e.kid(0), out);
                out.append(e.op().equals("in") ? " " : " " + keyword("NOT") + " ").append(keyword("IN")).append(" (");
                @SuppressWarnings("unchecked")
                List<String> values = (List<String>) e.value();
                for (int i = 0; i < values.size(); i++) {
                    out.append(i > 0 ? "," + space() : "").append(literal(values.get(i)));
                }
                out.append(')');
                break;
            case "between":
            case "notbetween":
                print(e.kid(0), out);
                out.append(e.op().equals("between") ? " " : " " + keyword("NOT") + " ").append(keyword("BETWEEN"))
                    .append(' ');
                print(e.kid(1), out);
                out.append(' ').append(keyword("AND")).append(' ');
                print(e.kid(2), out);
                break;
            default:
                print(e.kid(0), out);
                out.append(space()).append(binaryOperator(e.op())).append(space());
                if (e.kids().size() > 1) {
                    print(e.kid(1), out);
                } else {
                    out.append(literal(e.value()));
                }
                break;
        }
        out.append(space()).append(')');
    }

    private String binaryOperator(String op) {
        switch (op) {
            case "eq":
                return "=";
            case "ne":
                return "<>";
            case "gt":
                return ">";
            case "ge":
                return ">=";
            case "lt":
                return "<";
            case "le":
                return "<=";
            default:
                String keyword = op.startsWith("not") ? op.substring(3) : op;
                return " " + (op.startsWith("not") ? keyword("NOT") + " " : "")
                    + keyword(keyword.toUpperCase(Locale.ROOT)) + " ";
        }
    }

    private String literal(Object value) {
        if (value == NullValue.NULL) {
            return keyword("NULL");
        }
        if (value instanceof Boolean) {
            return keyword((Boolean) value ? "TRUE" : "FALSE");
        }
        if (value instanceof String) {
            return "'" + ((String) value).replace("'", "''") + "'";
        }
        if ((value instanceof Integer || value instanceof Long) && ((Number) value).longValue() != 0
            && random.nextInt(4) == 0) {
            return value + (random.nextBoolean() ? "L" : "l");
        }
        return String.valueOf(value);
    }

    private String keyword(String keyword) {
        switch (random.nextInt(3)) {
            case 0:
                return keyword.toLowerCase(Locale.ROOT);
            case 1:
                return keyword;
            default:
                StringBuilder mixed = new StringBuilder();
                for (char c : keyword.toCharArray()) {
                    mixed.append(random.nextBoolean() ? Character.toLowerCase(c) : c);
                }
                return mixed.toString();
        }
    }

    private String space() {
        switch (random.nextInt(8)) {
            case 0:
                return "\t";
            case 1:
                return "\n";
            case 2:
                return " /* c */ ";
            case 3:
                return "--c\r\n";
            default:
                return random.nextBoolean() ? " " : "";
        }
    }

    private String comment() {
        return random.nextInt(10) == 0 ? "/* ( */" : "";
    }
}
