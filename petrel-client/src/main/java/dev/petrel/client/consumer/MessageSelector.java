package dev.petrel.client.consumer;

import dev.petrel.message.filter.FilterCompilation;
import dev.petrel.message.filter.FilterCompiler;
import dev.petrel.message.filter.MessageFilter;

import java.util.Objects;

/**
 * Which messages of a topic a consumer wants: a tag expression ({@code "*"}, {@code "TagA || TagB"}) or a SQL92
 * condition on message properties ({@code "amount > 100 AND region = 'eu'"}). The expression is compiled when the
 * selector is made, with the same compiler the broker uses, so a mistake fails at once with an explanation that
 * points at it:
 * <pre>
 * MessageSelector.bySql("amount > 'x'")
 *   → IllegalArgumentException: SQL92 expression "amount > 'x'" is invalid at column 10: '&gt;' cannot compare with
 *     the string literal 'x'; use = or &lt;&gt; for strings
 * </pre>
 *
 * <p>Tags are filtered by the broker by hash and re-checked by the client by exact string. SQL92 is evaluated only by
 * the broker, which needs {@code enablePropertyFilter=true}; a push consumer asks the broker to check its SQL92
 * subscriptions when it starts (CHECK_CLIENT_CONFIG), and {@code build()} fails with the broker's answer if it
 * refuses. The SQL92 grammar and its quirks (three-valued logic, {@code NOT} binding tighter than comparisons, string
 * properties converted to the other operand's type) are RocketMQ 5.3.1's; see docs/client.md.
 *
 * <p>Immutable; equal selectors have equal type and expression.
 */
public final class MessageSelector {

    private final String type;
    private final String expression;

    private MessageSelector(String type, String expression) {
        this.type = type;
        this.expression = expression;
    }

    /**
     * A SQL92 condition on message properties.
     *
     * @throws IllegalArgumentException if the expression does not compile; the message says where and why
     */
    public static MessageSelector bySql(String expression) {
        return compiled(MessageFilter.SQL92, Objects.requireNonNull(expression, "expression"));
    }

    /**
     * A tag expression: {@code "*"} (or null, or "") for every message, or tags separated by {@code ||}.
     *
     * @throws IllegalArgumentException if the expression has no tag between its separators
     */
    public static MessageSelector byTag(String tags) {
        return compiled(MessageFilter.TAG, tags == null || tags.isEmpty() ? "*" : tags);
    }

    /** Every message of the topic. */
    public static MessageSelector all() {
        return new MessageSelector(MessageFilter.TAG, "*");
    }

    private static MessageSelector compiled(String type, String expression) {
        FilterCompilation compiled = FilterCompiler.compile(type, expression);
        if (!compiled.isValid()) {
            throw new IllegalArgumentException(compiled.error().orElseThrow().message());
        }
        return new MessageSelector(type, expression);
    }

    /** {@code TAG} or {@code SQL92}, as RocketMQ's {@code SubscriptionData.expressionType}. */
    public String type() {
        return type;
    }

    /** The expression as given. */
    public String expression() {
        return expression;
    }

    public boolean isSql() {
        return MessageFilter.SQL92.equals(type);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof MessageSelector other && type.equals(other.type) && expression.equals(other.expression);
    }

    @Override
    public int hashCode() {
        return type.hashCode() * 31 + expression.hashCode();
    }

    @Override
    public String toString() {
        return type + " " + expression;
    }
}
