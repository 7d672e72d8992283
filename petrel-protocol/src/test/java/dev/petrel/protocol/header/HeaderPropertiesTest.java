package dev.petrel.protocol.header;

import static org.assertj.core.api.Assertions.assertThat;

import dev.petrel.protocol.body.RecordArbitraries;
import dev.petrel.protocol.header.catalog.HeaderCatalog;
import dev.petrel.protocol.header.client.SendMessageRequestHeader;
import dev.petrel.protocol.header.client.SendMessageV1HeaderCodec;
import dev.petrel.protocol.header.client.SendMessageV2HeaderCodec;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * Every header codec in the catalog: random headers survive encode/decode; random ext-field maps decode to a value or
 * an error, never an exception; the V1 and V2 send codecs carry the same header.
 */
class HeaderPropertiesTest {

    record Sample(HeaderCodec<Object> codec, Object header) {
    }

    private static List<HeaderCodec<?>> codecs() {
        Set<HeaderCodec<?>> all = new LinkedHashSet<>(HeaderCatalog.requests().values());
        all.addAll(HeaderCatalog.responses().values());
        return new ArrayList<>(all);
    }

    @SuppressWarnings("unchecked")
    @Provide
    Arbitrary<Sample> headers() {
        return Arbitraries.of(codecs()).flatMap(codec -> {
            HeaderCodec<Object> c = (HeaderCodec<Object>) codec;
            return RecordArbitraries.withNulls(c.type()).map(h -> new Sample(c, h));
        });
    }

    @Property(tries = 2000)
    void everyHeaderRoundTrips(@ForAll("headers") Sample sample) {
        Map<String, String> fields = sample.codec().encode(sample.header());
        assertThat(fields.values()).doesNotContainNull();
        Decoded<Object> decoded = sample.codec().decode(fields);
        assertThat(decoded.isOk()).as("%s", decoded).isTrue();
        assertThat(decoded.value()).isEqualTo(sample.header());
    }

    @Provide
    Arbitrary<Object[]> randomMaps() {
        Arbitrary<String> values = Arbitraries.oneOf(Arbitraries.strings().ofMaxLength(6),
            Arbitraries.of("0", "-1", "true", "FALSE", "99999999999", "9223372036854775808", "1.5", "", "UPPER", "lower"));
        return Arbitraries.of(codecs()).flatMap(codec -> {
            List<String> keys = new ArrayList<>(List.of("ns", "bname", "zz"));
            if (codec instanceof RecordHeaderCodec<?> generic) {
                keys.addAll(generic.keys());
            } else {
                keys.addAll(keysOf(codec));
            }
            return Arbitraries.maps(Arbitraries.of(keys), values).ofMaxSize(keys.size())
                .map(map -> new Object[] {codec, map});
        });
    }

    /** Keys a hand-written codec writes for a header with every component set. */
    private static <T> Set<String> keysOf(HeaderCodec<T> codec) {
        return codec.encode(RecordArbitraries.withoutNulls(codec.type()).sample()).keySet();
    }

    @SuppressWarnings("unchecked")
    @Property(tries = 2000)
    void randomExtFieldsDecodeToAValueOrAnError(@ForAll("randomMaps") Object[] input) {
        HeaderCodec<Object> codec = (HeaderCodec<Object>) input[0];
        Decoded<Object> decoded = codec.decode((Map<String, String>) input[1]);
        if (decoded.isOk()) {
            assertThat(codec.decode(codec.encode(decoded.value())).value()).isEqualTo(decoded.value());
        } else {
            assertThat(decoded.errorMessage()).matches("(?s)the custom field <\\S+> is null|field \\S+: '.*' is not a valid \\w+");
        }
    }

    @Provide
    Arbitrary<SendMessageRequestHeader> sends() {
        return RecordArbitraries.withNulls(SendMessageRequestHeader.class);
    }

    @Property(tries = 500)
    void v1AndV2CarryTheSameSendHeader(@ForAll("sends") SendMessageRequestHeader send) {
        SendMessageRequestHeader viaV1 = SendMessageV1HeaderCodec.INSTANCE.decode(SendMessageV1HeaderCodec.INSTANCE.encode(send)).value();
        SendMessageRequestHeader viaV2 = SendMessageV2HeaderCodec.INSTANCE.decode(SendMessageV2HeaderCodec.INSTANCE.encode(send)).value();
        assertThat(viaV1).isEqualTo(send).isEqualTo(viaV2);
        assertThat(SendMessageV1HeaderCodec.INSTANCE.encode(send))
            .isEqualTo(RecordHeaderCodec.of(SendMessageRequestHeader.class).encode(send));
    }
}
