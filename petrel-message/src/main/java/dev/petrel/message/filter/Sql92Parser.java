package dev.petrel.message.filter;

import dev.petrel.message.filter.Sql92Node.And;
import dev.petrel.message.filter.Sql92Node.Between;
import dev.petrel.message.filter.Sql92Node.BooleanCast;
import dev.petrel.message.filter.Sql92Node.Equal;
import dev.petrel.message.filter.Sql92Node.In;
import dev.petrel.message.filter.Sql92Node.IsNull;
import dev.petrel.message.filter.Sql92Node.Literal;
import dev.petrel.message.filter.Sql92Node.Match;
import dev.petrel.message.filter.Sql92Node.Negate;
import dev.petrel.message.filter.Sql92Node.Not;
import dev.petrel.message.filter.Sql92Node.Or;
import dev.petrel.message.filter.Sql92Node.Order;
import dev.petrel.message.filter.Sql92Node.Ordering;
import dev.petrel.message.filter.Sql92Node.Property;
import dev.petrel.message.filter.Sql92Node.StringMatch;
import dev.petrel.message.filter.Sql92Token.Kind;
import java.util.ArrayList;
import java.util.List;

/**
 * Recursive-descent parser for RocketMQ's SQL92 selector (sql92-filter.md §2), with RocketMQ 5.3.1's compile-time
 * checks. Precedence, loosest first:
 * <pre>
 *   or         := and ( OR and )*
 *   and        := equality ( AND equality )*
 *   equality   := comparison ( (= | &lt;&gt;) comparison | IS [NOT] NULL )*
 *   comparison := unary ( (&gt; | &gt;= | &lt; | &lt;=) unary | [NOT] BETWEEN unary AND unary
 *                       | [NOT] IN ( 'str' (, 'str')* ) | [NOT] (CONTAINS | STARTSWITH | ENDSWITH) 'str' )*
 *   unary      := + unary | - unary | NOT unary | primary
 *   primary    := literal | identifier | ( or )
 * </pre>
 * Two behaviours look odd but are RocketMQ's, and clients rely on them being accepted:
 * <ul>
 *   <li>{@code NOT} is unary, so {@code NOT a = 'x'} means {@code (NOT a) = 'x'}.</li>
 *   <li>Parsing stops after the longest complete expression: whatever follows is not read beyond its first token
 *       ({@code a = 1 xyz} is {@code a = 1}). The ignored text is reported in {@link Result#ignoredSuffix()}.</li>
 * </ul>
 * Parentheses and unary {@code +} add no node, so {@code (5)} is still a literal for the literal-only checks.
 * Nesting is bounded by {@link #MAX_DEPTH} so hostile input cannot exhaust the stack.
 *
 * <p>Not thread-safe: one parser per compile.
 */
final class Sql92Parser {

    /**
     * Deepest nesting of parentheses and prefix operators, and deepest tree, accepted. RocketMQ has no limit but its
     * stack (it parses a few thousand parentheses); 128 is far beyond real selectors and keeps the worst case well
     * within half of a default 1 MB thread stack, even in interpreted code.
     */
    static final int MAX_DEPTH = 128;

    /** A parsed selector: its root condition and the text after the expression that RocketMQ ignores. */
    record Result(Sql92Node root, String ignoredSuffix) {
    }

    /** A node under construction, with the facts the checks need: tree depth and where its text starts. */
    private record Parsed(Sql92Node node, int depth, int start) {
    }

    private final String source;
    private final Sql92Lexer lexer;
    private Sql92Token current;
    private int nesting;

    private Sql92Parser(String source) {
        this.source = source;
        this.lexer = new Sql92Lexer(source);
    }

    /**
     * Parses a selector.
     *
     * @throws Sql92SyntaxException with the offending position and a reason
     */
    static Result parse(String source) {
        return new Sql92Parser(source).selector();
    }

    private Result selector() {
        current = lexer.next();
        Parsed whole = or();
        Sql92Node root = asCondition(whole, "the selector");
        String ignored = current.kind() == Kind.END ? "" : source.substring(current.offset());
        return new Result(root, ignored);
    }

    private Parsed or() {
        Parsed first = and();
        if (current.kind() != Kind.OR) {
            return first;
        }
        List<Sql92Node> operands = new ArrayList<>();
        operands.add(asCondition(first, "OR"));
        int depth = first.depth();
        while (current.kind() == Kind.OR) {
            advance();
            Parsed next = and();
            operands.add(asCondition(next, "OR"));
            depth = Math.max(depth, next.depth());
        }
        return built(new Or(operands), depth + 1, first.start());
    }

