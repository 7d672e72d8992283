package dev.petrel.message.filter;

import static dev.petrel.message.filter.SelectorFixture.compile;
import static dev.petrel.message.filter.SelectorFixture.kind;
import static dev.petrel.message.filter.SelectorFixture.reject;
import static org.assertj.core.api.Assertions.assertThat;

import dev.petrel.message.filter.MatchResult.Kind;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/** Lexical rules, sql92-filter.md §1, and the token-level quirks of RocketMQ 5.3.1's selector. */
class Sql92LexicalTest {

    @Test
    void whitespaceIsSpaceTabNewlineCarriageReturnAndFormFeed() {
        assertThat(compile(" \t\n\r\fa\f=\r1\n\t ").canonicalSql()).isEqualTo("(a = 1)");
        assertThat(reject("a\u000b= 1").message()).contains("column 2").contains("unexpected character U+000B");
        assertThat(reject("a =\u00a01").reason()).contains("U+00A0");
    }

    @Test
    void lineCommentsRunToTheLineTerminator() {
        assertThat(compile("a = 1 -- first\nAND b = 2 -- second\r\n").canonicalSql()).isEqualTo("((a = 1) AND (b = 2))");
        assertThat(compile("-- leading\ra = 1").canonicalSql()).isEqualTo("(a = 1)");
    }

    @Test
    void dashDashWithoutLineTerminatorIsTwoMinusSigns() {
        // RocketMQ's lexer only completes a comment at a line terminator; otherwise "--" lexes as '-' '-'.
        assertThat(compile("a = --1").canonicalSql()).isEqualTo("(a = (-(-1)))");
        // ...and at the end of a selector those minus signs are ignored trailing text, not an error.
        Sql92Filter trailing = compile("a = 1 -- no newline");
        assertThat(trailing.canonicalSql()).isEqualTo("(a = 1)");
        assertThat(trailing.ignoredSuffix()).isEqualTo("-- no newline");
        assertThat(reject("--").reason()).contains("found the end of the expression");
    }

    @Test
    void blockComments() {
        assertThat(compile("/* a */ a /* = 2 */ = /**/ 1 /* * / */").canonicalSql()).isEqualTo("(a = 1)");
        FilterError open = reject("a = 1 /* never closed");
        assertThat(open.column()).isEqualTo(7);
        assertThat(open.reason()).isEqualTo("comment '/*' is never closed; end it with */");
        assertThat(reject("a /*/ = 1").reason()).contains("never closed");
    }

