package dev.petrel.broker.auth;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;

/**
 * The ACL 1.0 file edits of codes 50, 51 and 53: the exact file written (golden), merges that touch only the fields
 * given, and, for any sequence of edits with any secret text, a file the loader reads back to exactly the accounts
 * a model of the edits holds; a bad edit is refused naming the problem and never the secret.
 */
class PlainAclEditorTest {

    private static final String FILE = """
        # comments are lost, as in RocketMQ
        accounts:
          - accessKey: rootKey1
            secretKey: rootSecret-2204
            admin: true
        """;
    private static final long NOW = 1_700_000_000_000L;

    private static byte[] bytes(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    private static String text(PlainAclEditor.Edited e) {
        return new String(e.bytes(), StandardCharsets.UTF_8);
    }

    @Test
    void theFileWrittenForANewAccount() {
        PlainAclEditor.Edited e = PlainAclEditor.upsert(bytes(FILE), new PlainAclEditor.AccountChange("aliceKey",
            "aliceSecret-1", "192.168.1.*", false, "DENY", "SUB", List.of("orders=PUB", "audit=PUB|SUB"),
            List.of("billing=SUB")), NOW);

        assertThat(text(e)).isEqualTo("""
            accounts:
              - accessKey: rootKey1
                secretKey: rootSecret-2204
                admin: true
              - accessKey: aliceKey
                secretKey: aliceSecret-1
                whiteRemoteAddress: 192.168.1.*
                admin: false
                defaultTopicPerm: DENY
                defaultGroupPerm: SUB
                topicPerms:
                  - orders=PUB
                  - audit=PUB|SUB
                groupPerms:
                  - billing=SUB
            dataVersion:
              - counter: 1
                timestamp: 1700000000000
            """);
        assertThat(e.version().counter()).isEqualTo(1);
        assertThat(e.version().timestamp()).isEqualTo(NOW);
        assertThat(PlainAclEditor.version(e.bytes())).isEqualTo(e.version());
    }

    @Test
    void anUpdateReplacesOnlyTheFieldsGivenAndMovesTheVersionOn() {
        PlainAclEditor.Edited first = PlainAclEditor.upsert(bytes(FILE), new PlainAclEditor.AccountChange("aliceKey",
            "aliceSecret-1", null, false, "DENY", "SUB", List.of("orders=PUB"), null), NOW);
        PlainAclEditor.Edited second = PlainAclEditor.upsert(first.bytes(), new PlainAclEditor.AccountChange("aliceKey",
            "aliceSecret-2", null, true, null, "PUB", null, List.of()), NOW + 5);

        PlainAccount alice = PlainAclFile.parse(second.bytes()).accounts().get(1);
        assertThat(alice.secretKey()).isEqualTo("aliceSecret-2");
        assertThat(alice.admin()).isTrue();
        assertThat(alice.topicPerms()).containsEntry("orders", PlainPermission.PUB);
        assertThat(alice.defaultTopicPerm()).isEqualTo(PlainPermission.DENY);
        assertThat(alice.defaultGroupPerm()).isEqualTo(PlainPermission.PUB);
        assertThat(alice.groupPerms()).isEmpty();
        assertThat(second.version().counter()).isEqualTo(2);
        assertThat(second.version().timestamp()).isEqualTo(NOW + 5);

        PlainAclEditor.Edited deleted = PlainAclEditor.delete(second.bytes(), "aliceKey", NOW + 9);
        assertThat(PlainAclFile.parse(deleted.bytes()).accounts()).extracting(PlainAccount::accessKey)
            .containsExactly("rootKey1");
        assertThat(deleted.version().counter()).isEqualTo(3);
        assertThat(PlainAclEditor.delete(deleted.bytes(), "aliceKey", NOW)).as("no such account").isNull();

        PlainAclEditor.Edited white = PlainAclEditor.globalWhite(deleted.bytes(), List.of("10.10.103.*", "2001:db8::1"), NOW);
        assertThat(PlainAclFile.parse(white.bytes()).globalWhiteRemoteAddresses()).hasSize(2);
        assertThat(PlainAclEditor.globalWhite(white.bytes(), List.of(), NOW).bytes()).asString(StandardCharsets.UTF_8)
            .contains("globalWhiteRemoteAddresses: []");
    }

    @Test
    void badEditsAreRefusedWithoutTheSecret() {
        String secret = "hidden-7731";
        for (PlainAclEditor.AccountChange bad : List.of(
            new PlainAclEditor.AccountChange("short", secret, null, false, null, null, null, null),
            new PlainAclEditor.AccountChange("carolKey1", "tiny", null, false, null, null, null, null),
            new PlainAclEditor.AccountChange("carolKey1", null, null, false, null, null, null, null),
            new PlainAclEditor.AccountChange("carolKey1", secret, "1.2.3.4.5", false, null, null, null, null),
            new PlainAclEditor.AccountChange("carolKey1", secret, null, false, null, null, List.of("orders"), null),
            new PlainAclEditor.AccountChange("carolKey1", secret, null, false, null, null, List.of("=PUB"), null),
            new PlainAclEditor.AccountChange("carolKey1", secret, null, false, null, null, null, List.of("g=READ")))) {
            assertThatThrownBy(() -> PlainAclEditor.upsert(bytes(FILE), bad, NOW)).as("%s", bad)
                .isInstanceOf(AuthException.class).hasMessageNotContaining(secret).hasMessageNotContaining("tiny");
        }
        assertThatThrownBy(() -> PlainAclEditor.globalWhite(bytes(FILE), List.of("10.1.1.300"), NOW))
            .isInstanceOf(AuthException.class).hasMessageContaining("10.1.1.300");
        assertThatThrownBy(() -> PlainAclFile.parse(bytes("accounts:\n  - accessKey: !!binary [a]\n")))
            .as("a scalar tag on a collection").isInstanceOf(AuthException.class).hasMessageContaining("not valid YAML");
        assertThatThrownBy(() -> PlainAclEditor.upsert(bytes("accounts: [oops"), new PlainAclEditor.AccountChange(
            "carolKey1", secret, null, false, null, null, null, null), NOW))
            .isInstanceOf(AuthException.class).hasMessageContaining("not valid YAML");
    }

    // ---- property: any sequence of edits reads back as the model says

    /** One edit of the sequence. */
    record Op(int kind, String accessKey, String secret, boolean admin, String topicWord) {
    }

    @Provide
    Arbitrary<List<Op>> ops() {
        Arbitrary<String> keys = Arbitraries.of("aliceKey", "bobKey01", "carolKey", "rootKey1");
        Arbitrary<String> secrets = Arbitraries.strings()
            .withChars("abcXYZ0189 :#&*!|>'\"%@`-{}[],?=\\\t\u00e9\u4e2d")
            .ofMinLength(7).ofMaxLength(24)
            .filter(s -> !s.isBlank());
        Arbitrary<String> words = Arbitraries.of("DENY", "PUB", "SUB", "PUB|SUB", "SUB|PUB");
        return Combinators.combine(Arbitraries.integers().between(0, 2), keys, secrets, Arbitraries.of(true, false), words)
            .as(Op::new).list().ofMaxSize(10);
    }

    @Property(tries = 30)
    void anySequenceOfEditsReadsBackAsTheModel(@ForAll("ops") List<Op> ops) {
        byte[] file = bytes(FILE);
        Map<String, Op> model = new LinkedHashMap<>();
        model.put("rootKey1", new Op(0, "rootKey1", "rootSecret-2204", true, null));
        long counter = 0;
        for (Op op : ops) {
            PlainAclEditor.Edited e;
            if (op.kind() == 2) {
                e = PlainAclEditor.delete(file, op.accessKey(), NOW + counter);
                if (e == null) {
                    assertThat(model).doesNotContainKey(op.accessKey());
                    continue;
                }
                model.remove(op.accessKey());
            } else {
                e = PlainAclEditor.upsert(file, new PlainAclEditor.AccountChange(op.accessKey(), op.secret(), null,
                    op.admin(), op.topicWord(), null, op.kind() == 1 ? List.of("t" + op.accessKey() + "=SUB") : null, null),
                    NOW + counter);
                Op before = model.get(op.accessKey());
                model.put(op.accessKey(), new Op(op.kind(), op.accessKey(), op.secret(), op.admin(),
                    op.topicWord() != null ? op.topicWord() : before == null ? null : before.topicWord()));
            }
            counter++;
            assertThat(e.version().counter()).isEqualTo(counter);
            file = e.bytes();
            List<PlainAccount> read = PlainAclFile.parse(file).accounts();
            List<String> keys = new ArrayList<>();
            for (PlainAccount a : read) {
                keys.add(a.accessKey());
                Op expected = model.get(a.accessKey());
                assertThat(expected).as("account %s is in the model", a.accessKey()).isNotNull();
                assertThat(a.secretKey()).isEqualTo(expected.secret());
                assertThat(a.admin()).isEqualTo(expected.admin());
                if (expected.topicWord() != null) {
                    assertThat(a.defaultTopicPerm()).isEqualTo(PlainPermission.parse(expected.topicWord()));
                }
            }
            assertThat(keys).containsExactlyInAnyOrderElementsOf(model.keySet());
        }
    }
}