    private Parsed and() {
        Parsed first = equality();
        if (current.kind() != Kind.AND) {
            return first;
        }
        List<Sql92Node> operands = new ArrayList<>();
        operands.add(asCondition(first, "AND"));
        int depth = first.depth();
        while (current.kind() == Kind.AND) {
            advance();
            Parsed next = equality();
            operands.add(asCondition(next, "AND"));
            depth = Math.max(depth, next.depth());
        }
        return built(new And(operands), depth + 1, first.start());
    }

    private Parsed equality() {
        Parsed left = comparison();
        while (true) {
            Sql92Token operator = current;
            if (operator.kind() == Kind.EQ || operator.kind() == Kind.NE) {
                advance();
                Parsed right = comparison();
                checkEqualityOperands(operator, left, right);
                left = built(new Equal(left.node(), right.node(), operator.kind() == Kind.NE),
                    Math.max(left.depth(), right.depth()) + 1, left.start());
            } else if (operator.kind() == Kind.IS) {
                advance();
                boolean negated = current.kind() == Kind.NOT;
                if (negated) {
                    advance();
                }
                expect(Kind.NULL, negated ? "expected NULL after IS NOT" : "expected NULL or NOT NULL after IS");
                left = built(new IsNull(left.node(), negated), left.depth() + 1, left.start());
            } else {
                return left;
            }
        }
    }

    private Parsed comparison() {
        Parsed left = unary();
        while (true) {
            Sql92Token operator = current;
            boolean negated = false;
            switch (operator.kind()) {
                case GT:
                case GE:
                case LT:
                case LE:
                    advance();
                    left = ordering(left, operator);
                    continue;
                case NOT:
                    advance();
                    negated = true;
                    operator = current;
                    break;
                case BETWEEN:
                case IN:
                case CONTAINS:
                case STARTSWITH:
                case ENDSWITH:
                    break;
                default:
                    return left;
            }
            switch (operator.kind()) {
                case BETWEEN:
                    advance();
                    left = between(left, operator, negated);
                    break;
                case IN:
                    advance();
                    left = in(left, operator, negated);
                    break;
                case CONTAINS:
                case STARTSWITH:
                case ENDSWITH:
                    advance();
                    left = stringMatch(left, operator, negated);
                    break;
                default:
                    throw new Sql92SyntaxException(operator.offset(), "expected BETWEEN, IN, CONTAINS, STARTSWITH or"
                        + " ENDSWITH after NOT but found " + operator.describe()
                        + "; to negate a condition write NOT (condition)");
            }
        }
    }

    private Parsed ordering(Parsed left, Sql92Token operator) {
        Parsed right = unary();
        String symbol = "'" + operator.text() + "'";
        checkOrderable(symbol, left);
        checkOrderable(symbol, right);
        Order order = Order.valueOf(operator.kind().name());
        return built(new Ordering(left.node(), order, right.node()), Math.max(left.depth(), right.depth()) + 1,
            left.start());
    }

    private Parsed between(Parsed value, Sql92Token operator, boolean negated) {
        Parsed low = unary();
        expect(Kind.AND, "expected AND between the two bounds of BETWEEN");
        Parsed high = unary();
        String symbol = negated ? "NOT BETWEEN" : "BETWEEN";
        if (!negated && low.node() instanceof Literal && high.node() instanceof Literal) {
            checkBetweenBounds(low, high);
        }
        checkOrderable(symbol, value);
        checkOrderable(symbol, low);
        checkOrderable(symbol, high);
        int depth = Math.max(value.depth(), Math.max(low.depth(), high.depth())) + 1;
        return built(new Between(value.node(), low.node(), high.node(), negated), depth, value.start());
    }

    /** RocketMQ compares two literal bounds at compile time (only for BETWEEN, not NOT BETWEEN). */
    private static void checkBetweenBounds(Parsed low, Parsed high) {
        Object lowValue = ((Literal) low.node()).value();
        Object highValue = ((Literal) high.node()).value();
        if (lowValue == null || highValue == null) {
            throw new Sql92SyntaxException(lowValue == null ? low.start() : high.start(),
                "BETWEEN bounds cannot be NULL; use IS NULL to test for a missing property");
        }
        if (lowValue instanceof Number && highValue instanceof Number
            && Sql92Comparison.order(highValue, lowValue) < 0) {
            throw new Sql92SyntaxException(low.start(), "BETWEEN bounds are reversed: " + lowValue
                + " is greater than " + highValue + "; write BETWEEN " + highValue + " AND " + lowValue);
        }
    }

