package dev.petrel.message.filter;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.NullAndEmptySource;
import org.junit.jupiter.params.provider.ValueSource;

/** TAG expressions, sql92-filter.md §5. */
class TagFilterTest {

    private static TagFilter tag(String expression) {
        return (TagFilter) FilterCompiler.compile("TAG", expression).filter();
    }

    @ParameterizedTest
    @NullAndEmptySource
    @ValueSource(strings = "*")
    void starEmptyAndNullSubscribeToAll(String expression) {
        TagFilter filter = tag(expression);
        assertThat(filter.subscribesAll()).isTrue();
        assertThat(filter.tags()).isEmpty();
        assertThat(filter.expression()).isEqualTo("*");
        assertThat(filter.matchesTagCode(0)).isTrue();
        assertThat(filter.matchesTagCode("anything".hashCode())).isTrue();
        assertThat(filter.matchesTags(null)).isTrue();
        assertThat(filter.matchesTags("anything")).isTrue();
    }

    @Test
    void tagsAreSplitOnDoublePipesTrimmedAndEmptiesDropped() {
        assertThat(tag("TagA || TagB").tags()).containsExactly("TagA", "TagB");
        assertThat(tag("TagA||TagB||").tags()).containsExactly("TagA", "TagB");
        assertThat(tag("|| TagA ||  || TagB").tags()).containsExactly("TagA", "TagB");
        assertThat(tag("  Tag With Spaces  ").tags()).containsExactly("Tag With Spaces");
        assertThat(tag("a|b || c").tags()).containsExactly("a|b", "c");
        assertThat(tag("TagA || TagA").tags()).containsExactly("TagA");
    }

    @Test
    void onlyTheExactStarMeansAll() {
        TagFilter spaced = tag(" * ");
        assertThat(spaced.subscribesAll()).isFalse();
        assertThat(spaced.tags()).containsExactly("*");
        assertThat(spaced.matchesTagCode("TagA".hashCode())).isFalse();
        assertThat(spaced.matchesTagCode("*".hashCode())).isTrue();
        assertThat(tag("TagA || *").tags()).containsExactly("TagA", "*");
    }

    @Test
    void noWildcardsNoNegationNoOtherOperators() {
        assertThat(tag("Tag*").matchesTags("TagA")).isFalse();
        assertThat(tag("!TagA").tags()).containsExactly("!TagA");
        assertThat(tag("TagA OR TagB").tags()).containsExactly("TagA OR TagB");
        assertThat(tag("TagA && TagB").tags()).containsExactly("TagA && TagB");
    }

    @Test
    void brokerMatchesOnTheTagCodeAsAnInt() {
        TagFilter filter = tag("TagA || TagB");
        assertThat(filter.matchesTagCode("TagA".hashCode())).isTrue();
        assertThat(filter.matchesTagCode("TagB".hashCode())).isTrue();
        assertThat(filter.matchesTagCode("TagC".hashCode())).isFalse();
        // A message without TAGS has tag code 0: only * matches it.
        assertThat(filter.matchesTagCode(0)).isFalse();
        // The ConsumeQueue slot is a long; RocketMQ compares its low 32 bits.
        assertThat(filter.matchesTagCode((1L << 40) | ("TagA".hashCode() & 0xFFFF_FFFFL))).isTrue();
        // Negative hash codes work too, down to Integer.MIN_VALUE, however the slot was widened to a long.
        assertThat("polygenelubricants".hashCode()).isEqualTo(Integer.MIN_VALUE);
        TagFilter negative = tag("polygenelubricants");
        assertThat(negative.matchesTagCode(Integer.MIN_VALUE)).isTrue();
        assertThat(negative.matchesTagCode(Integer.MIN_VALUE & 0xFFFF_FFFFL)).isTrue();
    }

    @Test
    void clientKeepsOnlyExactTagStrings() {
        TagFilter filter = tag("TagA || TagB");
        assertThat(filter.matchesTags("TagA")).isTrue();
        assertThat(filter.matchesTags("taga")).isFalse();
        assertThat(filter.matchesTags(null)).isFalse();
        // "Aa" and "BB" share String.hashCode(): the broker lets the collision through, the client drops it.
        assertThat("Aa".hashCode()).isEqualTo("BB".hashCode());
        TagFilter aa = tag("Aa");
        assertThat(aa.matchesTagCode("BB".hashCode())).isTrue();
        assertThat(aa.matchesTags("BB")).isFalse();
    }

    @Test
    void expressionsWithoutAnyTagMatchNothingAtTheBroker() {
        TagFilter blank = tag("  ||  ");
        assertThat(blank.subscribesAll()).isFalse();
        assertThat(blank.tags()).isEmpty();
        assertThat(blank.matchesTagCode(0)).isFalse();
        assertThat(blank.matchesTagCode("TagA".hashCode())).isFalse();
        assertThat(blank.matchesTags("TagA")).isTrue(); // RocketMQ's client only re-checks a non-empty tag set
    }

    @ParameterizedTest
    @ValueSource(strings = {"||", "||||"})
    void onlySeparatorsIsRejectedLikeRocketMqsClient(String expression) {
        FilterError error = FilterCompiler.compile("TAG", expression).error().orElseThrow();
        assertThat(error.message()).isEqualTo("TAG expression \"" + expression + "\" is invalid: it has no tag"
            + " between its '||' separators; write tags as \"TagA || TagB\", or * for all");
    }

    @Test
    void tagFiltersAlwaysPassThePropertyCheck() {
        TagFilter filter = tag("TagA");
        assertThat(filter.evaluate(PropertyLookup.EMPTY)).isSameAs(MatchResult.TRUE);
        assertThat(filter.matchesProperties(name -> {
            throw new AssertionError("a TAG filter must not read properties");
        })).isTrue();
        assertThat(filter.expressionType()).isEqualTo("TAG");
        assertThat(filter.expression()).isEqualTo("TagA");
    }

    @Test
    void fromSubscriptionUsesTheCodesTheClientSent() {
        TagFilter filter = TagFilter.fromSubscription("TagA", Set.of("TagA"), Set.of(42));
        assertThat(filter.matchesTagCode(42)).isTrue();
        assertThat(filter.matchesTagCode("TagA".hashCode())).isFalse();
        assertThat(filter.matchesTags("TagA")).isTrue();
        assertThat(TagFilter.fromSubscription("*", Set.of(), Set.of()).matchesTagCode(7)).isTrue();
        assertThat(TagFilter.fromSubscription(null, null, null).subscribesAll()).isTrue();
    }

    @Test
    void nullAndEmptyTypesMeanTag() {
        assertThat(FilterCompiler.compile(null, "TagA").filter()).isInstanceOf(TagFilter.class);
        assertThat(FilterCompiler.compile("", "TagA").filter()).isInstanceOf(TagFilter.class);
    }
}
