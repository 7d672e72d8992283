package dev.petrel.message.filter;

/**
 * A compiled SQL92 property filter (sql92-filter.md §1-§3). Immutable and thread-safe; evaluation allocates
 * nothing beyond what number parsing needs, and never throws.
 */
public final class Sql92Filter implements MessageFilter {

    private final String expression;
    private final Sql92Node root;
    private final String ignoredSuffix;

    Sql92Filter(String expression, Sql92Node root, String ignoredSuffix) {
        this.expression = expression;
        this.root = root;
        this.ignoredSuffix = ignoredSuffix;
    }

    @Override
    public String expressionType() {
        return SQL92;
    }

    @Override
    public String expression() {
        return expression;
    }

    /** Always true: the tag code says nothing about properties. */
    @Override
    public boolean matchesTagCode(long tagCode) {
        return true;
    }

    /**
     * Evaluates the expression against one message's properties. A failed conversion, and any failure of the lookup
     * itself, comes back as {@link MatchResult.Kind#ERROR} rather than an exception, so the broker can skip the
     * message, count the error and keep serving.
     */
    @Override
    public MatchResult evaluate(PropertyLookup properties) {
        Object value;
        try {
            value = root.evaluate(properties);
        } catch (Sql92EvaluationException e) {
            return MatchResult.error(e.getMessage());
        } catch (RuntimeException e) {
            // The lookup is the caller's code (e.g. lazy decoding of a stored record); a failure there must still
            // not escape into the pull loop.
            return MatchResult.error("evaluation failed: " + e);
        }
        if (value == null) {
            return MatchResult.UNKNOWN;
        }
        return (Boolean) value ? MatchResult.TRUE : MatchResult.FALSE;
    }

    /** Always true: RocketMQ clients do no SQL92 filtering of their own. */
    @Override
    public boolean matchesTags(String tags) {
        return true;
    }

    /**
     * Text after the parsed expression that RocketMQ's selector silently ignores ({@code "xyz"} in
     * {@code "a = 1 xyz"}), or "" if the whole expression was used. Worth a warning: it is usually a typo.
     */
    public String ignoredSuffix() {
        return ignoredSuffix;
    }

    /** The expression as Petrel understood it, fully parenthesised; compiling it gives an identical filter. */
    public String canonicalSql() {
        StringBuilder sql = new StringBuilder();
        root.appendSql(sql);
        return sql.toString();
    }

    Sql92Node root() {
        return root;
    }

    @Override
    public String toString() {
        return "SQL92 " + canonicalSql();
    }
}
