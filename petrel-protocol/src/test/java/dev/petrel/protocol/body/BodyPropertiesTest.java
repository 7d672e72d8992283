package dev.petrel.protocol.body;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * Every body type: random values survive encode/decode unchanged, and random, truncated or damaged input fails with a
 * {@link MalformedBodyException} (never another exception, a hang or a stack overflow).
 */
class BodyPropertiesTest {

    record Sample(BodyCodec<Object> codec, Object value) {
        @Override
        public String toString() {
            return codec.type().getSimpleName() + ": " + new String(codec.encode(value), StandardCharsets.UTF_8);
        }
    }

    @SuppressWarnings("unchecked")
    @Provide
    Arbitrary<Sample> samples() {
        return Arbitraries.of(BodyTypes.ALL).flatMap(codec -> {
            BodyCodec<Object> c = (BodyCodec<Object>) codec;
            return RecordArbitraries.withoutNulls(c.type()).map(value -> new Sample(c, value));
        });
    }

    @Property(tries = 1500)
    void everyBodyRoundTrips(@ForAll("samples") Sample sample) {
        byte[] json = sample.codec().encode(sample.value());
        assertThat(sample.codec().decode(json)).isEqualTo(sample.value());
        // Encoding is deterministic: the same value gives the same bytes.
        assertThat(sample.codec().encode(sample.codec().decode(json))).isEqualTo(json);
    }

    @Provide
    Arbitrary<Object[]> damage() {
        return Combinators.combine(samples(), Arbitraries.integers().greaterOrEqual(0), Arbitraries.bytes())
            .as((sample, position, b) -> new Object[] {sample, position, b});
    }

    @Property(tries = 1500)
    void truncatedOrDamagedBodiesFailCleanly(@ForAll("damage") Object[] input) {
        Sample sample = (Sample) input[0];
        byte[] json = sample.codec().encode(sample.value());
        int position = (Integer) input[1] % json.length;
        assertFailsCleanly(sample.codec(), Arrays.copyOf(json, position));
        byte[] damaged = json.clone();
        damaged[position] = (Byte) input[2];
        assertFailsCleanly(sample.codec(), damaged);
    }

    @Property(tries = 500)
    void randomBytesFailCleanly(@ForAll("anyCodec") BodyCodec<?> codec, @ForAll byte[] bytes) {
        assertFailsCleanly(codec, bytes);
    }

    @Provide
    Arbitrary<BodyCodec<?>> anyCodec() {
        return Arbitraries.of(BodyTypes.ALL);
    }

    private static void assertFailsCleanly(BodyCodec<?> codec, byte[] bytes) {
        try {
            codec.decode(bytes);
        } catch (MalformedBodyException expected) {
            assertThat(expected.getMessage()).startsWith("cannot read ");
        }
    }
}
