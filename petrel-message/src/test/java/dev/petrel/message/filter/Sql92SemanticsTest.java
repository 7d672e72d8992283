package dev.petrel.message.filter;

import static dev.petrel.message.filter.SelectorFixture.compile;
import static dev.petrel.message.filter.SelectorFixture.evaluate;
import static dev.petrel.message.filter.SelectorFixture.kind;
import static org.assertj.core.api.Assertions.assertThat;

import dev.petrel.message.filter.MatchResult.Kind;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Evaluation semantics, sql92-filter.md §3: three-valued logic, the asymmetric null rule, conversions, the string
 * operators, boolean casts and unary minus. Properties are written {@code name=value} separated by {@code ;}.
 */
class Sql92SemanticsTest {

    private static Kind run(String selector, String props) {
        List<String> pairs = new ArrayList<>();
        if (props != null && !props.isEmpty()) {
            for (String pair : props.split(";")) {
                int eq = pair.indexOf('=');
                pairs.add(pair.substring(0, eq).trim());
                pairs.add(pair.substring(eq + 1));
            }
        }
        return kind(selector, pairs.toArray(new String[0]));
    }

    @ParameterizedTest(name = "{0} with [{1}] is {2}")
    @CsvSource(delimiter = '|', quoteCharacter = '"', value = {
        // AND: FALSE wins, then null, then TRUE
        "a = 1 AND b = 1 | a=1;b=1 | TRUE",
        "a = 1 AND b = 1 | a=2     | FALSE",
        "a = 1 AND b = 1 | b=2     | FALSE",
        "a = 1 AND b = 1 | a=1     | UNKNOWN",
        "a = 1 AND b = 1 | \"\"      | UNKNOWN",
        // OR: TRUE wins, then null, then FALSE
        "a = 1 OR b = 1  | b=1     | TRUE",
        "a = 1 OR b = 1  | a=2     | UNKNOWN",
        "a = 1 OR b = 1  | a=2;b=2 | FALSE",
        "a = 1 OR b = 1  | \"\"      | UNKNOWN",
        // NOT keeps null
        "NOT (a = 1)     | a=2     | TRUE",
        "NOT (a = 1)     | a=1     | FALSE",
        "NOT (a = 1)     | \"\"      | UNKNOWN",
        // short-circuit: the right side is not evaluated, so its conversion error never happens
        "a = 1 AND b > 1 | a=2;b=x | FALSE",
        "a = 1 OR b > 1  | a=1;b=x | TRUE",
        "a = 1 AND b > 1 | a=1;b=x | ERROR",
        "a = 1 AND b > 1 | b=x     | ERROR",
        "b > 1 OR a = 1  | a=1;b=x | ERROR",
    })
    void threeValuedLogic(String selector, String props, Kind expected) {
        assertThat(run(selector, props)).isEqualTo(expected);
    }

    @ParameterizedTest(name = "{0} with [{1}] is {2}")
    @CsvSource(delimiter = '|', quoteCharacter = '"', value = {
        "a = 'x'       | a=x      | TRUE",
        "a = 'x'       | a=X      | FALSE",
        "a = 'x'       | \"\"       | UNKNOWN",
        "a <> 'x'      | \"\"       | UNKNOWN",
        "'x' = a       | \"\"       | FALSE",
        "'x' <> a      | \"\"       | TRUE",
        "a = b         | \"\"       | TRUE",
        "a <> b        | \"\"       | FALSE",
        "a = b         | a=1      | FALSE",
        "a = b         | b=1      | UNKNOWN",
        "a = b         | a=1;b=1.0 | FALSE",
        "a = b         | a=x;b=x  | TRUE",
        "a = '10'      | a=10.0   | FALSE",
        "a = 10        | a=10     | TRUE",
        "a = 10        | a=+10    | TRUE",
        "a = 10        | a=10.0   | ERROR",
        "a = 10        | a=abc    | ERROR",
        "a = 10        | \"a= 10\"  | ERROR",
        "a = 10.0      | a=10     | TRUE",
        "a = 10.0      | \" a= 10 \"  | TRUE",
        "a = 1.0E1     | a=10d    | TRUE",
        "a = 2147483648 | a=2147483648 | TRUE",
        "a = 2147483648 | a=1.5   | ERROR",
        "10 = a        | a=10     | TRUE",
        "10 = a        | a=x      | ERROR",
        "1 = 1.0       | \"\"       | TRUE",
        "1 = 2147483648 | \"\"      | FALSE",
        "a = TRUE      | a=true   | TRUE",
        "a = TRUE      | a=TrUe   | TRUE",
        "a = TRUE      | a=yes    | FALSE",
        "a = FALSE     | a=yes    | TRUE",
        "a <> TRUE     | a=true   | FALSE",
        "TRUE = a      | a=true   | ERROR",
        "TRUE = a      | \"\"       | FALSE",
        "'x' = TRUE    | \"\"       | FALSE",
        "'false' = (a = 1) | a=2  | TRUE",
        "(a = 1) = 'x' | a=1      | ERROR",
        "(a = 1) = 1   | a=1      | FALSE",
        "1 = (a = 1)   | a=1      | FALSE",
        "(a = 1) = (b = 1) | a=1;b=1 | TRUE",
        "a = 1 = 1     | \"\"       | UNKNOWN",
        "a = -NULL     | \"\"       | TRUE",
        "a = -NULL     | a=1      | FALSE",
    })
    void equality(String selector, String props, Kind expected) {
        assertThat(run(selector, props)).isEqualTo(expected);
    }

