package dev.petrel.protocol.auth;

import static org.assertj.core.api.Assertions.assertThat;

import dev.petrel.protocol.code.RequestCode;
import dev.petrel.protocol.frame.RemotingCommand;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** The signature against security.md §1.4's worked examples, and its canonical content over random ext fields. */
class RequestSignatureTest {

    private static final SessionCredentials ROCKETMQ2 = new SessionCredentials("rocketmq2", "12345678");
    private static final byte[] HELLO = "hello".getBytes(StandardCharsets.UTF_8);

    private static Map<String, String> exampleA() {
        Map<String, String> f = new LinkedHashMap<>();
        f.put("a", "ProducerGroupA");
        f.put("b", "TopicTest");
        return f;
    }

    @Test
    void exampleASignsAsTheOfficialClient() {
        RemotingCommand signed = RequestSignature.sign(
            RemotingCommand.request(RequestCode.SEND_MESSAGE_V2, exampleA(), HELLO), ROCKETMQ2);
        assertThat(signed.extField("AccessKey")).isEqualTo("rocketmq2");
        assertThat(signed.extField("Signature")).isEqualTo("KAk5hS84cS3I0YXGnZYV0nUbZio=");
        assertThat(signed.extFields()).doesNotContainKey("SecurityToken");
        assertThat(new String(RequestSignature.content(signed), StandardCharsets.UTF_8))
            .isEqualTo("rocketmq2ProducerGroupATopicTesthello");
    }

    @Test
    void exampleAWithoutBodyAndWithToken() {
        RemotingCommand noBody = RequestSignature.sign(
            RemotingCommand.request(RequestCode.SEND_MESSAGE_V2, exampleA(), null), ROCKETMQ2);
        assertThat(noBody.extField("Signature")).isEqualTo("ulYo9Ctm86XLWYbF9VxJzUoSUq8=");

        RemotingCommand token = RequestSignature.sign(RemotingCommand.request(RequestCode.SEND_MESSAGE_V2, exampleA(), HELLO),
            new SessionCredentials("rocketmq2", "12345678", "tok"));
        assertThat(token.extField("SecurityToken")).isEqualTo("tok");
        assertThat(token.extField("Signature")).isEqualTo("hEPB2HH88GEOnrIwXPdUqw+Hzi4=");
    }

    @Test
    void exampleBRealisticSendHeader() {
        Map<String, String> f = new LinkedHashMap<>();
        f.put("a", "pg");
        f.put("b", "TopicTest");
        f.put("c", "TBW102");
        f.put("d", "4");
        f.put("e", "1");
        f.put("f", "0");
        f.put("g", "1700000000000");
        f.put("h", "0");
        f.put("i", "UNIQ_KEY\u0001AC110001000118B4AAC2A1B2C30000\u0002WAIT\u0001true\u0002TAGS\u0001TagA\u0002");
        f.put("j", "0");
        f.put("k", "false");
        f.put("m", "false");
        f.put("n", "broker-a");
        RemotingCommand signed = RequestSignature.sign(RemotingCommand.request(RequestCode.SEND_MESSAGE_V2, f, HELLO), ROCKETMQ2);
        assertThat(signed.extField("Signature")).isEqualTo("Wk4v1y5M113wyL1YfjQ/WPISges=");
        assertThat(RequestSignature.verify("12345678", RequestSignature.content(signed), "Wk4v1y5M113wyL1YfjQ/WPISges="))
            .isTrue();
    }

    @Test
    void verifyRefusesWrongSecretsAndSignatures() {
        RemotingCommand signed = RequestSignature.sign(
            RemotingCommand.request(RequestCode.SEND_MESSAGE_V2, exampleA(), HELLO), ROCKETMQ2);
        byte[] content = RequestSignature.content(signed);
        assertThat(RequestSignature.verify("12345678", content, signed.extField("Signature"))).isTrue();
        assertThat(RequestSignature.verify("12345679", content, signed.extField("Signature"))).isFalse();
        assertThat(RequestSignature.verify("12345678", content, null)).isFalse();
        assertThat(RequestSignature.verify("12345678", content, "")).isFalse();
        assertThat(RequestSignature.verify("", content, signed.extField("Signature"))).isFalse();
        assertThat(RequestSignature.verify("12345678", content, "KAk5hS84cS3I0YXGnZYV0nUbZio")).isFalse();
    }

    @Test
    void oldClientsUniqueKeyQueryIsLeftOutOnlyForOldVersions() {
        Map<String, String> f = exampleA();
        f.put("AccessKey", "rocketmq2");
        f.put("_UNIQUE_KEY_QUERY", "true");
        RemotingCommand old = RemotingCommand.newRequest(RequestCode.QUERY_MESSAGE).version(399).extFields(f).build();
        RemotingCommand current = RemotingCommand.newRequest(RequestCode.QUERY_MESSAGE).version(400).extFields(f).build();
        assertThat(new String(RequestSignature.content(old), StandardCharsets.UTF_8)).isEqualTo("rocketmq2ProducerGroupATopicTest");
        assertThat(new String(RequestSignature.content(current), StandardCharsets.UTF_8))
            .isEqualTo("rocketmq2trueProducerGroupATopicTest");
    }

