package dev.petrel.message.filter;

/**
 * Compiles a subscription's filter from its expression type and expression, for the broker (heartbeat, pull,
 * CHECK_CLIENT_CONFIG) and the client (subscribe). Stateless; see {@link FilterCache} for the broker's repeated
 * compiles of the same strings.
 */
public final class FilterCompiler {

    private FilterCompiler() {
    }

    /**
     * Compiles an expression.
     *
     * @param expressionType {@code "TAG"} (also null or "") or {@code "SQL92"}, case-sensitive as in RocketMQ
     * @param expression the tag expression or SQL92 selector
     * @return the filter, or the reason it was rejected; never throws for bad input
     */
    public static FilterCompilation compile(String expressionType, String expression) {
        if (isTagType(expressionType)) {
            return TagFilter.compile(expression);
        }
        if (MessageFilter.SQL92.equals(expressionType)) {
            return compileSql92(expression);
        }
        return FilterCompilation.invalid(new FilterError(expressionType, expression, -1,
            "expression type \"" + expressionType + "\" is not supported; use TAG or SQL92"));
    }

    /** True for the tag expression types: null, "" and {@code "TAG"}. */
    public static boolean isTagType(String expressionType) {
        return expressionType == null || expressionType.isEmpty() || MessageFilter.TAG.equals(expressionType);
    }

    private static FilterCompilation compileSql92(String expression) {
        if (expression == null) {
            return FilterCompilation.invalid(new FilterError(MessageFilter.SQL92, null, -1,
                "the expression is missing; write a condition such as a > 5 AND b = 'x'"));
        }
        try {
            Sql92Parser.Result parsed = Sql92Parser.parse(expression);
            return FilterCompilation.valid(new Sql92Filter(expression, parsed.root(), parsed.ignoredSuffix()));
        } catch (Sql92SyntaxException e) {
            return FilterCompilation.invalid(new FilterError(MessageFilter.SQL92, expression, e.offset(),
                e.getMessage()));
        }
    }
}
