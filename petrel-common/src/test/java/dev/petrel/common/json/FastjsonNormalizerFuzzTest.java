package dev.petrel.common.json;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.Size;

/**
 * Random and damaged input for the normaliser and the codec: a clear {@link JsonException} or a value, never another
 * exception, a hang or a stack overflow. Generated fastjson-dialect documents normalise to what a standard parser reads
 * from the equivalent standard document.
 */
class FastjsonNormalizerFuzzTest {

    private static final ObjectMapper PLAIN = new ObjectMapper();
    private static final JsonCodec JSON = JsonCodec.standard();

    record Queue(String brokerName, int queueId, String topic) {
    }

    record Body(Map<Queue, Long> offsetTable, Map<Long, String> brokerAddrs, List<String> names, double tps) {
    }

    @Property(tries = 2000)
    void randomBytesNeverEscapeAsAnythingButJsonException(@ForAll @Size(max = 200) byte[] bytes) {
        assertOnlyJsonException(bytes);
    }

    @Property(tries = 2000)
    void randomJsonishTextNeverEscapesAsAnythingButJsonException(@ForAll("jsonish") String text) {
        assertOnlyJsonException(text.getBytes(StandardCharsets.UTF_8));
    }

    @Property(tries = 500)
    void everyTruncationOfADocumentIsRejected(@ForAll("fastjsonDocuments") Document document) {
        byte[] bytes = document.fastjson().getBytes(StandardCharsets.UTF_8);
        for (int length = 0; length < bytes.length; length++) {
            byte[] prefix = Arrays.copyOf(bytes, length);
            assertThatThrownBy(() -> FastjsonNormalizer.normalize(prefix)).isInstanceOf(JsonException.class);
            assertThatThrownBy(() -> JSON.decode(prefix, Body.class)).isInstanceOf(JsonException.class);
        }
    }

    @Property(tries = 500)
    void singleByteDamageNeverEscapesAsAnythingButJsonException(@ForAll("fastjsonDocuments") Document document,
                                                                 @ForAll int position, @ForAll byte replacement) {
        byte[] bytes = document.fastjson().getBytes(StandardCharsets.UTF_8);
        bytes[Math.floorMod(position, bytes.length)] = replacement;
        assertOnlyJsonException(bytes);
    }

    @Property(tries = 500)
    void fastjsonDialectNormalisesToTheStandardDocument(@ForAll("fastjsonDocuments") Document document) throws Exception {
        byte[] normalized = FastjsonNormalizer.normalize(document.fastjson().getBytes(StandardCharsets.UTF_8)).json();
        assertThat(PLAIN.readTree(normalized)).isEqualTo(PLAIN.readTree(document.standard()));
        Body fromFastjson = JSON.decode(document.fastjson(), Body.class);
        assertThat(JSON.decode(JSON.encode(fromFastjson), Body.class)).isEqualTo(fromFastjson);
    }

    private static void assertOnlyJsonException(byte[] bytes) {
        try {
            FastjsonNormalizer.normalize(bytes);
        } catch (JsonException expected) {
            // fine: a clear error
        }
        try {
            JSON.decode(bytes, Body.class);
        } catch (JsonException expected) {
            // fine
        }
        try {
            JSON.decode(bytes, JsonNode.class);
        } catch (JsonException expected) {
            // fine
        }
    }

    @Provide
    Arbitrary<String> jsonish() {
        return Arbitraries.strings().withChars("{}[]:,\"\\ 0123456789-.eEtrufalsn$@{}\t\n").ofMaxLength(120);
    }

    /** The same document in fastjson's dialect and in standard JSON. */
    record Document(String fastjson, String standard) {
    }

    @Provide
    Arbitrary<Document> fastjsonDocuments() {
        Arbitrary<String> names = Arbitraries.strings().withChars("abcXYZ-_ %\"\\\u00e9\u4e2d").ofMinLength(1).ofMaxLength(8);
        Arbitrary<Integer> ids = Arbitraries.integers().between(-5, 1000);
        Arbitrary<Long> longs = Arbitraries.longs().between(-1L, 1L << 40);
        Arbitrary<String> queueEntries = Combinators.combine(names, ids, names, longs).as((b, q, t, v) -> {
            String queue = "{\"brokerName\":" + quote(b) + ",\"queueId\":" + q + ",\"topic\":" + quote(t) + "}";
            return new String[] {queue + ":" + v, quote(queue) + ":" + v};
        }).list().ofMaxSize(4).map(FastjsonNormalizerFuzzTest::joinPairs);
        Arbitrary<String> addrEntries = Combinators.combine(longs, names).as((k, v) ->
            new String[] {k + ":" + quote(v), "\"" + k + "\":" + quote(v)}).list().ofMaxSize(4).map(FastjsonNormalizerFuzzTest::joinPairs);
        return Combinators.combine(queueEntries, addrEntries, names.list().ofMaxSize(3), Arbitraries.of(" ", "\n\t", ""))
            .as((queues, addrs, list, ws) -> {
                String[] q = queues.split("\u0000", -1);
                String[] a = addrs.split("\u0000", -1);
                String names2 = list.stream().map(FastjsonNormalizerFuzzTest::quote).reduce((x, y) -> x + "," + y).orElse("");
                String tail = ",\"names\":[" + names2 + "]," + ws + "\"tps\":1.5}";
                return new Document("{" + ws + "\"offsetTable\":{" + q[0] + "}," + ws + "\"brokerAddrs\":{" + a[0] + "}" + tail,
                    "{" + ws + "\"offsetTable\":{" + q[1] + "}," + ws + "\"brokerAddrs\":{" + a[1] + "}" + tail);
            });
    }

    /** Joins [fastjson, standard] entry pairs into "fastjson\0standard" (NUL never occurs in the generated text). */
    private static String joinPairs(List<String[]> pairs) {
        StringBuilder f = new StringBuilder();
        StringBuilder s = new StringBuilder();
        for (int i = 0; i < pairs.size(); i++) {
            if (i > 0) {
                f.append(',');
                s.append(',');
            }
            f.append(pairs.get(i)[0]);
            s.append(pairs.get(i)[1]);
        }
        return f + "\u0000" + s;
    }

    private static String quote(String text) {
        try {
            return PLAIN.writeValueAsString(text);
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }
}
