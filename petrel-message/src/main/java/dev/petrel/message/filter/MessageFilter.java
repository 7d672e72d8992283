package dev.petrel.message.filter;

/**
 * A compiled subscription filter: what the broker checks while serving a pull and the client re-checks after one.
 * Obtain one from {@link FilterCompiler#compile} or a {@link FilterCache}. Implementations are immutable and may be
 * used by any number of threads at once.
 *
 * <p>The broker calls {@link #matchesTagCode} on each ConsumeQueue entry (cheap, no record read) and, for entries
 * that pass, {@link #evaluate} (or {@link #matchesProperties}) on the record's properties. The client calls
 * {@link #matchesTags} on each pulled message.
 */
public interface MessageFilter {

    /** Expression type of tag subscriptions ({@code SubscriptionData.expressionType}); null and "" mean TAG too. */
    String TAG = "TAG";
    /** Expression type of SQL92 property filters. */
    String SQL92 = "SQL92";

    /** {@link #TAG} or {@link #SQL92}. */
    String expressionType();

    /** The expression this filter was compiled from. */
    String expression();

    /**
     * The ConsumeQueue pre-check on a message's tag code (the {@code String.hashCode()} of its TAGS, 0 without
     * tags). TAG: true for {@code *}, else whether the code is one of the subscribed tags' codes. SQL92: always true
     * (the properties decide).
     */
    boolean matchesTagCode(long tagCode);

    /** The CommitLog check on a message's properties. SQL92: the evaluation. TAG: always TRUE. Never throws. */
    MatchResult evaluate(PropertyLookup properties);

    /** {@code evaluate(properties).isMatch()}. */
    default boolean matchesProperties(PropertyLookup properties) {
        return evaluate(properties).isMatch();
    }

    /**
     * The client's re-check after a pull, on the message's TAGS string (null without tags). TAG: true when no tag
     * set applies ({@code *}), else exact membership, which drops tag-code collisions. SQL92: always true (the
     * broker's result is final).
     */
    boolean matchesTags(String tags);
}
