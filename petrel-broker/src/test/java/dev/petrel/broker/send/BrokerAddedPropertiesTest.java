package dev.petrel.broker.send;

import dev.petrel.message.PropertiesCodec;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.AlphaChars;
import net.jqwik.api.constraints.Size;
import net.jqwik.api.constraints.StringLength;
import org.junit.jupiter.api.Test;

import java.util.LinkedHashMap;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

class BrokerAddedPropertiesTest {

    @Test
    void goldenAppendToTheProducersString() {
        String in = "KEYS\u0001k\u0002UNIQ_KEY\u0001U1\u0002";
        assertThat(BrokerAddedProperties.apply(in, "DefaultRegion", true, "DefaultCluster", () -> "NEW"))
            .isEqualTo("KEYS\u0001k\u0002UNIQ_KEY\u0001U1\u0002MSG_REGION\u0001DefaultRegion\u0002TRACE_ON\u0001true\u0002"
                + "CLUSTER\u0001DefaultCluster\u0002");
        assertThat(BrokerAddedProperties.apply(null, "r", false, "c", () -> "NEW"))
            .isEqualTo("MSG_REGION\u0001r\u0002TRACE_ON\u0001false\u0002UNIQ_KEY\u0001NEW\u0002CLUSTER\u0001c\u0002");
    }

    @Property
    void resultHoldsTheProducersPropertiesAndTheBrokersOnly(
        @ForAll @Size(max = 6) Map<@AlphaChars @StringLength(min = 1, max = 8) String,
            @AlphaChars @StringLength(min = 1, max = 8) String> user, @ForAll boolean withPopCk, @ForAll boolean withUniq) {
        Map<String, String> in = new LinkedHashMap<>(user);
        if (withPopCk) {
            in.put("POP_CK", "x");
        }
        if (withUniq) {
            in.put("UNIQ_KEY", "MINE");
        }
        Map<String, String> out = PropertiesCodec.decode(
            BrokerAddedProperties.apply(PropertiesCodec.encode(in), "reg", true, "clu", () -> "GEN"));
        Map<String, String> expected = new LinkedHashMap<>(in);
        expected.remove("POP_CK");
        expected.put("MSG_REGION", "reg");
        expected.put("TRACE_ON", "true");
        expected.put("CLUSTER", "clu");
        expected.putIfAbsent("UNIQ_KEY", "GEN");
        assertThat(out).isEqualTo(expected);
    }
}
