package dev.petrel.broker.transaction;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.Size;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class OpBodyCodecTest {

    @Test
    void goldenBytes() {
        assertThat(OpBodyCodec.encode(17, 18)).containsExactly(0x31, 0x37, 0x2C, 0x31, 0x38, 0x2C);
        assertThat(OpBodyCodec.decode(new byte[] {0x31, 0x37, 0x2C, 0x31, 0x38, 0x2C})).containsExactly(17L, 18L);
    }

    @Test
    void readsApache4xBodiesWithoutTheTrailingComma() {
        assertThat(OpBodyCodec.decode("42".getBytes())).containsExactly(42L);
    }

    @Test
    void skipsEntriesThatAreNotOffsets() {
        assertThat(OpBodyCodec.decode("1,x2,,-3,4".getBytes())).containsExactly(1L, 4L);
    }

    @Property
    void roundTrips(@ForAll @Size(max = 50) List<@net.jqwik.api.constraints.LongRange(min = 0, max = Long.MAX_VALUE / 100) Long> offsets) {
        long[] arr = offsets.stream().mapToLong(Long::longValue).toArray();
        assertThat(OpBodyCodec.decode(OpBodyCodec.encode(arr))).containsExactlyElementsOf(offsets);
    }

    @Property
    void randomBytesNeverThrow(@ForAll byte[] body) {
        assertThat(OpBodyCodec.decode(body)).allSatisfy(v -> assertThat(v).isNotNegative());
    }
}
