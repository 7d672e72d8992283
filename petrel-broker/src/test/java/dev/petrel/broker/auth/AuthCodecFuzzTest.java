package dev.petrel.broker.auth;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.petrel.protocol.body.auth.AclInfo;
import dev.petrel.protocol.body.auth.UserInfo;
import java.nio.charset.StandardCharsets;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The user, ACL and file parsers against bad input (random bytes, mutated valid JSON, wrong shapes, bad values):
 * each either yields a valid model object or throws {@link AuthException}, never anything else.
 */
class AuthCodecFuzzTest {

    private static final String USER = "{\"password\":\"12345678\",\"userStatus\":\"enable\",\"userType\":\"Normal\","
        + "\"username\":\"alice\"}";
    private static final String ACL = "{\"policies\":[{\"entries\":[{\"actions\":[\"Pub\",\"Sub\"],\"decision\":\"Allow\","
        + "\"resource\":\"Topic:TopicTest\",\"sourceIps\":[\"192.168.0.0/16\"]}],\"policyType\":\"Custom\"}],"
        + "\"subject\":\"User:alice\"}";
    private static final String FILE = "{\"acls\":[" + ACL + "],\"users\":[" + USER + "]}";

    @Test
    void validInputParses() {
        AuthUser user = AuthCodec.user("alice", AuthCodec.decodeUserInfo(bytes(USER)));
        assertThat(user).isEqualTo(new AuthUser("alice", "12345678", UserType.NORMAL, UserStatus.ENABLE));
        Acl acl = AuthCodec.acl(null, AuthCodec.decodeAclInfo(bytes(ACL)));
        assertThat(acl.subject()).isEqualTo("User:alice");
        PolicyEntry e = acl.entries(PolicyType.CUSTOM).get(0);
        assertThat(e.resource()).isEqualTo(AuthResource.of(ResourceType.TOPIC, "TopicTest"));
        assertThat(e.actions()).containsExactly(Action.PUB, Action.SUB);
        assertThat(AuthCodec.info(acl)).isEqualTo(AuthCodec.decodeAclInfo(bytes(ACL)));
        assertThat(AuthCodec.decodeFile(bytes(FILE)).users()).hasSize(1);
    }

    @Test
    void badValuesAreNamed() {
        assertThatThrownBy(() -> AuthCodec.acl("User:a", acl("Topic:t", "[\"Any\"]", "Allow", null)))
            .isInstanceOf(AuthException.class).hasMessage("The actions can not be Any.");
        assertThatThrownBy(() -> AuthCodec.acl("User:a", acl("Topic:t", "[\"Pub\"]", "Allow", "[\"300.1.1.1\"]")))
            .isInstanceOf(AuthException.class).hasMessage("The source ip is invalid.");
        assertThatThrownBy(() -> AuthCodec.acl("User:a", acl("Topic:t", "[\"Pub\"]", "Allow", "[\"10.0.0.0/33\"]")))
            .isInstanceOf(AuthException.class).hasMessage("The source ip is invalid.");
        assertThatThrownBy(() -> AuthCodec.acl("User:a", acl("Queue:t", "[\"Pub\"]", "Allow", null)))
            .isInstanceOf(AuthException.class).hasMessageContaining("is invalid");
        assertThatThrownBy(() -> AuthCodec.acl("User:a", acl("Topic:t", "[\"Pub\"]", "Maybe", null)))
            .isInstanceOf(AuthException.class).hasMessageContaining("decision");
        assertThatThrownBy(() -> AuthCodec.acl("Group:a", acl("Topic:t", "[\"Pub\"]", "Allow", null)))
            .isInstanceOf(AuthException.class).hasMessageContaining("subject");
        assertThatThrownBy(() -> AuthCodec.user("bob", new UserInfo(null, "pw123456", "Root", null)))
            .isInstanceOf(AuthException.class).hasMessageContaining("user type");
        assertThatThrownBy(() -> AuthCodec.user("bob", new UserInfo(null, "", null, null)))
            .isInstanceOf(AuthException.class).hasMessageContaining("password");
        assertThatThrownBy(() -> AuthCodec.user("x".repeat(10_000), new UserInfo(null, "pw", null, null)))
            .isInstanceOf(AuthException.class).hasMessageContaining("longer than");
        assertThat(SourceIp.parse("2001:db8::/32").contains(SourceIp.literal("2001:db8:1::5"))).isTrue();
        assertThat(SourceIp.parse("192.168.0.0/16").contains(SourceIp.literal("192.169.0.1"))).isFalse();
        assertThatThrownBy(() -> SourceIp.parse("localhost")).isInstanceOf(AuthException.class);
    }

    @Test
    void randomAndMutatedInputOnlyEverFailsWithAuthException() {
        Random random = new Random(1414);
        String[] seeds = {USER, ACL, FILE, "{}", "[]", "null", "{\"policies\":[null]}", "{\"users\":[{}],\"acls\":[{}]}"};
        for (int i = 0; i < 6000; i++) {
            byte[] input = i % 5 == 0 ? randomBytes(random) : mutate(random, bytes(seeds[random.nextInt(seeds.length)]));
            parseAll(input);
        }
    }

    private static void parseAll(byte[] input) {
        try {
            UserInfo info = AuthCodec.decodeUserInfo(input);
            AuthUser user = AuthCodec.user(info.username() == null ? "u" : info.username(), info);
            assertThat(user.password()).isNotEmpty();
        } catch (AuthException expected) {
            // a refusal with a reason is the right outcome
        }
        try {
            Acl acl = AuthCodec.acl("User:x", AuthCodec.decodeAclInfo(input));
            assertThat(acl.subject()).startsWith("User:");
        } catch (AuthException expected) {
            // refused
        }
        try {
            AuthCodec.AuthFile file = AuthCodec.decodeFile(input);
            for (UserInfo u : file.users()) {
                AuthCodec.user(u.username(), u);
            }
            for (AclInfo a : file.acls()) {
                AuthCodec.acl(null, a);
            }
        } catch (AuthException expected) {
            // refused
        }
    }

    private static AclInfo acl(String resource, String actions, String decision, String ips) {
        String json = "{\"policies\":[{\"entries\":[{\"resource\":\"" + resource + "\",\"actions\":" + actions
            + ",\"decision\":\"" + decision + "\"" + (ips == null ? "" : ",\"sourceIps\":" + ips) + "}]}]}";
        return AuthCodec.decodeAclInfo(bytes(json));
    }

    private static byte[] mutate(Random random, byte[] seed) {
        byte[] out = seed.clone();
        int edits = 1 + random.nextInt(4);
        for (int e = 0; e < edits && out.length > 0; e++) {
            int at = random.nextInt(out.length);
            switch (random.nextInt(4)) {
                case 0 -> out[at] = (byte) random.nextInt(256);
                case 1 -> out[at] = (byte) "{}[]\",:0aZ*\\".charAt(random.nextInt(12));
                case 2 -> out = java.util.Arrays.copyOf(out, at);
                default -> {
                    byte[] longer = new byte[out.length + 1];
                    System.arraycopy(out, 0, longer, 0, at);
                    longer[at] = (byte) "{[\"".charAt(random.nextInt(3));
                    System.arraycopy(out, at, longer, at + 1, out.length - at);
                    out = longer;
                }
            }
        }
        return out;
    }

    private static byte[] randomBytes(Random random) {
        byte[] b = new byte[random.nextInt(200)];
        random.nextBytes(b);
        return b;
    }

    private static byte[] bytes(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }
}
