package dev.petrel.admin.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.petrel.protocol.auth.SessionCredentials;
import java.nio.charset.StandardCharsets;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;

/**
 * mqadmin's tools.yml reader against any bytes: it gives credentials, none, or a {@link UsageException} whose message
 * never quotes the file (it holds a secret), and never another exception; a well-formed file gives exactly its keys.
 */
class ToolsYmlPropertyTest {

    private static final String SECRET = "s3cret-TOOLS-77";

    @Test
    void mqadminsShippedFileGivesItsCredentials() {
        String file = "# Licensed to the Apache Software Foundation (ASF)\n\n\naccessKey: rocketmq2\nsecretKey: 12345678\n";
        SessionCredentials c = ToolsYml.parse(file.getBytes(StandardCharsets.UTF_8), "tools.yml");
        assertThat(c.accessKey()).isEqualTo("rocketmq2");
        assertThat(c.secretKey()).isEqualTo("12345678");
        assertThat(c.securityToken()).isNull();
    }

    @Test
    void aMissingOrBlankKeyGivesNoCredentialsAsInMqadmin() {
        for (String file : new String[] {"", "# nothing\n", "accessKey: a\n", "secretKey: b\n", "accessKey: ''\nsecretKey: b\n",
            "accessKey: a\nsecretKey: '  '\n", "accessKey: [a]\nsecretKey: b\n", "other: 1\n"}) {
            assertThat(ToolsYml.parse(file.getBytes(StandardCharsets.UTF_8), "t.yml")).as(file).isNull();
        }
    }

    @Test
    void notYamlOrNotAMapIsRefusedWithoutQuotingTheFile() {
        for (String file : new String[] {"accessKey: [x\nsecretKey: " + SECRET, "- " + SECRET + "\n", SECRET,
            "accessKey: &a x\nsecretKey: *a\n" + SECRET + ": {", "{" + SECRET + ": [1",
            "accessKey: !!binary [a]\nsecretKey: " + SECRET, "!!int {a: 1}"}) {
            assertThatThrownBy(() -> ToolsYml.parse(file.getBytes(StandardCharsets.UTF_8), "/home/x/conf/tools.yml"))
                .as(file).isInstanceOf(UsageException.class)
                .hasMessageContaining("/home/x/conf/tools.yml").hasMessageNotContaining(SECRET);
        }
        byte[] huge = new byte[ToolsYml.MAX_BYTES + 1];
        assertThatThrownBy(() -> ToolsYml.parse(huge, "big.yml")).isInstanceOf(UsageException.class)
            .hasMessageContaining("at most " + ToolsYml.MAX_BYTES);
    }

    @Provide
    Arbitrary<String> anyText() {
        Arbitrary<String> token = Arbitraries.oneOf(
            Arbitraries.of("accessKey", "secretKey", ":", ": ", "\n", "  ", "- ", "[", "]", "{", "}", "&a ", "*a", "!!binary ",
                "!!java.io.File ", "'", "\"", "#", "---", "...", "%YAML 1.1\n", "? ", "|", ">", ",", SECRET, "\t", "\u0000",
                "\uFEFF", "é", "0x1F", "~", "null", "true", "1e9"),
            Arbitraries.strings().ofMaxLength(5));
        return token.list().ofMaxSize(24).map(parts -> String.join("", parts));
    }

    @Property(tries = 3000)
    void anyTextGivesCredentialsNoneOrAUsageError(@ForAll("anyText") String text) {
        try {
            SessionCredentials c = ToolsYml.parse(text.getBytes(StandardCharsets.UTF_8), "tools.yml");
            if (c != null) {
                assertThat(c.accessKey()).isNotBlank();
                assertThat(c.secretKey()).isNotBlank();
            }
        } catch (UsageException e) {
            assertThat(e.getMessage()).startsWith("tools.yml ").doesNotContain(SECRET);
        }
    }

    @Property(tries = 500)
    void aWellFormedFileGivesExactlyItsKeys(@ForAll("keys") String accessKey, @ForAll("keys") String secretKey,
                                           @ForAll boolean secretFirst) {
        String ak = "accessKey: '" + accessKey.replace("'", "''") + "'\n";
        String sk = "secretKey: '" + secretKey.replace("'", "''") + "'\n";
        String file = "# tools\n" + (secretFirst ? sk + ak : ak + sk) + "other: ignored\n";
        SessionCredentials c = ToolsYml.parse(file.getBytes(StandardCharsets.UTF_8), "tools.yml");
        assertThat(c).isNotNull();
        assertThat(c.accessKey()).isEqualTo(accessKey);
        assertThat(c.secretKey()).isEqualTo(secretKey);
    }

    @Provide
    Arbitrary<String> keys() {
        return Arbitraries.strings().withCharRange('!', '~').ofMinLength(1).ofMaxLength(40);
    }
}
