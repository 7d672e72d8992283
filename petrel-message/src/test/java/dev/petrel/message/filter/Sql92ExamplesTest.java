package dev.petrel.message.filter;

import static dev.petrel.message.filter.SelectorFixture.compile;
import static dev.petrel.message.filter.SelectorFixture.properties;
import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Every row of the examples table, sql92-filter.md §3.7. */
class Sql92ExamplesTest {

    @ParameterizedTest(name = "{0} with {1} -> {2}")
    @CsvSource(delimiter = '|', quoteCharacter = '"', value = {
        "a > 5 AND b = 'abc'                | a=7,b=abc  | true",
        "a > 5                              | a=5.5      | false",
        "a > 5.0                            | a=5.5      | true",
        "a BETWEEN 1 AND 3                  | a=2        | true",
        "region IN ('hz','sh')              | \"\"         | false",
        "flag = TRUE                        | flag=True  | true",
        "TAGS = 'TagA' OR KEYS IS NOT NULL  | TAGS=TagA  | true",
        "NOT (a = 'x')                      | a=y        | true",
        "NOT a = 'x'                        | a=y        | false",
    })
    void examplesTable(String selector, String props, boolean matches) {
        String[] pairs = props.isEmpty() ? new String[0] : props.replace('=', ',').split(",");
        MessageFilter filter = compile(selector);
        assertThat(filter.matchesProperties(PropertyLookup.of(properties(pairs)))).isEqualTo(matches);
    }

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource(delimiter = '|', quoteCharacter = '"', value = {
        "a > 5        | ERROR",   // Integer.parseInt("5.5") fails: no match, and the broker can count why
        "NOT a = 'x'  | ERROR",   // (NOT a) is TRUE for a present a; TRUE = 'x' cannot convert (RocketMQ throws)
    })
    void theNoMatchRowsSayWhy(String selector, MatchResult.Kind kind) {
        assertThat(compile(selector).evaluate(PropertyLookup.of(properties("a", selector.startsWith("a") ? "5.5"
            : "y"))).kind()).isEqualTo(kind);
    }
}