    private Parsed in(Parsed left, Sql92Token operator, boolean negated) {
        expect(Kind.LPAREN, "expected '(' after IN, as in IN ('a', 'b')");
        List<String> values = new ArrayList<>();
        values.add(inValue());
        while (current.kind() == Kind.COMMA) {
            advance();
            values.add(inValue());
        }
        expect(Kind.RPAREN, "expected ',' or ')' in the IN list");
        if (!(left.node() instanceof Property)) {
            throw new Sql92SyntaxException(left.start(), (negated ? "NOT IN" : "IN")
                + " needs a property name on its left, but found " + describe(left.node()));
        }
        return built(new In((Property) left.node(), values, negated), 2, left.start());
    }

    private String inValue() {
        Sql92Token token = current;
        if (token.kind() != Kind.STRING) {
            String hint = token.kind() == Kind.INTEGER || token.kind() == Kind.FLOAT
                ? "; quote numbers: '" + token.text() + "'" : "";
            throw new Sql92SyntaxException(token.offset(),
                "IN lists hold string literals only, but found " + token.describe() + hint);
        }
        advance();
        return decodeString(token.text());
    }

    private Parsed stringMatch(Parsed left, Sql92Token operator, boolean negated) {
        Sql92Token search = current;
        String keyword = (negated ? "NOT " : "") + operator.kind().name();
        if (search.kind() != Kind.STRING) {
            throw new Sql92SyntaxException(search.offset(),
                keyword + " needs a string literal on its right, but found " + search.describe());
        }
        advance();
        Match match = Match.valueOf(operator.kind().name());
        return built(new StringMatch(left.node(), match, decodeString(search.text()), negated), left.depth() + 1,
            left.start());
    }

    private Parsed unary() {
        Sql92Token token = current;
        if (++nesting > MAX_DEPTH) {
            throw tooDeep(token.offset());
        }
        try {
            switch (token.kind()) {
                case PLUS: {
                    advance();
                    Parsed operand = unary();
                    return new Parsed(operand.node(), operand.depth(), token.offset());
                }
                case MINUS: {
                    advance();
                    Parsed operand = unary();
                    return built(new Negate(operand.node()), operand.depth() + 1, token.offset());
                }
                case NOT: {
                    advance();
                    Parsed operand = unary();
                    return built(new Not(asCondition(operand, "NOT")), operand.depth() + 1, token.offset());
                }
                default:
                    return primary();
            }
        } finally {
            nesting--;
        }
    }

    private Parsed primary() {
        Sql92Token token = current;
        switch (token.kind()) {
            case STRING:
                advance();
                return leaf(decodeString(token.text()), token);
            case INTEGER:
                advance();
                return leaf(integerValue(token), token);
            case FLOAT:
                advance();
                return leaf(floatValue(token), token);
            case TRUE:
                advance();
                return leaf(Boolean.TRUE, token);
            case FALSE:
                advance();
                return leaf(Boolean.FALSE, token);
            case NULL:
                advance();
                return leaf(null, token);
            case IDENTIFIER:
                advance();
                return new Parsed(new Property(token.text()), 1, token.offset());
            case LPAREN: {
                advance();
                Parsed inner = or();
                if (current.kind() != Kind.RPAREN) {
                    throw new Sql92SyntaxException(current.offset(), "expected ')' to close the '(' at "
                        + FilterError.position(source, token.offset()) + ", but found " + current.describe());
                }
                advance();
                return new Parsed(inner.node(), inner.depth(), token.offset());
            }
            default:
                throw new Sql92SyntaxException(token.offset(), "expected a property name, a literal, '(', NOT, '-'"
                    + " or '+' but found " + token.describe());
        }
    }

    private static Parsed leaf(Object value, Sql92Token token) {
        return new Parsed(new Literal(value), 1, token.offset());
    }

    /** {@code 0} or {@code [1-9][0-9]*[lL]?}: an Integer if it fits in 32 bits, else a Long. */
    private static Object integerValue(Sql92Token token) {
        String text = token.text();
        String digits = text.endsWith("L") || text.endsWith("l") ? text.substring(0, text.length() - 1) : text;
        long value;
        try {
            value = Long.parseLong(digits);
        } catch (NumberFormatException e) {
            throw new Sql92SyntaxException(token.offset(), "integer literal " + text
                + " does not fit in a 64-bit long (largest 9223372036854775807); write it as a float, e.g. "
                + digits + ".0");
        }
        if (value == (int) value) {
            return Integer.valueOf((int) value); // not a ?: expression, which would widen it back to Long
        }
        return Long.valueOf(value);
    }

