package dev.petrel.server.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Arrays;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

class PayloadCodecTest {

    @Test
    void theHeaderIsMagicRunIdNanosMillisBigEndianThenTheTemplatesFiller() {
        byte[] template = PayloadCodec.template(40, 7);
        byte[] body = PayloadCodec.stamped(template, 0x0102030405060708L, 0x1112131415161718L, 0x2122232425262728L);

        byte[] expectedHeader = {
            0x50, 0x42, 0x4E, 0x31,                                  // "PBN1"
            0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07, 0x08,          // run id
            0x11, 0x12, 0x13, 0x14, 0x15, 0x16, 0x17, 0x18,          // send nanos
            0x21, 0x22, 0x23, 0x24, 0x25, 0x26, 0x27, 0x28};         // send millis
        assertThat(Arrays.copyOf(body, PayloadCodec.HEADER_SIZE)).containsExactly(expectedHeader);
        assertThat(Arrays.copyOfRange(body, 28, 40)).containsExactly(Arrays.copyOfRange(template, 28, 40));
        assertThat(body).hasSize(40);
        assertThat(template).as("the template is copied, not stamped").isEqualTo(PayloadCodec.template(40, 7));
        assertThat(PayloadCodec.read(body)).isEqualTo(new PayloadCodec.Stamp(0x0102030405060708L, 0x1112131415161718L,
            0x2122232425262728L));
    }

    @Test
    void theTemplateIsRepeatableRandomFillerAndRefusesBodiesShorterThanTheHeader() {
        assertThat(PayloadCodec.template(64, 1)).isEqualTo(PayloadCodec.template(64, 1))
            .isNotEqualTo(PayloadCodec.template(64, 2));
        assertThat(PayloadCodec.template(28, 1)).hasSize(28);
        assertThatThrownBy(() -> PayloadCodec.template(27, 1)).isInstanceOf(IllegalArgumentException.class)
            .hasMessageContaining("at least 28 bytes");
    }

    @Test
    void bodiesThatAreNotBenchBodiesReadAsNull() {
        assertThat(PayloadCodec.read(null)).isNull();
        assertThat(PayloadCodec.read(new byte[0])).isNull();
        assertThat(PayloadCodec.read(new byte[100])).as("no magic").isNull();
        byte[] stamped = PayloadCodec.stamped(PayloadCodec.template(28, 3), 1, 2, 3);
        assertThat(PayloadCodec.read(Arrays.copyOf(stamped, 27))).as("truncated").isNull();
    }

    @Property
    void anyInputReadsAsNullOrAsTheStampWrittenWithoutThrowing(@ForAll byte[] body) {
        PayloadCodec.Stamp stamp = PayloadCodec.read(body);
        boolean bench = body.length >= 28 && body[0] == 0x50 && body[1] == 0x42 && body[2] == 0x4E && body[3] == 0x31;
        assertThat(stamp != null).isEqualTo(bench);
    }

    @Property
    void stampedBodiesReadBack(@ForAll long runId, @ForAll long nanos, @ForAll long millis,
                               @ForAll @IntRange(min = 28, max = 2048) int size) {
        byte[] body = PayloadCodec.stamped(PayloadCodec.template(size, runId), runId, nanos, millis);
        assertThat(body).hasSize(size);
        assertThat(PayloadCodec.read(body)).isEqualTo(new PayloadCodec.Stamp(runId, nanos, millis));
    }
}
