package dev.petrel.message.filter;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Random;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;

/**
 * Hostile input: random text, mutated and truncated valid selectors, and deep nesting. Every input must give
 * either a filter or a clear {@link FilterError} (a reason and a position inside the text), never another
 * exception, never a stack overflow; every filter must evaluate without throwing.
 */
class Sql92FuzzTest {

    /** Pieces that make random text look like selectors often enough to reach deep into the parser. */
    private static final List<String> FRAGMENTS = List.of("a", "b", "TAGS", "_x$", "NOT", "AND", "OR", "BETWEEN",
        "IN", "IS", "NULL", "TRUE", "FALSE", "CONTAINS", "STARTSWITH", "ENDSWITH", "=", "<>", ">", ">=", "<", "<=",
        "(", ")", ",", "+", "-", "--", "\n", "/*", "*/", "'", "''", "'x'", "0", "1", "5L", "0.0", "1.5", ".5",
        "1e5", "1e", "9223372036854775808", " ", " ", " ", "!", "\"", ".", "é", "\u0000", "\t", "\r", "*");

    @Provide
    Arbitrary<String> selectorLikeText() {
        return Arbitraries.of(FRAGMENTS).list().ofMaxSize(40).map(parts -> String.join("", parts));
    }

    @Property(tries = 5000)
    void randomTokenSoupCompilesOrExplains(@ForAll("selectorLikeText") String text) {
        checkOutcome(text);
    }

    @Property(tries = 3000)
    void randomCharactersCompileOrExplain(@ForAll String text) {
        checkOutcome(text);
    }

    @Property(tries = 3000)
    void mutatedSelectorsCompileOrExplain(@ForAll long seed) {
        Random random = new Random(seed);
        RandomSelector generator = new RandomSelector(random);
        StringBuilder text = new StringBuilder(generator.print(generator.condition(1 + random.nextInt(4))));
        int mutations = 1 + random.nextInt(4);
        for (int m = 0; m < mutations && text.length() > 0; m++) {
            int at = random.nextInt(text.length());
            switch (random.nextInt(4)) {
                case 0:
                    text.deleteCharAt(at);
                    break;
                case 1:
                    text.insert(at, FRAGMENTS.get(random.nextInt(FRAGMENTS.size())));
                    break;
                case 2:
                    text.setCharAt(at, (char) (32 + random.nextInt(95)));
                    break;
                default:
                    int end = Math.min(text.length(), at + 1 + random.nextInt(10));
                    text.insert(random.nextInt(text.length()), text.substring(at, end));
                    break;
            }
        }
        checkOutcome(text.toString());
    }

    @Property(tries = 300)
    void everyPrefixOfASelectorCompilesOrExplains(@ForAll long seed) {
        Random random = new Random(seed);
        RandomSelector generator = new RandomSelector(random);
        String text = generator.print(generator.condition(1 + random.nextInt(3)));
        for (int end = 0; end <= text.length(); end++) {
            checkOutcome(text.substring(0, end));
        }
    }

    @Property(tries = 30)
    void deepNestingIsRejectedWithAnError(@ForAll @IntRange(min = 200, max = 100_000) int depth,
                                          @ForAll("openers") String opener) {
        String text = opener.repeat(depth) + "a = 1" + (opener.contains("(") ? ")".repeat(depth) : "");
        FilterError error = checkOutcome(text);
        assertThat(error).as("nesting %d of %s", depth, opener).isNotNull();
        assertThat(error.reason()).contains("nests deeper than");
    }

    @Provide
    Arbitrary<String> openers() {
        return Arbitraries.of("(", "NOT ", "NOT (", "- ", "+", "+(", "-(", "(NOT ", "a = ");
    }

    /** Asserts the invariants; returns the error, or null if the text compiled. */
    private static FilterError checkOutcome(String text) {
        FilterCompilation compilation = FilterCompiler.compile(MessageFilter.SQL92, text);
        if (!compilation.isValid()) {
            FilterError error = compilation.error().orElseThrow();
            assertThat(error.offset()).as("error offset in %s", text).isBetween(0, text.length());
            assertThat(error.reason()).isNotBlank();
            assertThat(error.message()).startsWith("SQL92 expression \"").contains(" is invalid at ");
            return error;
        }
        Sql92Filter filter = (Sql92Filter) compilation.filter();
        assertThat(text).endsWith(filter.ignoredSuffix());
        Random random = new Random(text.hashCode());
        RandomSelector generator = new RandomSelector(random);
        for (int i = 0; i < 3; i++) {
            MatchResult result = filter.evaluate(PropertyLookup.of(generator.properties()));
            assertThat(result).isNotNull();
        }
        return null;
    }
}
