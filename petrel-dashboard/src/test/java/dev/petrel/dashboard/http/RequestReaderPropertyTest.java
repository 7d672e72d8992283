package dev.petrel.dashboard.http;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.util.Map;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.Size;
import net.jqwik.api.constraints.StringLength;
import org.junit.jupiter.api.Test;

/**
 * What the dashboard reads from a request is attacker-controlled: any query string and any body either parses or is
 * refused with an {@link ApiException} (a 4xx and a message), never another exception.
 */
class RequestReaderPropertyTest {

    @Property(tries = 500)
    void anyQueryStringParsesOrIsRefused(@ForAll @StringLength(max = 300) String raw) {
        try {
            Map<String, String> params = RequestReader.query(raw);
            assertThat(params.size()).isLessThanOrEqualTo(RequestReader.MAX_PARAMS);
        } catch (ApiException e) {
            assertThat(e.status()).isBetween(400, 499);
            assertThat(e.getMessage()).isNotBlank();
        }
    }

    @Property(tries = 500)
    void anyBodyParsesAsAnObjectOrIsRefused(@ForAll @Size(max = 200) byte[] body) {
        try {
            assertThat(RequestReader.jsonObject(body)).isNotNull();
        } catch (ApiException e) {
            assertThat(e.status()).isEqualTo(400);
        }
    }

    @Property(tries = 300)
    void anyJsonShapedTextParsesOrIsRefused(@ForAll("jsonish") String text) {
        try {
            assertThat(RequestReader.jsonObject(text.getBytes(StandardCharsets.UTF_8))).isNotNull();
        } catch (ApiException e) {
            assertThat(e.status()).isEqualTo(400);
        }
    }

    @net.jqwik.api.Provide
    net.jqwik.api.Arbitrary<String> jsonish() {
        return net.jqwik.api.Arbitraries.strings().withChars("{}[]\":,0123456789.-eEtruefalsn \\u").ofMaxLength(60);
    }

    @Test
    void queryValuesAreDecodedAndTheLimitsHold() {
        assertThat(RequestReader.query("topic=a%20b&max=5&flag")).containsEntry("topic", "a b").containsEntry("max", "5")
            .containsEntry("flag", "");
        assertThatThrownBy(() -> RequestReader.query("a=%zz")).isInstanceOf(ApiException.class)
            .hasMessageContaining("URL-encoded");
        assertThatThrownBy(() -> RequestReader.query("a=1&".repeat(RequestReader.MAX_PARAMS + 1)))
            .isInstanceOf(ApiException.class).hasMessageContaining("parameters");
        assertThatThrownBy(() -> RequestReader.query("a=" + "x".repeat(RequestReader.MAX_QUERY_CHARS)))
            .isInstanceOf(ApiException.class).satisfies(e -> assertThat(((ApiException) e).status()).isEqualTo(414));
    }

    @Test
    void typedGettersNameTheParameterTheyRefuse() {
        ApiRequest r = new ApiRequest("/api/x", Map.of("n", "12x", "b", "maybe", "big", "99999", "list", java.util.List.of(1)));
        assertThatThrownBy(() -> r.longValue("n", 0, 0, 100)).hasMessageContaining("'n'").hasMessageContaining("whole number");
        assertThatThrownBy(() -> r.bool("b", false)).hasMessageContaining("'b'");
        assertThatThrownBy(() -> r.integer("big", 0, 0, 1024)).hasMessageContaining("between 0 and 1024");
        assertThatThrownBy(() -> r.string("missing")).hasMessageContaining("'missing' is required");
        assertThatThrownBy(() -> r.string("list")).hasMessageContaining("must be a string");
        assertThat(r.integer("absent", 7, 0, 10)).isEqualTo(7);
    }
}
