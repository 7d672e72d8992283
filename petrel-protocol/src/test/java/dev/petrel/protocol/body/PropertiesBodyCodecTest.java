package dev.petrel.protocol.body;

import static dev.petrel.protocol.body.BodyGolden.utf8;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.Map;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import org.junit.jupiter.api.Test;

class PropertiesBodyCodecTest {

    @Test
    void goldenText() {
        assertThat(new String(PropertiesBodyCodec.encode(Map.of("listenPort", "10911", "brokerName", "broker-a",
            "storePathRootDir", "C:\\store", "odd key=", " lead", "msg", "a\nb # c")), StandardCharsets.UTF_8))
            .isEqualTo("brokerName=broker-a\nlistenPort=10911\nmsg=a\\nb # c\nodd\\ key\\==\\ lead\nstorePathRootDir=C:\\\\store\n");
    }

    @Test
    void readsApachesUnescapedLines() {
        // MixAll.properties2String output; load() semantics, including comments and blank lines.
        assertThat(PropertiesBodyCodec.decode(utf8("brokerClusterName=DefaultCluster\n#c\n\nbrokerIP1=10.0.0.1\nempty=\n")))
            .containsExactly(Map.entry("brokerClusterName", "DefaultCluster"), Map.entry("brokerIP1", "10.0.0.1"), Map.entry("empty", ""));
        assertThat(PropertiesBodyCodec.decode(null)).isEmpty();
    }

    @Property(tries = 500)
    void anyMapRoundTrips(@ForAll Map<String, String> properties) {
        properties.remove(null);
        properties.values().removeIf(v -> v == null);
        assertThat(PropertiesBodyCodec.decode(PropertiesBodyCodec.encode(properties))).isEqualTo(properties);
    }

    @Property(tries = 300)
    void garbageNeverThrowsAnythingElse(@ForAll byte[] bytes) {
        try {
            PropertiesBodyCodec.decode(bytes);
        } catch (MalformedBodyException expected) {
            // a malformed \\uXXXX escape
        }
    }
}
