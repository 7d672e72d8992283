package dev.petrel.message.filter;

import java.util.Arrays;
import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.Set;

/**
 * A TAG subscription (sql92-filter.md §5): {@code *} for every message, or a set of tags written
 * {@code "TagA || TagB"}. Immutable and thread-safe.
 *
 * <p>The broker matches on tag codes ({@code String.hashCode()} of the tag, as the client sends them in
 * {@code codeSet}); the client then re-checks the exact TAGS string, which removes hash collisions.
 */
public final class TagFilter implements MessageFilter {

    /** The expression that subscribes to everything. */
    public static final String SUBSCRIBE_ALL = "*";

    private final String expression;
    private final boolean all;
    private final Set<String> tags;
    private final int[] sortedCodes;

    private TagFilter(String expression, boolean all, Set<String> tags, Collection<Integer> codes) {
        this.expression = expression;
        this.all = all;
        this.tags = Collections.unmodifiableSet(new LinkedHashSet<>(tags));
        this.sortedCodes = codes.stream().mapToInt(Integer::intValue).distinct().sorted().toArray();
    }

    /**
     * Parses a tag expression like RocketMQ's {@code FilterAPI.buildSubscriptionData}: null, "" or exactly
     * {@code *} subscribe to all; otherwise the text is split on {@code ||}, each part trimmed and empty parts
     * dropped. Text made only of {@code ||} separators is rejected, as RocketMQ's client rejects it.
     */
    static FilterCompilation compile(String expression) {
        if (expression == null || expression.isEmpty() || expression.equals(SUBSCRIBE_ALL)) {
            return FilterCompilation.valid(new TagFilter(SUBSCRIBE_ALL, true, Set.of(), Set.of()));
        }
        String[] parts = expression.split("\\|\\|");
        if (parts.length == 0) {
            return FilterCompilation.invalid(new FilterError(TAG, expression, -1,
                "it has no tag between its '||' separators; write tags as \"TagA || TagB\", or * for all"));
        }
        Set<String> tags = new LinkedHashSet<>();
        Set<Integer> codes = new LinkedHashSet<>();
        for (String part : parts) {
            String tag = part.trim();
            if (!tag.isEmpty()) {
                tags.add(tag);
                codes.add(tag.hashCode());
            }
        }
        return FilterCompilation.valid(new TagFilter(expression, false, tags, codes));
    }

    /**
     * A filter from a subscription the client already parsed (heartbeat or pull {@code SubscriptionData}): its
     * {@code subString}, {@code tagsSet} and {@code codeSet}, used as sent, as RocketMQ's broker does.
     */
    public static TagFilter fromSubscription(String subString, Set<String> tags, Set<Integer> codes) {
        boolean all = subString == null || subString.isEmpty() || subString.equals(SUBSCRIBE_ALL);
        return new TagFilter(all ? SUBSCRIBE_ALL : subString, all, tags == null ? Set.of() : tags,
            codes == null ? Set.of() : codes);
    }

    @Override
    public String expressionType() {
        return TAG;
    }

    @Override
    public String expression() {
        return expression;
    }

    /** True if this is {@code *}. */
    public boolean subscribesAll() {
        return all;
    }

    /** The subscribed tags, in expression order; empty for {@code *}. */
    public Set<String> tags() {
        return tags;
    }

    /** True for {@code *}; else whether {@code (int) tagCode} is one of the subscribed tags' codes. */
    @Override
    public boolean matchesTagCode(long tagCode) {
        return all || Arrays.binarySearch(sortedCodes, (int) tagCode) >= 0;
    }

    /** Always TRUE: tags are checked by code, not by properties. */
    @Override
    public MatchResult evaluate(PropertyLookup properties) {
        return MatchResult.TRUE;
    }

    /** True when there is no tag set to check (as for {@code *}); else whether {@code tags} is one of them. */
    @Override
    public boolean matchesTags(String messageTags) {
        return this.tags.isEmpty() || (messageTags != null && this.tags.contains(messageTags));
    }

    @Override
    public String toString() {
        return all ? "TAG *" : "TAG " + tags;
    }
}