    @ParameterizedTest
    @ValueSource(strings = {"not a", "NoT a", "a aNd b", "a or b", "a BeTwEeN 1 and 2", "a in ('x')", "a Is nUlL",
        "a contains 'x'", "a startsWith 'x'", "a endswith 'x'", "a = true", "a = False", "nUll"})
    void keywordsAreCaseInsensitive(String selector) {
        compile(selector);
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', quoteCharacter = '"', value = {
        "Abc = 'x'     | Abc",
        "_x$1 = 'x'    | _x$1",
        "$A = 'x'      | $A",
        "notx = 'x'    | notx",
        "INx = 'x'     | INx",
        "TRUEish = 'x' | TRUEish",
    })
    void identifiersAreAsciiNamesLookedUpCaseSensitively(String selector, String name) {
        assertThat(kind(selector, name, "x")).isEqualTo(Kind.TRUE);
        assertThat(kind(selector, name.toLowerCase(java.util.Locale.ROOT).equals(name) ? name.toUpperCase(
            java.util.Locale.ROOT) : name.toLowerCase(java.util.Locale.ROOT), "x")).isEqualTo(Kind.UNKNOWN);
    }

    @ParameterizedTest
    @ValueSource(strings = {"é = 1", "a.b = 1", "a-b = 1 OR x = y.z", "\u212a = 1", "a#b = 1"})
    void otherCharactersCannotFormPropertyNames(String selector) {
        FilterCompilation compilation = FilterCompiler.compile(MessageFilter.SQL92, selector);
        if (selector.startsWith("a-b")) {
            // '-' ends the identifier, and RocketMQ ignores what follows a complete expression: this is just "a".
            assertThat(((Sql92Filter) compilation.filter()).canonicalSql()).isEqualTo("a");
            return;
        }
        assertThat(compilation.error().orElseThrow().reason()).contains("unexpected character");
    }

    @ParameterizedTest
    @ValueSource(strings = {"CONTAINS = 'x'", "startswith = 'x'", "EndsWith = 'x'", "between = 1", "is = 1"})
    void keywordsCannotBePropertyNames(String selector) {
        assertThat(reject(selector).reason()).startsWith("expected a property name").contains("keyword");
    }

    @Test
    void stringLiteralsUseSingleQuotesAndDoubledQuotes() {
        assertThat(kind("a = 'it''s'", "a", "it's")).isEqualTo(Kind.TRUE);
        assertThat(kind("a = ''''", "a", "'")).isEqualTo(Kind.TRUE);
        assertThat(kind("a = ''", "a", "")).isEqualTo(Kind.TRUE);
        assertThat(kind("a = 'back\\slash'", "a", "back\\slash")).isEqualTo(Kind.TRUE);
        assertThat(kind("a = 'multi\nline 中文'", "a", "multi\nline 中文")).isEqualTo(Kind.TRUE);
        assertThat(reject("a = \"x\"").reason()).contains("single quotes");
        // Longest match ends the literal at 'it' (the last quote that could close it); the rest, 's, never closes.
        FilterError open = reject("a = 'it''s");
        assertThat(open.column()).isEqualTo(9);
        assertThat(open.reason()).startsWith("string literal is never closed");
        assertThat(reject("a = 'x''").reason()).startsWith("string literal is never closed");
    }

    @ParameterizedTest(name = "{0} is {1}")
    @CsvSource(delimiter = '|', quoteCharacter = '"', value = {
        "a = 0                     | (a = 0)",
        "a = 123                   | (a = 123)",
        "a = 2147483647            | (a = 2147483647)",
        "a = 2147483648            | (a = 2147483648)",
        "a = 9223372036854775807   | (a = 9223372036854775807)",
        "a = 7L                    | (a = 7)",
        "a = 7l                    | (a = 7)",
        "a = 5.5                   | (a = 5.5)",
        "a = 5.                    | (a = 5.0)",
        "a = .5                    | (a = 0.5)",
        "a = 5E10                  | (a = 5.0E10)",
        "a = 5.5e-3                | (a = 0.0055)",
        "a = 1.e+2                 | (a = 100.0)",
        "a = 00.5                  | (a = 0.5)",
        "a = 4.9e-324              | (a = 4.9E-324)",
        "a = 1.7976931348623157E308| (a = 1.7976931348623157E308)",
    })
    void numberLiterals(String selector, String canonical) {
        assertThat(compile(selector).canonicalSql()).isEqualTo(canonical);
    }

    @Test
    void integerLiteralsAreIntegersWhenTheyFitAndLongsOtherwise() {
        assertThat(literal("a = 2147483647")).isEqualTo(2147483647);
        assertThat(literal("a = 2147483648")).isEqualTo(2147483648L);
        assertThat(literal("a = 1L")).isEqualTo(1);
        assertThat(literal("a = 1.5")).isEqualTo(1.5d);
    }

    private static Object literal(String selector) {
        Sql92Node.Equal equal = (Sql92Node.Equal) compile(selector).root();
        return ((Sql92Node.Literal) equal.right()).value();
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', quoteCharacter = '"', value = {
        "a = 0.0    | float literal 0.0 is refused",
        "a = .0     | float literal .0 is refused",
        "a = 0e0    | float literal 0e0 is refused",
        "a = 0.0e5  | float literal 0.0e5 is refused",
        "a = 2e-324 | float literal 2e-324 is refused",
        "a = 1e400  | float literal 1e400 is too large",
        "a = 9223372036854775808 | integer literal 9223372036854775808 does not fit in a 64-bit long",
        "a = -9223372036854775808 | integer literal 9223372036854775808 does not fit",
    })
    void numberLiteralQuirks(String selector, String reason) {
        FilterError error = reject(selector);
        assertThat(error.reason()).startsWith(reason);
        assertThat(error.column()).isEqualTo(selector.indexOf('=') + (selector.contains("-9") ? 4 : 3));
    }

    @ParameterizedTest(name = "{0} reads as {1}, ignoring [{2}]")
    @CsvSource(delimiter = '|', quoteCharacter = '"', value = {
        "a = 01             | (a = 0)   | 1",
        "a = 0L             | (a = 0)   | L",
        "a = 0L AND b = 1   | (a = 0)   | L AND b = 1",
        "a = 1.5L           | (a = 1.5) | L",
        "a = 5e             | (a = 5)   | e",
        "a = 1.5.5          | (a = 1.5) | .5",
        "a = 1 xyz          | (a = 1)   | xyz",
        "a = 1)             | (a = 1)   | )",
        "a = 1 'x'          | (a = 1)   | 'x'",
        "a = 1 a = 2        | (a = 1)   | a = 2",
        "a = 1,             | (a = 1)   | ,",
        "a = 1 '''          | (a = 1)   | '''",
        "FALSEIN '''        | FALSEIN   | '''",
    })
    void textAfterACompleteExpressionIsIgnoredLikeRocketMq(String selector, String canonical, String ignored) {
        Sql92Filter filter = compile(selector);
        assertThat(filter.canonicalSql()).isEqualTo(canonical);
        assertThat(filter.ignoredSuffix()).isEqualTo(ignored);
    }

    @ParameterizedTest
    @ValueSource(strings = {"a = 1 !", "a = 1 'open", "a = 1 /* open", "a = 1 é", "a = 1 ."})
    void butTheTokenRightAfterItMustStillLex(String selector) {
        assertThat(reject(selector).column()).isEqualTo(7);
    }

    @Test
    void tokensFurtherOnAreNeverRead() {
        assertThat(compile("a = 1 b !!! 'open").ignoredSuffix()).isEqualTo("b !!! 'open");
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', quoteCharacter = '"', value = {
        "a != 1  | '!=' is not an operator here; use <> for 'not equal'",
        "a == 1  | expected a property name, a literal, '(', NOT, '-' or '+' but found '='",
        "a LIKE 'x' | LIKE",
    })
    void operatorsThatDoNotExist(String selector, String reason) {
        if (selector.contains("LIKE")) {
            // LIKE is an identifier, so "a LIKE 'x'" is "a" followed by ignored text.
            assertThat(compile(selector).ignoredSuffix()).isEqualTo("LIKE 'x'");
            return;
        }
        assertThat(reject(selector).reason()).isEqualTo(reason);
    }

    @Test
    void operatorsAreLongestMatch() {
        assertThat(compile("a<>1").canonicalSql()).isEqualTo("(a <> 1)");
        assertThat(compile("a<=1").canonicalSql()).isEqualTo("(a <= 1)");
        assertThat(compile("a>=1").canonicalSql()).isEqualTo("(a >= 1)");
        assertThat(reject("a<>=1").reason()).contains("found '='");
    }
}
