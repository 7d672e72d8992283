package dev.petrel.message.filter;

import java.util.Objects;

/**
 * The outcome of evaluating a filter against one message. Only {@link Kind#TRUE} is a match; {@link Kind#FALSE},
 * {@link Kind#UNKNOWN} (SQL's null, e.g. a missing property) and {@link Kind#ERROR} (a value that could not be
 * converted for a comparison) all mean the message is skipped. ERROR carries a reason the broker can count and log.
 *
 * <p>Immutable. The three non-error results are shared constants, so evaluating allocates nothing for them.
 */
public final class MatchResult {

    /** What an evaluation produced. */
    public enum Kind {
        /** The expression is TRUE: the message matches. */
        TRUE,
        /** The expression is FALSE. */
        FALSE,
        /** The expression is null (unknown), e.g. it compares a property the message lacks. */
        UNKNOWN,
        /** A comparison could not convert a value (e.g. {@code a > 5} with {@code a = "5.5"}). */
        ERROR
    }

    /** Matched. */
    public static final MatchResult TRUE = new MatchResult(Kind.TRUE, null);
    /** Not matched: FALSE. */
    public static final MatchResult FALSE = new MatchResult(Kind.FALSE, null);
    /** Not matched: unknown. */
    public static final MatchResult UNKNOWN = new MatchResult(Kind.UNKNOWN, null);

    private final Kind kind;
    private final String error;

    private MatchResult(Kind kind, String error) {
        this.kind = kind;
        this.error = error;
    }

    /** A failed evaluation: not matched, with the reason. */
    static MatchResult error(String reason) {
        return new MatchResult(Kind.ERROR, Objects.requireNonNull(reason));
    }

    public Kind kind() {
        return kind;
    }

    /** True only for {@link Kind#TRUE}. */
    public boolean isMatch() {
        return kind == Kind.TRUE;
    }

    /** True for {@link Kind#ERROR}. */
    public boolean isError() {
        return kind == Kind.ERROR;
    }

    /** Why the evaluation failed; null unless {@link #isError()}. */
    public String error() {
        return error;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof MatchResult && ((MatchResult) o).kind == kind
            && Objects.equals(((MatchResult) o).error, error);
    }

    @Override
    public int hashCode() {
        return kind.hashCode() * 31 + Objects.hashCode(error);
    }

    @Override
    public String toString() {
        return error == null ? kind.name() : "ERROR: " + error;
    }
}
