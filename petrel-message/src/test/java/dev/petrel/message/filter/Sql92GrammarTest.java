package dev.petrel.message.filter;

import static dev.petrel.message.filter.SelectorFixture.compile;
import static dev.petrel.message.filter.SelectorFixture.reject;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/** Grammar and precedence (sql92-filter.md §2) and every compile-time error, with its position and wording. */
class Sql92GrammarTest {

    @ParameterizedTest(name = "{0} parses as {1}")
    @CsvSource(delimiter = '|', quoteCharacter = '"', value = {
        "a = 1 OR b = 2 AND c = 3              | ((a = 1) OR ((b = 2) AND (c = 3)))",
        "(a = 1 OR b = 2) AND c = 3            | (((a = 1) OR (b = 2)) AND (c = 3))",
        "a = 1 OR b = 2 OR c = 3               | ((a = 1) OR (b = 2) OR (c = 3))",
        "a = 1 OR (b = 2 OR c = 3)             | ((a = 1) OR (b = 2) OR (c = 3))",
        "a = 1 AND b = 2 AND (c = 3 AND d)     | ((a = 1) AND (b = 2) AND (c = 3) AND d)",
        "NOT a = 'x'                           | ((NOT a) = 'x')",
        "NOT (a = 'x')                         | (NOT (a = 'x'))",
        "NOT NOT a                             | (NOT (NOT a))",
        "NOT a IS NULL                         | ((NOT a) IS NULL)",
        "a > 1 = TRUE                          | ((a > 1) = TRUE)",
        "a = 1 = 1                             | ((a = 1) = 1)",
        "a IS NULL IS NULL                     | ((a IS NULL) IS NULL)",
        "a IS NOT NULL = TRUE                  | ((a IS NOT NULL) = TRUE)",
        "a BETWEEN 1 AND 2 AND b = 3           | ((a BETWEEN 1 AND 2) AND (b = 3))",
        "a NOT BETWEEN 1 AND 2                 | (a NOT BETWEEN 1 AND 2)",
        "a NOT IN ('x', 'y')                   | (a NOT IN ('x', 'y'))",
        "(a) IN ('x')                          | (a IN ('x'))",
        "a NOT CONTAINS 'x'                    | (a NOT CONTAINS 'x')",
        "a > 1 CONTAINS 'x'                    | ((a > 1) CONTAINS 'x')",
        "-a = 1                                | ((-a) = 1)",
        "- -1 = a                              | ((-(-1)) = a)",
        "+a = +1                               | (a = 1)",
        "+ + (a) = 1                           | (a = 1)",
        "a                                     | a",
        "(a)                                   | a",
        "a AND b                               | (a AND b)",
        "TRUE                                  | TRUE",
        "FALSE                                 | FALSE",
        "NULL                                  | NULL",
        "'x' = TRUE                            | ('x' = TRUE)",
        "1 = TRUE                              | (1 = TRUE)",
        "TRUE = -1                             | (TRUE = (-1))",
        "a = -NULL                             | (a = (-NULL))",
        "a BETWEEN 5 AND -1                    | (a BETWEEN 5 AND (-1))",
        "a NOT BETWEEN 5 AND 1                 | (a NOT BETWEEN 5 AND 1)",
        "a BETWEEN 1 AND 1.0                   | (a BETWEEN 1 AND 1.0)",
        "a > -(b = 1)                          | (a > (-(b = 1)))",
        "'abc' CONTAINS 'b'                    | ('abc' CONTAINS 'b')",
        "NULL IS NULL                          | (NULL IS NULL)",
    })
    void parsesWithRocketMqPrecedence(String selector, String canonical) {
        assertThat(compile(selector).canonicalSql()).isEqualTo(canonical);
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', quoteCharacter = '"', value = {
        // selector | column | reason
        "a = NULL               | 5  | '=' cannot compare with NULL; use IS NULL",
        "NULL = a               | 1  | '=' cannot compare with NULL; use IS NULL",
        "a <> NULL              | 6  | '<>' cannot compare with NULL; use IS NOT NULL",
        "a > 'x'                | 5  | '>' cannot compare with the string literal 'x'; use = or <> for strings",
        "'x' <= a               | 1  | '<=' cannot compare with the string literal 'x'; use = or <> for strings",
        "a >= TRUE              | 6  | '>=' cannot compare with TRUE; use = or <> for booleans",
        "a < NULL               | 5  | '<' cannot compare with NULL; use IS NULL or IS NOT NULL",
        "a > (b = 1)            | 5  | '>' cannot compare the condition (b = 1); it orders numbers and number-valued properties only",
        "a < 1 < 2              | 1  | '<' cannot compare the condition (a < 1); it orders numbers and number-valued properties only",
        "a > +'x'               | 5  | '>' cannot compare with the string literal 'x'; use = or <> for strings",
        "a BETWEEN 'a' AND 'b'  | 11 | BETWEEN cannot compare with the string literal 'a'; use = or <> for strings",
        "a BETWEEN 1 AND 'x'    | 17 | BETWEEN cannot compare with the string literal 'x'; use = or <> for strings",
        "a BETWEEN TRUE AND 2   | 11 | BETWEEN cannot compare with TRUE; use = or <> for booleans",
        "a BETWEEN 3 AND 1      | 11 | BETWEEN bounds are reversed: 3 is greater than 1; write BETWEEN 1 AND 3",
        "a BETWEEN (3) AND 1.5  | 11 | BETWEEN bounds are reversed: 3 is greater than 1.5; write BETWEEN 1.5 AND 3",
        "a BETWEEN 2147483648 AND 2147483647 | 11 | BETWEEN bounds are reversed: 2147483648 is greater than 2147483647; write BETWEEN 2147483647 AND 2147483648",
        "a BETWEEN NULL AND 1   | 11 | BETWEEN bounds cannot be NULL; use IS NULL to test for a missing property",
        "a BETWEEN 1 AND NULL   | 17 | BETWEEN bounds cannot be NULL; use IS NULL to test for a missing property",
        "a NOT BETWEEN NULL AND 1 | 15 | NOT BETWEEN cannot compare with NULL; use IS NULL or IS NOT NULL",
        "'x' BETWEEN 1 AND 2    | 1  | BETWEEN cannot compare with the string literal 'x'; use = or <> for strings",
        "a BETWEEN 1 OR 2       | 13 | expected AND between the two bounds of BETWEEN, but found keyword OR",
        "a IN ()                | 7  | IN lists hold string literals only, but found ')'",
        "a IN (1)               | 7  | IN lists hold string literals only, but found number 1; quote numbers: '1'",
        "a IN ('x', b)          | 12 | IN lists hold string literals only, but found property name b",
        "a IN 'x'               | 6  | expected '(' after IN, as in IN ('a', 'b'), but found string literal 'x'",
        "a IN ('x' 'y')         | 11 | expected ',' or ')' in the IN list, but found string literal 'y'",
        "'x' IN ('x')           | 1  | IN needs a property name on its left, but found the string literal 'x'",
        "-a NOT IN ('x')        | 1  | NOT IN needs a property name on its left, but found the negation (-a)",
        "a CONTAINS b           | 12 | CONTAINS needs a string literal on its right, but found property name b",
        "a NOT STARTSWITH 1     | 18 | NOT STARTSWITH needs a string literal on its right, but found number 1",
        "a ENDSWITH             | 11 | ENDSWITH needs a string literal on its right, but found the end of the expression",
        "a NOT x                | 7  | expected BETWEEN, IN, CONTAINS, STARTSWITH or ENDSWITH after NOT but found property name x; to negate a condition write NOT (condition)",
        "a IS 5                 | 6  | expected NULL or NOT NULL after IS, but found number 5",
        "a IS NOT TRUE          | 10 | expected NULL after IS NOT, but found keyword TRUE",
        "TRUE = 'x'             | 8  | TRUE cannot be compared with the string literal 'x'; a boolean literal on the left of '=' only compares with TRUE, FALSE, a property or a condition",
        "FALSE <> 1             | 10 | FALSE cannot be compared with the number 1; a boolean literal on the left of '<>' only compares with TRUE, FALSE, a property or a condition",
        "5                      | 1  | the selector needs a condition, but the number 5 is a value; compare it, as in a = 5, or test it, as in a IS NOT NULL",
        "'x'                    | 1  | the selector needs a condition, but the string literal 'x' is a value; compare it, as in a = 5, or test it, as in a IS NOT NULL",
        "-a                     | 1  | the selector needs a condition, but the negation (-a) is a value; compare it, as in a = 5, or test it, as in a IS NOT NULL",
        "NOT 5                  | 5  | NOT needs a condition, but the number 5 is a value; compare it, as in a = 5, or test it, as in a IS NOT NULL",
        "a = 1 AND 'x'          | 11 | AND needs a condition, but the string literal 'x' is a value; compare it, as in a = 5, or test it, as in a IS NOT NULL",
        "2 OR a                 | 1  | OR needs a condition, but the number 2 is a value; compare it, as in a = 5, or test it, as in a IS NOT NULL",
        "a BETWEEN 1 AND 2 AND 3 | 23 | AND needs a condition, but the number 3 is a value; compare it, as in a = 5, or test it, as in a IS NOT NULL",
        "(a = 1                 | 7  | expected ')' to close the '(' at column 1, but found the end of the expression",
        "a = 1 AND              | 10 | expected a property name, a literal, '(', NOT, '-' or '+' but found the end of the expression",
        "''                     | 1  | the selector needs a condition, but the string literal '' is a value; compare it, as in a = 5, or test it, as in a IS NOT NULL",
        "a = 1 NOT              | 10 | expected BETWEEN, IN, CONTAINS, STARTSWITH or ENDSWITH after NOT but found the end of the expression; to negate a condition write NOT (condition)",
    })
    void compileErrorsSayWhereWhatAndHow(String selector, int column, String reason) {
        FilterError error = reject(selector);
        assertThat(error.reason()).isEqualTo(reason);
        assertThat(error.column()).isEqualTo(column);
        assertThat(error.message()).isEqualTo("SQL92 expression \"" + selector + "\" is invalid at column " + column
            + ": " + reason);
    }

    @Test
    void theBriefsExampleMessage() {
        assertThat(reject("a > 'x'").message()).isEqualTo("SQL92 expression \"a > 'x'\" is invalid at column 5:"
            + " '>' cannot compare with the string literal 'x'; use = or <> for strings");
    }

    @ParameterizedTest
    @ValueSource(strings = {"", " ", "\n", "/* only a comment */", "-- only a comment\n"})
    void emptySelectorsAreRejected(String selector) {
        assertThat(reject(selector).reason()).isEqualTo(
            "expected a property name, a literal, '(', NOT, '-' or '+' but found the end of the expression");
    }

    @Test
    void nullSelectorIsRejectedWithoutPosition() {
        FilterError error = FilterCompiler.compile("SQL92", null).error().orElseThrow();
        assertThat(error.offset()).isEqualTo(-1);
        assertThat(error.message()).isEqualTo(
            "SQL92 expression is invalid: the expression is missing; write a condition such as a > 5 AND b = 'x'");
    }

    @Test
    void multiLineSelectorsReportLineAndColumn() {
        FilterError error = reject("a = 1\nAND b > 'x'");
        assertThat(error.line()).isEqualTo(2);
        assertThat(error.column()).isEqualTo(9);
        assertThat(error.message()).isEqualTo("SQL92 expression \"a = 1\\nAND b > 'x'\" is invalid at line 2,"
            + " column 9: '>' cannot compare with the string literal 'x'; use = or <> for strings");
    }

    @Test
    void longSelectorsAreShortenedInMessages() {
        String selector = "a = 1 AND ".repeat(100) + "b > 'x'";
        String message = reject(selector).message();
        assertThat(message).hasSizeLessThan(400).contains("...\" is invalid at column 1005");
    }

    @Test
    void deepNestingIsRejectedNotAStackOverflow() {
        String deep = "(".repeat(100_000) + "a" + ")".repeat(100_000);
        assertThat(reject(deep).reason()).isEqualTo("the expression nests deeper than 128 levels; simplify it");
        assertThat(reject("NOT ".repeat(100_000) + "a").reason()).contains("nests deeper than 128");
        assertThat(reject("-".repeat(1) + " -".repeat(100_000) + "1 = a").reason()).contains("nests deeper");
        assertThat(reject("a = 1" + " = 1".repeat(100_000)).reason()).contains("nests deeper");
        assertThat(compile("(".repeat(120) + "a" + ")".repeat(120)).canonicalSql()).isEqualTo("a");
    }

    @Test
    void theDeepestAcceptedSelectorsFitHalfTheDefaultThreadStack() throws Exception {
        int levels = Sql92Parser.MAX_DEPTH - 1;
        List<String> deepest = List.of(
            "(".repeat(levels) + "a = 1" + ")".repeat(levels),
            "NOT ".repeat(levels) + "a",
            "(NOT ".repeat(levels / 2) + "a" + ")".repeat(levels / 2),
            "a = " + "-(".repeat(levels / 2) + "1" + ")".repeat(levels / 2),
            "a = 1" + " = 1".repeat(levels - 1));
        AtomicReference<Throwable> failure = new AtomicReference<>();
        Thread small = new Thread(null, () -> {
            try {
                for (String selector : deepest) {
                    compile(selector).evaluate(PropertyLookup.of(Map.of("a", "1")));
                }
            } catch (Throwable t) {
                failure.set(t);
            }
        }, "small-stack", 512 * 1024);
        small.start();
        small.join(TimeUnit.MINUTES.toMillis(1));
        assertThat(small.isAlive()).isFalse();
        assertThat(failure.get()).isNull();
    }

    @Test
    void longFlatChainsStayShallow() {
        String manyTags = String.join(" OR ", java.util.Collections.nCopies(50_000, "TAGS = 'x'"));
        Sql92Filter filter = compile(manyTags + " OR TAGS = 'y'");
        assertThat(filter.matchesProperties(PropertyLookup.of(java.util.Map.of("TAGS", "y")))).isTrue();
    }
}
