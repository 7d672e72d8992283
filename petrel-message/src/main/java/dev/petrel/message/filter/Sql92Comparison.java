package dev.petrel.message.filter;

/**
 * Compares two non-null selector values the way RocketMQ 5.3.1 does (sql92-filter.md §3.2, §3.4).
 *
 * <p>Values are {@code String} (property values and string literals), {@code Integer}, {@code Long}, {@code Double}
 * (number literals and their negations) and {@code Boolean} (TRUE, FALSE and conditions). When the two classes
 * differ, the left value decides: a String meeting a number or boolean is parsed into the other side's type
 * ({@link Integer#parseInt}, {@link Long#parseLong}, {@link Double#parseDouble}, {@link Boolean#parseBoolean}),
 * numbers widen Integer → Long → Double, and a pair RocketMQ has no rule for orders the left side first. Two
 * Strings compared by {@code > >= < <=} are both parsed as doubles. A failed parse abandons the evaluation
 * ({@link Sql92EvaluationException}): the broker then skips the message, as RocketMQ does.
 *
 * <p>One RocketMQ quirk is kept on purpose: a Boolean on the left of a String ({@code TRUE = a}) fails instead of
 * converting, because RocketMQ casts the wrong side there; the reverse ({@code a = TRUE}) converts.
 */
final class Sql92Comparison {

    private Sql92Comparison() {
    }

    /** {@code left = right} for two non-null values. */
    static boolean equal(Object left, Object right) {
        if (left.getClass() == right.getClass()) {
            return left.equals(right);
        }
        return compareMixed(left, right) == 0;
    }

    /** The sign of {@code left - right} for {@code > >= < <=}, both non-null. */
    static int order(Object left, Object right) {
        if (left instanceof String && right instanceof String) {
            return Double.compare(toDouble((String) left, right), toDouble((String) right, left));
        }
        if (left.getClass() == right.getClass()) {
            return compareSameClass(left, right);
        }
        return compareMixed(left, right);
    }

    @SuppressWarnings("unchecked")
    private static int compareSameClass(Object left, Object right) {
        return ((Comparable<Object>) left).compareTo(right);
    }

    private static int compareMixed(Object left, Object right) {
        if (left instanceof String) {
            return compareStringWith((String) left, right);
        }
        if (left instanceof Integer) {
            int l = (Integer) left;
            if (right instanceof Long) {
                return Long.compare(l, (Long) right);
            }
            if (right instanceof Double) {
                return Double.compare(l, (Double) right);
            }
            if (right instanceof String) {
                return Integer.compare(l, toInt((String) right, left));
            }
            return -1;
        }
        if (left instanceof Long) {
            long l = (Long) left;
            if (right instanceof Integer) {
                return Long.compare(l, (Integer) right);
            }
            if (right instanceof Double) {
                return Double.compare(l, (Double) right);
            }
            if (right instanceof String) {
                return Long.compare(l, toLong((String) right, left));
            }
            return -1;
        }
        if (left instanceof Double) {
            double l = (Double) left;
            if (right instanceof Integer || right instanceof Long) {
                return Double.compare(l, ((Number) right).doubleValue());
            }
            if (right instanceof String) {
                return Double.compare(l, toDouble((String) right, left));
            }
            return -1;
        }
        if (left instanceof Boolean && right instanceof String) {
            throw new Sql92EvaluationException("cannot compare " + literal(left) + " with the string "
                + literal(right) + ": RocketMQ converts a string only when it is the left operand");
        }
        return -1;
    }

    private static int compareStringWith(String left, Object right) {
        if (right instanceof Integer) {
            return Integer.compare(toInt(left, right), (Integer) right);
        }
        if (right instanceof Long) {
            return Long.compare(toLong(left, right), (Long) right);
        }
        if (right instanceof Double) {
            return Double.compare(toDouble(left, right), (Double) right);
        }
        if (right instanceof Boolean) {
            return Boolean.compare(Boolean.parseBoolean(left), (Boolean) right);
        }
        return -1;
    }

    private static int toInt(String text, Object other) {
        if (Sql92NumberSyntax.mayParseAsInteger(text, false)) {
            try {
                return Integer.parseInt(text);
            } catch (NumberFormatException e) {
                // fall through: same outcome as the pre-check's
            }
        }
        throw conversionFailure(text, "a 32-bit integer", other);
    }

    private static long toLong(String text, Object other) {
        if (Sql92NumberSyntax.mayParseAsInteger(text, true)) {
            try {
                return Long.parseLong(text);
            } catch (NumberFormatException e) {
                // fall through
            }
        }
        throw conversionFailure(text, "a 64-bit integer", other);
    }

    private static double toDouble(String text, Object other) {
        if (Sql92NumberSyntax.mayParseAsDouble(text)) {
            try {
                return Double.parseDouble(text);
            } catch (NumberFormatException e) {
                // fall through
            }
        }
        throw conversionFailure(text, "a number", other);
    }

    private static Sql92EvaluationException conversionFailure(String text, String target, Object other) {
        return new Sql92EvaluationException("value " + literal(text) + " is not " + target
            + ", so it cannot be compared with " + literal(other));
    }

    private static String literal(Object value) {
        if (value instanceof String) {
            return FilterError.excerpt(Sql92Node.quote((String) value), 60);
        }
        if (value instanceof Boolean) {
            return (Boolean) value ? "TRUE" : "FALSE";
        }
        return String.valueOf(value);
    }
}
