package dev.petrel.message.filter;

import static org.assertj.core.api.Assertions.assertThat;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The fast "certainly not a number" checks never disagree with the JDK parsers they stand in front of. */
class Sql92NumberSyntaxTest {

    @Provide
    Arbitrary<String> numberish() {
        return Arbitraries.strings().withChars("0123456789+-.eExXpPaAfFdDNIinfty \t\u0663\uff11L,_")
            .ofMaxLength(24);
    }

    @Property(tries = 20_000)
    void integerCheckOnlyRejectsWhatTheJdkRejects(@ForAll("numberish") String text) {
        checkIntegers(text);
    }

    @Property(tries = 5_000)
    void integerCheckOnArbitraryText(@ForAll String text) {
        checkIntegers(text);
        checkDouble(text);
    }

    @Property(tries = 20_000)
    void doubleCheckOnlyRejectsWhatTheJdkRejects(@ForAll("numberish") String text) {
        checkDouble(text);
    }

    @ParameterizedTest
    @ValueSource(strings = {"0", "-0", "+7", "0007", "2147483647", "-2147483648", "2147483648", "-2147483649",
        "9223372036854775807", "-9223372036854775808", "9223372036854775808", "99999999999999999999", "-", "+", "",
        "1_000", "1.0", " 1", "\u0663", "\uff11\uff12", "1L", "NaN", "Infinity", "-Infinity", "0x1p3", "1e5", "1d",
        " 2.5f ", ".5", "5.", "abc", "e", "0x", "1e", "\u00a01"})
    void edgeCases(String text) {
        checkIntegers(text);
        checkDouble(text);
    }

    private static void checkIntegers(String text) {
        if (!Sql92NumberSyntax.mayParseAsInteger(text, false)) {
            assertThat(parses(() -> Integer.parseInt(text))).as("int %s", text).isFalse();
        }
        if (!Sql92NumberSyntax.mayParseAsInteger(text, true)) {
            assertThat(parses(() -> Long.parseLong(text))).as("long %s", text).isFalse();
        }
        if (text.chars().allMatch(c -> c < 0x80)) {
            // For ASCII text the check is exact, not just safe.
            assertThat(Sql92NumberSyntax.mayParseAsInteger(text, false)).isEqualTo(parses(() -> Integer.parseInt(text)));
            assertThat(Sql92NumberSyntax.mayParseAsInteger(text, true)).isEqualTo(parses(() -> Long.parseLong(text)));
        }
    }

    private static void checkDouble(String text) {
        if (!Sql92NumberSyntax.mayParseAsDouble(text)) {
            assertThat(parses(() -> Double.parseDouble(text))).as("double %s", text).isFalse();
        }
    }

    private static boolean parses(Runnable parse) {
        try {
            parse.run();
            return true;
        } catch (NumberFormatException e) {
            return false;
        }
    }
}
