package dev.petrel.message;

import org.junit.jupiter.api.Test;

import java.util.LinkedHashMap;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

class PropertiesAndNamesTest {

    @Test
    void encodeEndsEveryEntryWithSeparatorAndSkipsNulls() {
        Map<String, String> m = new LinkedHashMap<>();
        m.put("TAGS", "TagA");
        m.put("X", null);
        m.put("WAIT", "true");
        assertThat(PropertiesCodec.encode(m)).isEqualTo("TAGS\u0001TagA\u0002WAIT\u0001true\u0002");
    }

    @Test
    void parserRules() {
        // trailing separator optional; short segments ignored; split at the first char 1; empty values dropped;
        // later duplicates win
        String s = "A\u0001x\u0002ab\u0002K\u0001v\u0001w\u0002E\u0001\u0002\u0001val\u0002A\u0001y";
        Map<String, String> m = PropertiesCodec.decode(s);
        assertThat(m).containsExactly(Map.entry("A", "y"), Map.entry("K", "v\u0001w"));
        assertThat(PropertiesCodec.find(s, "A")).isEqualTo("y");
        assertThat(PropertiesCodec.find(s, "K")).isEqualTo("v\u0001w");
        assertThat(PropertiesCodec.find(s, "E")).isNull();
        assertThat(PropertiesCodec.find(s, "Z")).isNull();
    }

    @Test
    void topicAndGroupNames() {
        assertThat(NameValidator.validateTopic("Topic_A-1%|x")).isNull();
        assertThat(NameValidator.validateTopic("a b")).contains("' '");
        assertThat(NameValidator.validateTopic("")).contains("blank");
        assertThat(NameValidator.validateTopic("t".repeat(127))).isNull();
        assertThat(NameValidator.validateTopic("t".repeat(128))).contains("127");
        assertThat(NameValidator.validateStoreTopic("%RETRY%" + "g".repeat(200))).isNull();
        assertThat(NameValidator.validateStoreTopic("t".repeat(128))).contains("127");
        assertThat(NameValidator.validateStoreTopic("%RETRY%" + "g".repeat(249))).contains("255");
        assertThat(NameValidator.validateGroup("CID_x")).isNull();
        assertThat(NameValidator.validateGroup("g".repeat(256))).contains("255");
    }
}
