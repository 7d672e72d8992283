package dev.petrel.message.filter;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * A node of a compiled SQL92 selector: immutable, shareable between threads, evaluated against one message's
 * properties at a time.
 *
 * <p>{@link #evaluate} returns {@code Boolean.TRUE}, {@code Boolean.FALSE} or {@code null} (unknown) for conditions,
 * and a {@code String}, {@code Integer}, {@code Long}, {@code Double} or {@code null} for values. It throws
 * {@link Sql92EvaluationException} when a value cannot be converted for a comparison; the whole evaluation then
 * means "no match", as in RocketMQ.
 *
 * <p>{@link #appendSql} prints the node fully parenthesised, so the text compiles back to an equal tree.
 */
sealed interface Sql92Node {

    Object evaluate(PropertyLookup properties);

    void appendSql(StringBuilder sql);

    /** True for nodes RocketMQ treats as boolean expressions (allowed under AND, OR, NOT and at the top). */
    boolean isCondition();

    /** Quotes a string as a selector literal: {@code it's} becomes {@code 'it''s'}. */
    static String quote(String value) {
        return "'" + value.replace("'", "''") + "'";
    }

    /** A literal: String, Integer, Long, Double, Boolean or null (TRUE, FALSE and NULL are conditions). */
    record Literal(Object value) implements Sql92Node {
        @Override
        public Object evaluate(PropertyLookup properties) {
            return value;
        }

        @Override
        public void appendSql(StringBuilder sql) {
            if (value == null) {
                sql.append("NULL");
            } else if (value instanceof Boolean) {
                sql.append((Boolean) value ? "TRUE" : "FALSE");
            } else if (value instanceof String) {
                sql.append(quote((String) value));
            } else {
                sql.append(value); // Integer, Long, Double: Double.toString always re-lexes as a float
            }
        }

        @Override
        public boolean isCondition() {
            return value == null || value instanceof Boolean;
        }

        boolean isNumber() {
            return value instanceof Number;
        }
    }

    /** A message property, looked up by its exact (case-sensitive) name; missing means null. */
    record Property(String name) implements Sql92Node {
        @Override
        public Object evaluate(PropertyLookup properties) {
            return properties.get(name);
        }

        @Override
        public void appendSql(StringBuilder sql) {
            sql.append(name);
        }

        @Override
        public boolean isCondition() {
            return false;
        }
    }

    /**
     * A property used where a condition is expected ({@code a}, {@code NOT a}, {@code a AND b = 1}): null when the
     * property is missing, otherwise FALSE, because property values are strings and never booleans.
     */
    record BooleanCast(Property property) implements Sql92Node {
        @Override
        public Object evaluate(PropertyLookup properties) {
            return property.evaluate(properties) == null ? null : Boolean.FALSE;
        }

        @Override
        public void appendSql(StringBuilder sql) {
            property.appendSql(sql);
        }

        @Override
        public boolean isCondition() {
            return true;
        }
    }

    /** Unary minus: negates a number, yields null for anything else (including every property value). */
    record Negate(Sql92Node operand) implements Sql92Node {
        @Override
        public Object evaluate(PropertyLookup properties) {
            Object value = operand.evaluate(properties);
            if (value instanceof Integer) {
                return -(Integer) value;
            }
            if (value instanceof Long) {
                return -(Long) value;
            }
            if (value instanceof Double) {
                return -(Double) value;
            }
            return null;
        }

        @Override
        public void appendSql(StringBuilder sql) {
            sql.append("(-");
            operand.appendSql(sql);
            sql.append(')');
        }

        @Override
        public boolean isCondition() {
            return false;
        }
    }

    /** {@code NOT c}: null stays null. */
    record Not(Sql92Node operand) implements Sql92Node {
        @Override
        public Object evaluate(PropertyLookup properties) {
            Object value = operand.evaluate(properties);
            return value == null ? null : (Boolean) value ? Boolean.FALSE : Boolean.TRUE;
        }

        @Override
        public void appendSql(StringBuilder sql) {
            sql.append("(NOT ");
            operand.appendSql(sql);
            sql.append(')');
        }

        @Override
        public boolean isCondition() {
            return true;
        }
    }

    /**
     * {@code c1 AND c2 AND ...}, flattened: left to right, stops at the first FALSE; else null if any was null;
     * else TRUE. This is exactly what RocketMQ's nested binary ANDs compute, in the same evaluation order, and it
     * keeps long chains shallow.
     */
    record And(List<Sql92Node> operands) implements Sql92Node {
        public And {
            operands = flatten(operands, And.class);
        }

        @Override
        public Object evaluate(PropertyLookup properties) {
            boolean unknown = false;
            for (Sql92Node operand : operands) {
                Object value = operand.evaluate(properties);
                if (value == null) {
                    unknown = true;
                } else if (!(Boolean) value) {
                    return Boolean.FALSE;
                }
            }
            return unknown ? null : Boolean.TRUE;
        }

        @Override
        public void appendSql(StringBuilder sql) {
            appendJoined(sql, operands, " AND ");
        }

        @Override
        public boolean isCondition() {
            return true;
        }
    }

    /** {@code c1 OR c2 OR ...}, flattened: stops at the first TRUE; else null if any was null; else FALSE. */
    record Or(List<Sql92Node> operands) implements Sql92Node {
        public Or {
            operands = flatten(operands, Or.class);
        }

        @Override
        public Object evaluate(PropertyLookup properties) {
            boolean unknown = false;
            for (Sql92Node operand : operands) {
                Object value = operand.evaluate(properties);
                if (value == null) {
                    unknown = true;
                } else if ((Boolean) value) {
                    return Boolean.TRUE;
                }
            }
            return unknown ? null : Boolean.FALSE;
        }

        @Override
        public void appendSql(StringBuilder sql) {
            appendJoined(sql, operands, " OR ");
        }

        @Override
        public boolean isCondition() {
            return true;
        }
    }

    /**
     * {@code l = r} (or {@code l <> r} when negated). The null rule is asymmetric: a null left side gives null, a
     * null right side alone gives FALSE, both null give TRUE.
     */
    record Equal(Sql92Node left, Sql92Node right, boolean negated) implements Sql92Node {
        @Override
        public Object evaluate(PropertyLookup properties) {
            Object l = left.evaluate(properties);
            Object r = right.evaluate(properties);
            boolean equal;
            if (l == null) {
                if (r != null) {
                    return null;
                }
                equal = true;
            } else if (r == null) {
                equal = false;
            } else {
                equal = Sql92Comparison.equal(l, r);
            }
            return equal != negated ? Boolean.TRUE : Boolean.FALSE;
        }

        @Override
        public void appendSql(StringBuilder sql) {
            appendBinary(sql, left, negated ? " <> " : " = ", right);
        }

        @Override
        public boolean isCondition() {
            return true;
        }
    }

    /** {@code x IS NULL} / {@code x IS NOT NULL}: never unknown. */
    record IsNull(Sql92Node operand, boolean negated) implements Sql92Node {
        @Override
        public Object evaluate(PropertyLookup properties) {
            return (operand.evaluate(properties) == null) != negated ? Boolean.TRUE : Boolean.FALSE;
        }

        @Override
        public void appendSql(StringBuilder sql) {
            sql.append('(');
            operand.appendSql(sql);
            sql.append(negated ? " IS NOT NULL)" : " IS NULL)");
        }

        @Override
        public boolean isCondition() {
            return true;
        }
    }

    /** The four ordering operators. */
    enum Order {
        GT(">"), GE(">="), LT("<"), LE("<=");

        final String symbol;

        Order(String symbol) {
            this.symbol = symbol;
        }

        boolean accepts(int sign) {
            switch (this) {
                case GT:
                    return sign > 0;
                case GE:
                    return sign >= 0;
                case LT:
                    return sign < 0;
                default:
                    return sign <= 0;
            }
        }
    }

    /** {@code l > r} and friends: null if either side is null (the right side is not evaluated if the left is). */
    record Ordering(Sql92Node left, Order order, Sql92Node right) implements Sql92Node {
        @Override
        public Object evaluate(PropertyLookup properties) {
            return compare(left, order, right, properties);
        }

        static Boolean compare(Sql92Node left, Order order, Sql92Node right, PropertyLookup properties) {
            Object l = left.evaluate(properties);
            if (l == null) {
                return null;
            }
            Object r = right.evaluate(properties);
            if (r == null) {
                return null;
            }
            return order.accepts(Sql92Comparison.order(l, r)) ? Boolean.TRUE : Boolean.FALSE;
        }

        @Override
        public void appendSql(StringBuilder sql) {
            appendBinary(sql, left, " " + order.symbol + " ", right);
        }

        @Override
        public boolean isCondition() {
            return true;
        }
    }

    /**
     * {@code v BETWEEN lo AND hi}, which RocketMQ evaluates as {@code v >= lo AND v <= hi}; negated, as
     * {@code v < lo OR v > hi}.
     */
    record Between(Sql92Node value, Sql92Node low, Sql92Node high, boolean negated) implements Sql92Node {
        @Override
        public Object evaluate(PropertyLookup properties) {
            if (negated) {
                Boolean below = Ordering.compare(value, Order.LT, low, properties);
                if (below == Boolean.TRUE) {
                    return Boolean.TRUE;
                }
                Boolean above = Ordering.compare(value, Order.GT, high, properties);
                if (above == Boolean.TRUE) {
                    return Boolean.TRUE;
                }
                return below == null || above == null ? null : Boolean.FALSE;
            }
            Boolean fromLow = Ordering.compare(value, Order.GE, low, properties);
            if (fromLow == Boolean.FALSE) {
                return Boolean.FALSE;
            }
            Boolean toHigh = Ordering.compare(value, Order.LE, high, properties);
            if (toHigh == Boolean.FALSE) {
                return Boolean.FALSE;
            }
            return fromLow == null || toHigh == null ? null : Boolean.TRUE;
        }

        @Override
        public void appendSql(StringBuilder sql) {
            sql.append('(');
            value.appendSql(sql);
            sql.append(negated ? " NOT BETWEEN " : " BETWEEN ");
            low.appendSql(sql);
            sql.append(" AND ");
            high.appendSql(sql);
            sql.append(')');
        }

        @Override
        public boolean isCondition() {
            return true;
        }
    }

    /** {@code p [NOT] IN ('x', ...)}: null if the property is missing, else exact, case-sensitive membership. */
    final class In implements Sql92Node {
        private final Property property;
        private final List<String> values;
        private final Set<String> lookup;
        private final boolean negated;

        In(Property property, List<String> values, boolean negated) {
            this.property = Objects.requireNonNull(property);
            this.values = List.copyOf(values);
            this.lookup = new HashSet<>(values);
            this.negated = negated;
        }

        @Override
        public Object evaluate(PropertyLookup properties) {
            Object value = property.evaluate(properties);
            if (value == null) {
                return null;
            }
            return lookup.contains(value) != negated ? Boolean.TRUE : Boolean.FALSE;
        }

        @Override
        public void appendSql(StringBuilder sql) {
            sql.append('(');
            property.appendSql(sql);
            sql.append(negated ? " NOT IN (" : " IN (");
            for (int i = 0; i < values.size(); i++) {
                sql.append(i == 0 ? "" : ", ").append(quote(values.get(i)));
            }
            sql.append("))");
        }

        @Override
        public boolean isCondition() {
            return true;
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof In && ((In) o).property.equals(property) && ((In) o).values.equals(values)
                && ((In) o).negated == negated;
        }

        @Override
        public int hashCode() {
            return Objects.hash(property, values, negated);
        }

        @Override
        public String toString() {
            StringBuilder sql = new StringBuilder();
            appendSql(sql);
            return sql.toString();
        }
    }

    /** The three string tests. */
    enum Match {
        CONTAINS, STARTSWITH, ENDSWITH;

        boolean test(String value, String search) {
            switch (this) {
                case CONTAINS:
                    return value.contains(search);
                case STARTSWITH:
                    return value.startsWith(search);
                default:
                    return value.endsWith(search);
            }
        }
    }

    /**
     * {@code x [NOT] CONTAINS|STARTSWITH|ENDSWITH 's'}. FALSE, for the negated forms too, when the search string is
     * empty (checked first, without evaluating x), when x is null or when x is not a string.
     */
    record StringMatch(Sql92Node operand, Match match, String search, boolean negated) implements Sql92Node {
        @Override
        public Object evaluate(PropertyLookup properties) {
            if (search.isEmpty()) {
                return Boolean.FALSE;
            }
            Object value = operand.evaluate(properties);
            if (!(value instanceof String)) {
                return Boolean.FALSE;
            }
            return match.test((String) value, search) != negated ? Boolean.TRUE : Boolean.FALSE;
        }

        @Override
        public void appendSql(StringBuilder sql) {
            sql.append('(');
            operand.appendSql(sql);
            sql.append(negated ? " NOT " : " ").append(match.name()).append(' ').append(quote(search)).append(')');
        }

        @Override
        public boolean isCondition() {
            return true;
        }
    }

    private static List<Sql92Node> flatten(List<Sql92Node> operands, Class<? extends Sql92Node> type) {
        List<Sql92Node> flat = new ArrayList<>(operands.size());
        for (Sql92Node operand : operands) {
            if (type.isInstance(operand)) {
                flat.addAll(type == And.class ? ((And) operand).operands() : ((Or) operand).operands());
            } else {
                flat.add(operand);
            }
        }
        if (flat.size() < 2) {
            throw new IllegalArgumentException("AND/OR needs at least two operands: " + operands);
        }
        return List.copyOf(flat);
    }

    private static void appendJoined(StringBuilder sql, List<Sql92Node> operands, String separator) {
        sql.append('(');
        for (int i = 0; i < operands.size(); i++) {
            if (i > 0) {
                sql.append(separator);
            }
            operands.get(i).appendSql(sql);
        }
        sql.append(')');
    }

    private static void appendBinary(StringBuilder sql, Sql92Node left, String operator, Sql92Node right) {
        sql.append('(');
        left.appendSql(sql);
        sql.append(operator);
        right.appendSql(sql);
        sql.append(')');
    }
}
