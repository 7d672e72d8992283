package dev.petrel.admin.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;

/**
 * The flag parser against random argument lists: whatever it is given, it either parses or throws a
 * {@link UsageException} (never another exception), and a well-formed list, written in any of the accepted spellings
 * and any order, parses to exactly the values written.
 */
class FlagParserPropertyTest {

    private static final List<Flag> FLAGS = List.of(
        Flag.value("t", "topic", "TOPIC", "topic").mandatory(),
        Flag.value("b", "brokerAddr", "ADDR", "broker"),
        Flag.value("q", "queue", "QID", "queue"),
        Flag.toggle("l", "list", "as a table"),
        Flag.toggle(null, "json", "json"),
        Flag.value(null, "tag", "TAG", "tag"));

    private static final FlagParser PARSER = new FlagParser(FLAGS, false);
    private static final FlagParser WITH_ARGUMENTS = new FlagParser(FLAGS, true);

    @Provide
    Arbitrary<List<String>> anyArguments() {
        Arbitrary<String> token = Arbitraries.oneOf(
            Arbitraries.of("-t", "-b", "-q", "-l", "--json", "--tag", "--topic", "--list", "--queue=", "--topic=x", "-tT",
                "-lx", "--", "-", "--unknown", "-z", "=", "", " ", "-1", "--=", "---", "-namesrvAddr", "--brokerAddr"),
            Arbitraries.strings().ofMaxLength(6),
            Arbitraries.strings().withChars("-=tbql ").ofMaxLength(4));
        return token.list().ofMaxSize(12);
    }

    @Property(tries = 2000)
    void anyArgumentListParsesOrIsAUsageError(@ForAll("anyArguments") List<String> args) {
        for (FlagParser parser : List.of(PARSER, WITH_ARGUMENTS)) {
            try {
                ParsedArgs parsed = parser.parse(args);
                assertThat(parsed.has("topic")).as("a parse always has the required flag").isTrue();
                if (parser == PARSER) {
                    assertThat(parsed.arguments()).isEmpty();
                }
            } catch (UsageException e) {
                assertThat(e.getMessage()).isNotBlank();
            }
        }
    }

    /** One flag written in one of its spellings. */
    record Written(String longName, String value, List<String> tokens) {
    }

    @Provide
    Arbitrary<List<Written>> wellFormed() {
        Arbitrary<String> value = Arbitraries.strings().alpha().numeric().withChars("_%.:").ofMinLength(1).ofMaxLength(8);
        Arbitrary<Written> topic = spelled("t", "topic", value);
        Arbitrary<Written> broker = spelled("b", "brokerAddr", value);
        Arbitrary<Written> queue = spelled("q", "queue", Arbitraries.integers().between(-1, 99).map(String::valueOf));
        Arbitrary<Written> tag = spelled(null, "tag", value);
        Arbitrary<Written> list = Arbitraries.of("-l", "--list").map(t -> new Written("list", "true", List.of(t)));
        Arbitrary<Written> json = Arbitraries.just(new Written("json", "true", List.of("--json")));
        return Combinators.combine(topic, broker.optional(), queue.optional(), tag.optional(), list.optional(),
            json.optional()).as((t, b, q, g, l, j) -> {
                List<Written> all = new ArrayList<>();
                all.add(t);
                b.ifPresent(all::add);
                q.ifPresent(all::add);
                g.ifPresent(all::add);
                l.ifPresent(all::add);
                j.ifPresent(all::add);
                return all;
            }).flatMap(all -> Arbitraries.shuffle(all));
    }

    private static Arbitrary<Written> spelled(String shortName, String longName, Arbitrary<String> values) {
        return values.flatMap(v -> {
            List<List<String>> forms = new ArrayList<>();
            forms.add(List.of("--" + longName, v));
            forms.add(List.of("--" + longName + "=" + v));
            if (shortName != null) {
                forms.add(List.of("-" + shortName, v));
                forms.add(List.of("-" + shortName + v));
            }
            return Arbitraries.of(forms).map(tokens -> new Written(longName, v, tokens));
        });
    }

    @Property(tries = 1000)
    void aWellFormedListParsesToExactlyItsValues(@ForAll("wellFormed") List<Written> flags) {
        List<String> args = new ArrayList<>();
        Map<String, String> expected = new LinkedHashMap<>();
        flags.forEach(w -> {
            args.addAll(w.tokens());
            expected.put(w.longName(), w.value());
        });

        ParsedArgs parsed = PARSER.parse(args);

        for (Flag f : FLAGS) {
            assertThat(parsed.string(f.longName())).as(f.longName() + " in " + args).isEqualTo(expected.get(f.longName()));
        }
        assertThat(parsed.arguments()).isEmpty();
    }

    @Test
    void dashedValuesArePossibleUnlessTheyAreFlags() {
        assertThat(PARSER.parse(List.of("-t", "T", "-q", "-1")).integer("queue", 0, -1, 9)).isEqualTo(-1);
        assertThatThrownBy(() -> PARSER.parse(List.of("-q", "-t", "T"))).isInstanceOf(UsageException.class)
            .hasMessageContaining("-q/--queue needs a value");
        assertThat(WITH_ARGUMENTS.parse(List.of("-t", "T", "--", "-l", "--json")).arguments()).containsExactly("-l", "--json");
        assertThat(WITH_ARGUMENTS.parse(List.of("-t", "T", "-", "x")).arguments()).containsExactly("-", "x");
    }

    @Test
    void declaringAFlagTwiceIsAProgrammingError() {
        assertThatThrownBy(() -> new FlagParser(List.of(Flag.toggle("l", "list", ""), Flag.toggle("l", "long", "")), false))
            .isInstanceOf(IllegalArgumentException.class);
    }
}