    /** RocketMQ refuses float literals that overflow and, quirkily, those below 4.9E-324 (so zero too). */
    private static Double floatValue(Sql92Token token) {
        double value = Double.parseDouble(token.text());
        if (Double.isInfinite(value)) {
            throw new Sql92SyntaxException(token.offset(), "float literal " + token.text()
                + " is too large (largest " + Double.MAX_VALUE + ")");
        }
        if (value == 0.0) {
            throw new Sql92SyntaxException(token.offset(), "float literal " + token.text()
                + " is refused: RocketMQ's selector rejects floats smaller than 4.9E-324, zero included; write the"
                + " integer 0 instead");
        }
        return value;
    }

    private static String decodeString(String quoted) {
        return quoted.substring(1, quoted.length() - 1).replace("''", "'");
    }

    private void checkEqualityOperands(Sql92Token operator, Parsed left, Parsed right) {
        String symbol = "'" + operator.text() + "'";
        String nullHint = operator.kind() == Kind.NE ? "IS NOT NULL" : "IS NULL";
        for (Parsed side : List.of(left, right)) {
            if (side.node() instanceof Literal && ((Literal) side.node()).value() == null) {
                throw new Sql92SyntaxException(side.start(),
                    symbol + " cannot compare with NULL; use " + nullHint);
            }
        }
        if (left.node() instanceof Literal && right.node() instanceof Literal
            && ((Literal) left.node()).value() instanceof Boolean
            && !(((Literal) right.node()).value() instanceof Boolean)) {
            throw new Sql92SyntaxException(right.start(), describe(left.node()) + " cannot be compared with "
                + describe(right.node()) + "; a boolean literal on the left of " + symbol
                + " only compares with TRUE, FALSE, a property or a condition");
        }
    }

    /** {@code > >= < <=} and BETWEEN take numbers and properties only (RocketMQ's checkLessThanOperand). */
    private static void checkOrderable(String operator, Parsed operand) {
        Sql92Node node = operand.node();
        if (node instanceof Literal) {
            Literal literal = (Literal) node;
            if (literal.isNumber()) {
                return;
            }
            String hint = literal.value() instanceof String ? "; use = or <> for strings"
                : literal.value() == null ? "; use IS NULL or IS NOT NULL" : "; use = or <> for booleans";
            throw new Sql92SyntaxException(operand.start(),
                operator + " cannot compare with " + describe(node) + hint);
        }
        if (node.isCondition()) {
            throw new Sql92SyntaxException(operand.start(), operator + " cannot compare " + describe(node)
                + "; it orders numbers and number-valued properties only");
        }
    }

    private static Sql92Node asCondition(Parsed operand, String context) {
        Sql92Node node = operand.node();
        if (node.isCondition()) {
            return node;
        }
        if (node instanceof Property) {
            return new BooleanCast((Property) node);
        }
        throw new Sql92SyntaxException(operand.start(), context + " needs a condition, but " + describe(node)
            + " is a value; compare it, as in a = 5, or test it, as in a IS NOT NULL");
    }

    private static String describe(Sql92Node node) {
        if (node instanceof Literal) {
            Object value = ((Literal) node).value();
            if (value instanceof String) {
                return "the string literal " + FilterError.excerpt(sqlOf(node), 40);
            }
            if (value instanceof Number) {
                return "the number " + value;
            }
            return sqlOf(node);
        }
        if (node instanceof Property) {
            return "the property " + ((Property) node).name();
        }
        if (node instanceof Negate) {
            return "the negation " + FilterError.excerpt(sqlOf(node), 40);
        }
        return "the condition " + FilterError.excerpt(sqlOf(node), 40);
    }

    private static String sqlOf(Sql92Node node) {
        StringBuilder sql = new StringBuilder();
        node.appendSql(sql);
        return sql.toString();
    }

    private Parsed built(Sql92Node node, int depth, int start) {
        if (depth > MAX_DEPTH) {
            throw tooDeep(start);
        }
        return new Parsed(node, depth, start);
    }

    private static Sql92SyntaxException tooDeep(int offset) {
        return new Sql92SyntaxException(offset, "the expression nests deeper than " + MAX_DEPTH
            + " levels; simplify it");
    }

    private void expect(Kind kind, String expectation) {
        if (current.kind() != kind) {
            throw new Sql92SyntaxException(current.offset(), expectation + ", but found " + current.describe());
        }
        advance();
    }

    private void advance() {
        current = lexer.next();
    }
}