    /**
     * Property: for random ext fields (any characters, any insertion order) and bodies, the signed content is the
     * values in key order plus the body, the stale Signature is ignored, the signature verifies, and changing any
     * one value or body byte makes it fail.
     */
    @Test
    void canonicalContentOverRandomFields() {
        Random random = new Random(14);
        for (int round = 0; round < 500; round++) {
            Map<String, String> fields = new LinkedHashMap<>();
            int n = random.nextInt(12);
            for (int i = 0; i < n; i++) {
                fields.put(randomText(random, 1 + random.nextInt(6)), randomText(random, random.nextInt(20)));
            }
            fields.remove("AccessKey");
            fields.remove("SecurityToken");
            if (random.nextBoolean()) {
                fields.put("Signature", "stale");
            }
            byte[] body = random.nextInt(4) == 0 ? null : randomBytes(random, random.nextInt(64));
            String secret = randomText(random, 1 + random.nextInt(16)).replace(" ", "x") + "s";
            SessionCredentials credentials = new SessionCredentials("ak" + round, secret, random.nextBoolean() ? "t" : null);
            RemotingCommand signed = RequestSignature.sign(RemotingCommand.request(RequestCode.PULL_MESSAGE, fields, body),
                credentials);

            List<String> keys = new ArrayList<>(signed.extFields().keySet());
            keys.remove("Signature");
            Collections.sort(keys);
            StringBuilder expected = new StringBuilder();
            keys.forEach(k -> expected.append(signed.extField(k)));
            byte[] text = expected.toString().getBytes(StandardCharsets.UTF_8);
            byte[] want = body == null ? text : concat(text, body);
            assertThat(RequestSignature.content(signed)).as("round %d", round).isEqualTo(want);
            assertThat(RequestSignature.verify(secret, want, signed.extField("Signature"))).isTrue();

            Map<String, String> reordered = new LinkedHashMap<>();
            List<String> shuffled = new ArrayList<>(signed.extFields().keySet());
            Collections.shuffle(shuffled, random);
            shuffled.forEach(k -> reordered.put(k, signed.extField(k)));
            RemotingCommand again = RemotingCommand.request(RequestCode.PULL_MESSAGE, reordered, body);
            assertThat(RequestSignature.content(again)).isEqualTo(want);

            if (!keys.isEmpty()) {
                String victim = keys.get(random.nextInt(keys.size()));
                Map<String, String> tampered = new LinkedHashMap<>(signed.extFields());
                tampered.put(victim, tampered.get(victim) + "x");
                RemotingCommand bad = RemotingCommand.request(RequestCode.PULL_MESSAGE, tampered, body);
                assertThat(RequestSignature.verify(secret, RequestSignature.content(bad), signed.extField("Signature")))
                    .as("tampered %s in round %d", victim, round).isFalse();
            }
            if (body != null && body.length > 0) {
                byte[] changed = body.clone();
                changed[random.nextInt(changed.length)] ^= 1;
                RemotingCommand bad = RemotingCommand.request(RequestCode.PULL_MESSAGE, signed.extFields(), changed);
                assertThat(RequestSignature.verify(secret, RequestSignature.content(bad), signed.extField("Signature")))
                    .isFalse();
            }
        }
    }

    @Test
    void credentialsNeverPrintTheSecret() {
        assertThat(new SessionCredentials("alice", "s3cret-value", "tok3n").toString())
            .contains("alice").doesNotContain("s3cret-value").doesNotContain("tok3n");
    }

    private static String randomText(Random random, int length) {
        String alphabet = "abcXYZ019 _-%\u0001\u0002é中😀";
        StringBuilder b = new StringBuilder();
        while (b.length() < length) {
            int i = random.nextInt(alphabet.length());
            char c = alphabet.charAt(i);
            if (Character.isHighSurrogate(c) && i + 1 < alphabet.length()) {
                b.append(c).append(alphabet.charAt(i + 1));
            } else if (!Character.isLowSurrogate(c)) {
                b.append(c);
            }
        }
        return b.toString();
    }

    private static byte[] randomBytes(Random random, int n) {
        byte[] b = new byte[n];
        random.nextBytes(b);
        return b;
    }

    private static byte[] concat(byte[] a, byte[] b) {
        byte[] out = new byte[a.length + b.length];
        System.arraycopy(a, 0, out, 0, a.length);
        System.arraycopy(b, 0, out, a.length, b.length);
        return out;
    }
}
