package dev.petrel.message.filter;

import dev.petrel.message.filter.RandomSelector.Expr;
import java.util.List;
import java.util.Map;

/**
 * An independent evaluator for {@link RandomSelector.Expr} trees, written straight from sql92-filter.md §3 (and
 * RocketMQ's behaviour where the text is silent), in the plainest style: one switch, values as Java objects, a
 * {@link Failure} exception where RocketMQ throws. It shares no code with the production evaluator.
 */
final class ReferenceEvaluator {

    /** RocketMQ would throw here: the message does not match. */
    static final class Failure extends RuntimeException {
        Failure(String why) {
            super(why);
        }
    }

    private ReferenceEvaluator() {
    }

    /** TRUE, FALSE, UNKNOWN or ERROR for a whole selector. */
    static MatchResult.Kind kind(Expr selector, Map<String, String> properties) {
        Object result;
        try {
            result = eval(selector, properties);
        } catch (Failure e) {
            return MatchResult.Kind.ERROR;
        }
        if (result == null) {
            return MatchResult.Kind.UNKNOWN;
        }
        return (Boolean) result ? MatchResult.Kind.TRUE : MatchResult.Kind.FALSE;
    }

    static Object eval(Expr e, Map<String, String> p) {
        switch (e.op()) {
            case "lit":
                return e.value() == RandomSelector.NullValue.NULL ? null : e.value();
            case "prop":
                return p.get((String) e.value());
            case "cast":
                return p.get((String) e.value()) == null ? null : Boolean.FALSE;
            case "neg": {
                Object v = eval(e.kid(0), p);
                if (v instanceof Integer) {
                    return -((Integer) v);
                } else if (v instanceof Long) {
                    return -((Long) v);
                } else if (v instanceof Double) {
                    return -((Double) v);
                }
                return null;
            }
            case "not": {
                Boolean v = (Boolean) eval(e.kid(0), p);
                return v == null ? null : !v;
            }
            case "and":
            case "or": {
                boolean isAnd = e.op().equals("and");
                boolean sawNull = false;
                for (Expr kid : e.kids()) {
                    Boolean v = (Boolean) eval(kid, p);
                    if (v == null) {
                        sawNull = true;
                    } else if (v != isAnd) {
                        return v; // FALSE decides an AND, TRUE decides an OR
                    }
                }
                return sawNull ? null : isAnd;
            }
            case "eq":
            case "ne": {
                Boolean eq = equal(eval(e.kid(0), p), eval(e.kid(1), p));
                return eq == null ? null : eq == e.op().equals("eq");
            }
            case "isnull":
                return eval(e.kid(0), p) == null;
            case "isnotnull":
                return eval(e.kid(0), p) != null;
            case "gt":
            case "ge":
            case "lt":
            case "le":
                return ordered(e.op(), e.kid(0), e.kid(1), p);
            case "between":
                return and(ordered("ge", e.kid(0), e.kid(1), p), () -> ordered("le", e.kid(0), e.kid(2), p));
            case "notbetween":
                return or(ordered("lt", e.kid(0), e.kid(1), p), () -> ordered("gt", e.kid(0), e.kid(2), p));
            case "in":
            case "notin": {
                String v = p.get((String) e.kid(0).value());
                if (v == null) {
                    return null;
                }
                return ((List<?>) e.value()).contains(v) == e.op().equals("in");
            }
            default:
                return stringTest(e, p);
        }
    }

    /** The asymmetric null rule, then equals, then conversion. */
    private static Boolean equal(Object l, Object r) {
        if (l == null && r == null) {
            return true;
        }
        if (l == null) {
            return null;
        }
        if (r == null) {
            return false;
        }
        return l.equals(r) || compare(l, r) == 0;
    }

    private static Boolean ordered(String op, Expr left, Expr right, Map<String, String> p) {
        Object l = eval(left, p);
        if (l == null) {
            return null;
        }
        Object r = eval(right, p);
        if (r == null) {
            return null;
        }
        int c = l instanceof String && r instanceof String
            ? compare(convert((String) l, Double.class), convert((String) r, Double.class)) : compare(l, r);
        switch (op) {
            case "gt":
                return c > 0;
            case "ge":
                return c >= 0;
            case "lt":
                return c < 0;
            default:
                return c <= 0;
        }
    }

    private static Boolean and(Boolean first, java.util.function.Supplier<Boolean> second) {
        if (Boolean.FALSE.equals(first)) {
            return false;
        }
        Boolean s = second.get();
        if (Boolean.FALSE.equals(s)) {
            return false;
        }
        return first == null || s == null ? null : true;
    }

    private static Boolean or(Boolean first, java.util.function.Supplier<Boolean> second) {
        if (Boolean.TRUE.equals(first)) {
            return true;
        }
        Boolean s = second.get();
        if (Boolean.TRUE.equals(s)) {
            return true;
        }
        return first == null || s == null ? null : false;
    }

    private static Object stringTest(Expr e, Map<String, String> p) {
        String search = (String) e.value();
        if (search.isEmpty()) {
            return false;
        }
        Object v = eval(e.kid(0), p);
        if (!(v instanceof String)) {
            return false;
        }
        String s = (String) v;
        String op = e.op();
        boolean negated = op.startsWith("not");
        String test = negated ? op.substring(3) : op;
        boolean hit = test.equals("contains") ? s.contains(search)
            : test.equals("startswith") ? s.startsWith(search) : s.endsWith(search);
        return hit != negated;
    }

    /**
     * Orders two non-null values: same class compares naturally; a String converts to the other side's type
     * (except opposite a Boolean on the left, where RocketMQ fails); numbers widen to the wider type; anything else
     * is "less".
     */
    @SuppressWarnings({"unchecked", "rawtypes"})
    static int compare(Object l, Object r) {
        if (l.getClass() == r.getClass()) {
            return ((Comparable) l).compareTo(r);
        }
        if (l instanceof String) {
            return compare(convert((String) l, r.getClass()), r);
        }
        if (r instanceof String) {
            if (l instanceof Boolean) {
                throw new Failure("RocketMQ casts the Boolean to String here");
            }
            return compare(l, convert((String) r, l.getClass()));
        }
        if (l instanceof Number && r instanceof Number) {
            int rank = Math.max(rank(l), rank(r));
            return compare(widen((Number) l, rank), widen((Number) r, rank));
        }
        return -1;
    }

    private static int rank(Object n) {
        return n instanceof Integer ? 0 : n instanceof Long ? 1 : 2;
    }

    private static Object widen(Number n, int rank) {
        return rank == 0 ? (Object) n.intValue() : rank == 1 ? (Object) n.longValue() : (Object) n.doubleValue();
    }

    private static Object convert(String s, Class<?> type) {
        try {
            if (type == Integer.class) {
                return Integer.valueOf(s);
            }
            if (type == Long.class) {
                return Long.valueOf(s);
            }
            if (type == Double.class) {
                return Double.valueOf(s);
            }
            if (type == Boolean.class) {
                return Boolean.valueOf(s);
            }
        } catch (NumberFormatException e) {
            throw new Failure("cannot convert " + s);
        }
        return s; // no conversion: RocketMQ then orders the pair as "less"
    }
}