    @ParameterizedTest(name = "{0} with [{1}] is {2}")
    @CsvSource(delimiter = '|', quoteCharacter = '"', value = {
        "a IS NULL       | \"\"    | TRUE",
        "a IS NULL       | a=x   | FALSE",
        "a IS NOT NULL   | a=x   | TRUE",
        "a IS NOT NULL   | \"\"    | FALSE",
        "5 IS NULL       | \"\"    | FALSE",
        "NULL IS NULL    | \"\"    | TRUE",
        "(a = 1) IS NULL | \"\"    | TRUE",
        "-a IS NULL      | a=5   | TRUE",
    })
    void isNullIsNeverUnknown(String selector, String props, Kind expected) {
        assertThat(run(selector, props)).isEqualTo(expected);
    }

    @ParameterizedTest(name = "{0} with [{1}] is {2}")
    @CsvSource(delimiter = '|', quoteCharacter = '"', value = {
        "a > 5            | a=7      | TRUE",
        "a > 5            | a=5      | FALSE",
        "a >= 5           | a=5      | TRUE",
        "a < 5            | a=-3     | TRUE",
        "a <= 5           | a=6      | FALSE",
        "a > 5            | \"\"       | UNKNOWN",
        "a > 5            | a=5.5    | ERROR",
        "a > 5            | a=x      | ERROR",
        "a > 5            | a=99999999999 | ERROR",
        "a > 5L           | a=99999999999 | ERROR",
        "a > 2147483648   | a=99999999999 | TRUE",
        "a > 2147483648   | a=5.5    | ERROR",
        "a > 5.0          | a=5.5    | TRUE",
        "a > 5.0          | a=5      | FALSE",
        "a > 5.0          | a=NaN    | TRUE",
        "a < 5.0          | a=-Infinity | TRUE",
        "a > 5.0          | a=0x1p3  | TRUE",
        "a > b            | a=2;b=1.5 | TRUE",
        "a > b            | a=x;b=1  | ERROR",
        "a > b            | a=1      | UNKNOWN",
        "a < b            | a=-0.0;b=0 | TRUE",
        "5 > a            | a=4      | TRUE",
        "5.5 > a          | a=5      | TRUE",
        "5 > 4.5          | \"\"       | TRUE",
        "2147483648 > 5   | \"\"       | TRUE",
        "-a > 1           | a=5      | UNKNOWN",
        "a > -5           | a=-4     | TRUE",
        "a > -(-5)        | a=6      | TRUE",
        "a > -2147483648  | a=-2147483648 | FALSE",
        "a BETWEEN 1 AND 3      | a=2   | TRUE",
        "a BETWEEN 1 AND 3      | a=3   | TRUE",
        "a BETWEEN 1 AND 3      | a=4   | FALSE",
        "a BETWEEN 1 AND 3      | \"\"    | UNKNOWN",
        "a BETWEEN 1 AND 3      | a=2.5 | ERROR",
        "a BETWEEN 1.0 AND 3    | a=0.5 | FALSE",
        "a BETWEEN 1.0 AND 3    | a=2.5 | ERROR",
        "a NOT BETWEEN 1 AND 3  | a=4   | TRUE",
        "a NOT BETWEEN 1 AND 3  | a=2   | FALSE",
        "a NOT BETWEEN 1 AND 3  | \"\"    | UNKNOWN",
        "a BETWEEN b AND 3      | a=2   | UNKNOWN",
        "a BETWEEN b AND 3      | a=4   | FALSE",
        "a NOT BETWEEN b AND 3  | a=4   | TRUE",
        "a NOT BETWEEN b AND 3  | a=2   | UNKNOWN",
        "a BETWEEN 5 AND -1     | a=2   | FALSE",
        "a NOT BETWEEN 5 AND 1  | a=3   | TRUE",
    })
    void ordering(String selector, String props, Kind expected) {
        assertThat(run(selector, props)).isEqualTo(expected);
    }

