package dev.petrel.protocol.body;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;

/** Golden-bytes assertions for JSON bodies. */
public final class BodyGolden {

    private BodyGolden() {
    }

    /** {@code value} encodes to exactly {@code expectedJson} (UTF-8), which decodes back to {@code value}. */
    public static <T> void assertGolden(BodyCodec<T> codec, T value, String expectedJson) {
        assertThat(new String(codec.encode(value), StandardCharsets.UTF_8)).isEqualTo(expectedJson);
        assertThat(codec.encode(value)).isEqualTo(expectedJson.getBytes(StandardCharsets.UTF_8));
        assertThat(codec.decode(expectedJson.getBytes(StandardCharsets.UTF_8))).isEqualTo(value);
    }

    /** Text as an Apache component writes it (fastjson dialect) decodes to {@code value}. */
    public static <T> void assertReads(BodyCodec<T> codec, String apacheJson, T value) {
        assertThat(codec.decode(apacheJson.getBytes(StandardCharsets.UTF_8))).isEqualTo(value);
    }

    public static byte[] utf8(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }
}
