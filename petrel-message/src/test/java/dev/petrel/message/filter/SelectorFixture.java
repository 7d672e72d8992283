package dev.petrel.message.filter;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashMap;
import java.util.Map;

/** Compiles and evaluates SQL92 selectors for tests, failing the test with the reason when a step goes wrong. */
final class SelectorFixture {

    private SelectorFixture() {
    }

    static Sql92Filter compile(String expression) {
        FilterCompilation compilation = FilterCompiler.compile(MessageFilter.SQL92, expression);
        assertThat(compilation.error()).as("compile error of %s", expression).isEmpty();
        return (Sql92Filter) compilation.filter();
    }

    static FilterError reject(String expression) {
        FilterCompilation compilation = FilterCompiler.compile(MessageFilter.SQL92, expression);
        assertThat(compilation.isValid()).as("%s should be rejected but compiled to %s", expression, compilation)
            .isFalse();
        return compilation.error().orElseThrow();
    }

    /** Evaluates {@code expression} on properties given as alternating names and values. */
    static MatchResult evaluate(String expression, String... namesAndValues) {
        return compile(expression).evaluate(PropertyLookup.of(properties(namesAndValues)));
    }

    static MatchResult.Kind kind(String expression, String... namesAndValues) {
        return evaluate(expression, namesAndValues).kind();
    }

    static Map<String, String> properties(String... namesAndValues) {
        Map<String, String> properties = new HashMap<>();
        for (int i = 0; i < namesAndValues.length; i += 2) {
            properties.put(namesAndValues[i], namesAndValues[i + 1]);
        }
        return properties;
    }
}
