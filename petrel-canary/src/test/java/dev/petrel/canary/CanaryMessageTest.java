package dev.petrel.canary;

import static org.assertj.core.api.Assertions.assertThat;

import dev.petrel.client.Message;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.LongRange;
import org.junit.jupiter.api.Test;

/** The canary message format: exact properties and body, round trips, and anything else read as "not ours". */
class CanaryMessageTest {

    @Test
    void writesExactlyTheDocumentedPropertiesAndBody() {
        Message m = CanaryMessage.of("PETREL_CANARY", "broker-a", 3,
            new CanaryMessage.Stamp(123_456_789L, 41, 1_764_870_000_123L));
        assertThat(m.property("PETREL_CANARY_RUN")).isEqualTo("00000000075bcd15");
        assertThat(m.property("PETREL_CANARY_SEQ")).isEqualTo("41");
        assertThat(m.property("PETREL_CANARY_SENT")).isEqualTo("1764870000123");
        assertThat(m.tags()).isEqualTo("canary");
        assertThat(m.body()).isEqualTo("petrel canary 00000000075bcd15 broker-a/3 #41".getBytes(StandardCharsets.UTF_8));
        assertThat(CanaryMessage.hex(-1)).isEqualTo("ffffffffffffffff");
    }

    @Property(tries = 500)
    void readsBackWhatItWrote(@ForAll long run, @ForAll @LongRange(min = 0, max = 999_999_999_999_999_999L) long seq,
                              @ForAll @LongRange(min = 0, max = 999_999_999_999_999_999L) long sent) {
        Message m = CanaryMessage.of("T", "b", 0, new CanaryMessage.Stamp(run, seq, sent));
        assertThat(CanaryMessage.read(m::property)).isEqualTo(new CanaryMessage.Stamp(run, seq, sent));
    }

    @Provide
    Arbitrary<String> junk() {
        return Arbitraries.oneOf(Arbitraries.strings().ofMaxLength(24), Arbitraries.strings().withChars("0123456789abcdefABCDEF-+ ")
            .ofMaxLength(20), Arbitraries.just((String) null), Arbitraries.just(""), Arbitraries.just("1000000000000000000"),
            Arbitraries.just("00000000075BCD15"), Arbitraries.just("-1"));
    }

    @Property(tries = 2_000)
    void anythingElseIsNotACanaryMessageAndNeverThrows(@ForAll("junk") String run, @ForAll("junk") String seq,
                                                       @ForAll("junk") String sent) {
        Map<String, String> props = new HashMap<>();
        props.put(CanaryMessage.RUN, run);
        props.put(CanaryMessage.SEQ, seq);
        props.put(CanaryMessage.SENT, sent);
        CanaryMessage.Stamp stamp = CanaryMessage.read(props::get);
        boolean valid = run != null && run.matches("[0-9a-f]{16}") && seq != null && seq.matches("[0-9]{1,18}")
            && sent != null && sent.matches("[0-9]{1,18}");
        if (valid) {
            assertThat(stamp).isEqualTo(new CanaryMessage.Stamp(Long.parseUnsignedLong(run, 16), Long.parseLong(seq),
                Long.parseLong(sent)));
        } else {
            assertThat(stamp).isNull();
        }
    }
}
