package dev.petrel.broker.auth;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The plain_acl.yml reader: RocketMQ's shipped example parses to the expected accounts; bad files are refused with
 * an {@link AuthException} that names the problem and never quotes a secret; random and mutated input (seeded)
 * yields a parsed file or an {@link AuthException}, never anything else, and never a secret in the message.
 */
class PlainAclFileFuzzTest {

    static final String SECRET = "s3cretKey-4471";

    /** RocketMQ 5.3.1's distribution/conf/plain_acl.yml, in shape (its secrets replaced). */
    static final String EXAMPLE = """
        globalWhiteRemoteAddresses:
          - 10.10.103.*
          - 192.168.0.*

        accounts:
          - accessKey: RocketMQ
            secretKey: %s
            whiteRemoteAddress:
            admin: false
            defaultTopicPerm: DENY
            defaultGroupPerm: SUB
            topicPerms:
              - topicA=DENY
              - topicB=PUB|SUB
              - topicC=SUB
            groupPerms:
              # the group should convert to retry topic
              - groupA=DENY
              - groupB=PUB|SUB
              - groupC=SUB

          - accessKey: rocketmq2
            secretKey: 12345678
            whiteRemoteAddress: 192.168.1.*
            # if it is admin, it could access all resources
            admin: true
        """.formatted(SECRET);

    @Test
    void rocketMqsExampleParses() {
        PlainAclFile.Data d = PlainAclFile.parse(bytes(EXAMPLE));
        assertThat(d.globalWhiteRemoteAddresses()).extracting(Object::toString).containsExactly("10.10.103.*", "192.168.0.*");
        assertThat(d.accounts()).hasSize(2);
        PlainAccount a = d.accounts().get(0);
        assertThat(a.accessKey()).isEqualTo("RocketMQ");
        assertThat(a.secretKey()).isEqualTo(SECRET);
        assertThat(a.admin()).isFalse();
        assertThat(a.defaultTopicPerm()).isEqualTo(PlainPermission.DENY);
        assertThat(a.defaultGroupPerm()).isEqualTo(PlainPermission.SUB);
        assertThat(a.topicPerms()).containsEntry("topicA", PlainPermission.DENY)
            .containsEntry("topicB", (byte) (PlainPermission.PUB | PlainPermission.SUB)).containsEntry("topicC", PlainPermission.SUB);
        assertThat(a.groupPerms()).containsOnlyKeys("%RETRY%groupA", "%RETRY%groupB", "%RETRY%groupC");
        assertThat(a.whiteRemoteAddress().matches("10.10.103.1")).isFalse();
        assertThat(a.toString()).doesNotContain(SECRET);
        PlainAccount b = d.accounts().get(1);
        assertThat(b.secretKey()).isEqualTo("12345678");
        assertThat(b.admin()).isTrue();
        assertThat(b.defaultTopicPerm()).as("missing default: DENY").isEqualTo(PlainPermission.DENY);
        assertThat(b.whiteRemoteAddress().matches("192.168.1.77")).isTrue();
        assertThat(PlainAclFile.parse(bytes("")).accounts()).isEmpty();
        assertThat(PlainAclFile.parse(bytes("# only a comment\n")).accounts()).isEmpty();
        assertThat(PlainAclFile.parse(bytes("accounts:\n  - accessKey: abcdefg\n    secretKey: abcdefg\n"
            + "    defaultTopicPerm: ANY\n")).accounts().get(0).defaultTopicPerm())
            .as("an unknown word is DENY, as in RocketMQ").isEqualTo(PlainPermission.DENY);
    }

    @Test
    void badFilesAreRefusedWithTheProblemNamedAndNoSecret() {
        refused("accounts:\n  - accessKey: short\n    secretKey: " + SECRET + "\n", "longer than 6");
        refused("accounts:\n  - accessKey: longEnough\n    secretKey: 123456\n", "longer than 6");
        refused("accounts:\n  - accessKey: longEnough\n    secretKey: " + SECRET + "\n    topicPerms: [topicA]\n",
            "expected NAME=PERM");
        refused("accounts:\n  - accessKey: longEnough\n    secretKey: " + SECRET + "\n    acessKey: typo\n", "unknown key 'acessKey'");
        refused("accounts:\n  - accessKey: longEnough\n    secretKey: " + SECRET + "\n    whiteRemoteAddress: 1x.*.1.1\n",
            "invalid remote address pattern");
        refused("globalWhiteRemoteAddresses: 10.0.0.1\n", "must be a list");
        refused("accounts:\n  - accessKey: longEnough\n    secretKey: " + SECRET + "\n    admin: maybe\n", "admin must be true or false");
        refused("accounts: [\n  secretKey: " + SECRET + "\n", "not valid YAML");
        refused("- just\n- a list\n", "must be a mapping");
        refused("a: &a [x, x]\nb: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a, *a]\nc: &c [*b, *b, *b, *b, *b, *b, *b, *b, *b, *b]\n"
            + "d: &d [*c, *c, *c, *c, *c, *c, *c, *c, *c, *c]\ne: [*d, *d, *d, *d, *d, *d, *d, *d, *d, *d, *d, *d]\n", "");
        refused("accounts: !!java.net.URL [\"http://127.0.0.1/\"]\n", "");
        refused("[".repeat(5000), "not valid YAML");
    }

    @Test
    void randomAndMutatedInputOnlyEverFailsWithAuthException() {
        Random random = new Random(2024);
        String[] seeds = {EXAMPLE, "accounts: []\n", "globalWhiteRemoteAddresses: ['*']\n",
            "accounts:\n  - {accessKey: abcdefgh, secretKey: " + SECRET + ", topicPerms: ['a=PUB'], groupPerms: ['g=SUB']}\n"};
        for (int i = 0; i < 4000; i++) {
            byte[] input = i % 7 == 0 ? randomBytes(random) : mutate(random, bytes(seeds[random.nextInt(seeds.length)]));
            try {
                PlainAclFile.Data d = PlainAclFile.parse(input);
                for (PlainAccount a : d.accounts()) {
                    assertThat(a.accessKey().length()).isGreaterThan(6);
                    assertThat(a.secretKey().length()).isGreaterThan(6);
                }
            } catch (AuthException e) {
                assertThat(e.getMessage()).isNotBlank().doesNotContain(SECRET);
            }
        }
    }

    private static void refused(String yaml, String message) {
        assertThatThrownBy(() -> PlainAclFile.parse(bytes(yaml))).isInstanceOf(AuthException.class)
            .hasMessageContaining(message).satisfies(e -> assertThat(e.getMessage()).doesNotContain(SECRET));
    }

    static byte[] bytes(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    private static byte[] randomBytes(Random r) {
        byte[] b = new byte[r.nextInt(200)];
        r.nextBytes(b);
        return b;
    }

    private static byte[] mutate(Random r, byte[] seed) {
        byte[] b = seed.clone();
        int edits = 1 + r.nextInt(4);
        String specials = ":-[]{}&*!|>'\"#%@`,=\n\t ?";
        for (int i = 0; i < edits && b.length > 0; i++) {
            int at = r.nextInt(b.length);
            switch (r.nextInt(3)) {
                case 0 -> b[at] = (byte) specials.charAt(r.nextInt(specials.length()));
                case 1 -> b[at] = (byte) r.nextInt(256);
                default -> {
                    byte[] shorter = new byte[at];
                    System.arraycopy(b, 0, shorter, 0, at);
                    b = shorter;
                }
            }
        }
        return b;
    }
}
