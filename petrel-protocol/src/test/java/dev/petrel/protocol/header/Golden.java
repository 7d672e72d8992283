package dev.petrel.protocol.header;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.LinkedHashMap;
import java.util.Map;

/** Golden-bytes assertions for headers: the exact ext-field map, both ways. */
public final class Golden {

    private Golden() {
    }

    /** {@code key1, value1, key2, value2, ...} */
    public static Map<String, String> fields(String... keysAndValues) {
        Map<String, String> map = new LinkedHashMap<>();
        for (int i = 0; i < keysAndValues.length; i += 2) {
            map.put(keysAndValues[i], keysAndValues[i + 1]);
        }
        return map;
    }

    /** {@code header} encodes to exactly {@code expected}, and {@code expected} decodes to {@code header}. */
    public static <T> void assertGolden(HeaderCodec<T> codec, T header, Map<String, String> expected) {
        assertThat(codec.encode(header)).containsExactlyInAnyOrderEntriesOf(expected);
        Decoded<T> decoded = codec.decode(expected);
        assertThat(decoded.isOk()).as("decoding %s: %s", expected, decoded).isTrue();
        assertThat(decoded.value()).isEqualTo(header);
    }

    /** As {@link #assertGolden(HeaderCodec, Object, Map)} with the generic codec. */
    @SuppressWarnings("unchecked")
    public static <T extends Record> void assertGolden(T header, Map<String, String> expected) {
        assertGolden(RecordHeaderCodec.of((Class<T>) header.getClass()), header, expected);
    }
}