    @ParameterizedTest(name = "{0} with [{1}] is {2}")
    @CsvSource(delimiter = '|', quoteCharacter = '"', value = {
        "a IN ('x','y')              | a=y  | TRUE",
        "a IN ('x','y')              | a=Y  | FALSE",
        "a IN ('x','y')              | \"\"   | UNKNOWN",
        "a NOT IN ('x','y')          | a=z  | TRUE",
        "a NOT IN ('x','y')          | a=x  | FALSE",
        "a NOT IN ('x','y')          | \"\"   | UNKNOWN",
        "a IN ('1','2','3','4','5','6') | a=6 | TRUE",
        "a IN ('')                   | a=   | TRUE",
        "a CONTAINS 'b'              | a=abc | TRUE",
        "a CONTAINS 'B'              | a=abc | FALSE",
        "a CONTAINS 'b'              | \"\"    | FALSE",
        "a CONTAINS ''               | a=abc | FALSE",
        "a NOT CONTAINS 'b'          | a=abc | FALSE",
        "a NOT CONTAINS 'z'          | a=abc | TRUE",
        "a NOT CONTAINS 'z'          | \"\"    | FALSE",
        "a NOT CONTAINS ''           | a=abc | FALSE",
        "a STARTSWITH 'ab'           | a=abc | TRUE",
        "a STARTSWITH 'bc'           | a=abc | FALSE",
        "a NOT STARTSWITH 'bc'       | a=abc | TRUE",
        "a NOT STARTSWITH 'bc'       | \"\"    | FALSE",
        "a STARTSWITH ''             | a=abc | FALSE",
        "a ENDSWITH 'bc'             | a=abc | TRUE",
        "a NOT ENDSWITH 'bc'         | a=abc | FALSE",
        "a NOT ENDSWITH 'x'          | \"\"    | FALSE",
        "a NOT ENDSWITH ''           | a=abc | FALSE",
        "'abc' CONTAINS 'b'          | \"\"    | TRUE",
        "5 CONTAINS '5'              | \"\"    | FALSE",
        "-a CONTAINS 'x'             | a=x   | FALSE",
        "(a = 1) NOT CONTAINS 'x'    | a=1   | FALSE",
        "(a > 1) CONTAINS ''         | a=x   | FALSE",
    })
    void inAndStringOperators(String selector, String props, Kind expected) {
        assertThat(run(selector, props)).isEqualTo(expected);
    }

    @ParameterizedTest(name = "{0} with [{1}] is {2}")
    @CsvSource(delimiter = '|', quoteCharacter = '"', value = {
        "TRUE          | \"\"       | TRUE",
        "FALSE         | \"\"       | FALSE",
        "NULL          | \"\"       | UNKNOWN",
        "NOT NULL      | \"\"       | UNKNOWN",
        "a             | a=true   | FALSE",
        "a             | \"\"       | UNKNOWN",
        "NOT a         | a=false  | TRUE",
        "NOT a         | a=anything | TRUE",
        "NOT a         | \"\"       | UNKNOWN",
        "a OR b = 1    | a=true;b=1 | TRUE",
        "a AND b = 1   | a=true;b=1 | FALSE",
        "a = - 'x'     | \"\"       | TRUE",
        "a = -TRUE     | a=x      | FALSE",
        "-a = -5       | a=5      | UNKNOWN",
        "-5 = -a       | a=5      | FALSE",
        "a = -5        | a=-5     | TRUE",
        "a = -5.5      | a=-5.5   | TRUE",
        "a = - -5      | a=5      | TRUE",
        "a = -2147483648 | a=-2147483648 | TRUE",
    })
    void booleansAndUnaryMinus(String selector, String props, Kind expected) {
        assertThat(run(selector, props)).isEqualTo(expected);
    }

    @Test
    void propertyValuesAreLookedUpByExactName() {
        assertThat(kind("TAGS = 'TagA'", "tags", "TagA")).isEqualTo(Kind.UNKNOWN);
        assertThat(kind("TAGS = 'TagA'", "TAGS", "TagA")).isEqualTo(Kind.TRUE);
    }

    @Test
    void conversionErrorsAreReportedNotThrown() {
        MatchResult result = evaluate("a > 5", "a", "5.5");
        assertThat(result.isMatch()).isFalse();
        assertThat(result.isError()).isTrue();
        assertThat(result.error()).isEqualTo("value '5.5' is not a 32-bit integer, so it cannot be compared with 5");
        assertThat(evaluate("TRUE = a", "a", "true").error())
            .isEqualTo("cannot compare TRUE with the string 'true': RocketMQ converts a string only when it is the"
                + " left operand");
    }

    @Test
    void aFailingLookupIsAnErrorResultToo() {
        PropertyLookup broken = name -> {
            throw new IllegalStateException("corrupt properties");
        };
        MatchResult result = compile("a = 1").evaluate(broken);
        assertThat(result.kind()).isEqualTo(Kind.ERROR);
        assertThat(result.error()).contains("corrupt properties");
    }

    @Test
    void onlyTheMentionedPropertiesAreLookedUp() {
        List<String> asked = new ArrayList<>();
        compile("a = 1 OR (b IS NULL AND c IN ('x'))").evaluate(name -> {
            asked.add(name);
            return "1";
        });
        assertThat(asked).containsExactly("a");
    }

    @Test
    void sql92FiltersIgnoreTagsAndLetTheClientKeepEverything() {
        Sql92Filter filter = compile("a = 1");
        assertThat(filter.matchesTagCode(0)).isTrue();
        assertThat(filter.matchesTagCode("TagA".hashCode())).isTrue();
        assertThat(filter.matchesTags(null)).isTrue();
        assertThat(filter.expressionType()).isEqualTo("SQL92");
        assertThat(filter.expression()).isEqualTo("a = 1");
        assertThat(filter.toString()).isEqualTo("SQL92 (a = 1)");
    }
}
