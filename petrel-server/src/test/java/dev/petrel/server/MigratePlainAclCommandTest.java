package dev.petrel.server;

import static org.assertj.core.api.Assertions.assertThat;

import dev.petrel.admin.cli.AdminCli;
import dev.petrel.broker.BrokerConfig;
import dev.petrel.broker.BrokerServer;
import dev.petrel.broker.auth.Acl;
import dev.petrel.broker.auth.PolicyType;
import dev.petrel.common.time.Clock;
import dev.petrel.testkit.FreePorts;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code petrel admin migratePlainAcl} against a running broker with ACL 2.0 on: the file's accounts become users
 * with their ACLs (signed as the broker's Super user), a second run skips them, a wrong secret is refused with the
 * broker's remark, and a bad file is a usage error that names the problem without quoting a secret.
 */
class MigratePlainAclCommandTest {

    static final String FILE = """
        accounts:
          - accessKey: aliceKey1
            secretKey: aliceSecret-3391
            defaultTopicPerm: DENY
            defaultGroupPerm: SUB
            topicPerms: [orders=PUB, audit=DENY]
            groupPerms: [billing=PUB|SUB]
          - accessKey: adminKey1
            secretKey: adminSecret-8120
            admin: true
        """;

    @TempDir
    Path dir;

    @Test
    void theFilesAccountsBecomeUsersAndAclsOnTheBroker() throws Exception {
        int port = FreePorts.next();
        BrokerServer broker = new BrokerServer(BrokerConfig.FILE.parse(Map.of("storePathRootDir", dir.resolve("store").toString(),
            "listenPort", Integer.toString(port), "brokerIP1", "127.0.0.1", "authenticationEnabled", "true",
            "authorizationEnabled", "true", "initAuthenticationUser", "{\"username\":\"root\",\"password\":\"rootSecret-5\"}",
            "mappedFileSizeCommitLog", Integer.toString(16 * 1024 * 1024)), k -> {
                throw new IllegalArgumentException(k);
            }), Clock.system());
        broker.start();
        try {
            Path file = dir.resolve("plain_acl.yml");
            Files.writeString(file, FILE);
            String addr = "127.0.0.1:" + port;
            Result first = admin("migratePlainAcl", "-n", "127.0.0.1:1", "-b", addr, "-f", file.toString(),
                "--accessKey", "root", "--secretKey", "rootSecret-5");
            assertThat(first.exit).as(first.err).isEqualTo(AdminCli.OK);
            assertThat(first.out).contains("migrate accessKey aliceKey1 to " + addr + ": created Normal user and 5 ACL entries")
                .contains("migrate accessKey adminKey1 to " + addr + ": created Super user, no ACL entries")
                .doesNotContain("aliceSecret-3391");
            assertThat(broker.auth().metadata().user("aliceKey1").password()).isEqualTo("aliceSecret-3391");
            assertThat(broker.auth().metadata().user("adminKey1").isSuper()).isTrue();
            Acl acl = broker.auth().metadata().acl("User:aliceKey1");
            assertThat(acl.entries(PolicyType.CUSTOM)).extracting(e -> e.resource().key() + " " + e.decision().wireName())
                .containsExactlyInAnyOrder("Topic:orders Allow", "Topic:audit Deny", "Group:billing Allow");
            assertThat(acl.entries(PolicyType.DEFAULT)).extracting(e -> e.resource().key() + " " + e.actions().stream().map(x -> x.wireName()).toList() + " "
                + e.decision().wireName())
                .containsExactlyInAnyOrder("Topic:* [All] Deny", "Group:* [Sub] Allow");

            Result again = admin("migratePlainAcl", "-n", "127.0.0.1:1", "-b", addr, "-f", file.toString(),
                "--accessKey", "root", "--secretKey", "rootSecret-5");
            assertThat(again.exit).isEqualTo(AdminCli.OK);
            assertThat(again.out).contains("aliceKey1 to " + addr + ": skipped: a user of that name exists");

            Result wrong = admin("migratePlainAcl", "-n", "127.0.0.1:1", "-b", addr, "-f", file.toString(),
                "--accessKey", "root", "--secretKey", "not-the-secret");
            assertThat(wrong.exit).isEqualTo(AdminCli.REFUSED);
            assertThat(wrong.err).contains("check signature failed.");

            Files.writeString(file, FILE.replace("secretKey: aliceSecret-3391", "secretKey: aliceSecret-3391\n    bogus: 1"));
            Result bad = admin("migratePlainAcl", "-n", "127.0.0.1:1", "-b", addr, "-f", file.toString());
            assertThat(bad.exit).isEqualTo(AdminCli.USAGE);
            assertThat(bad.err).contains("unknown key 'bogus'").doesNotContain("aliceSecret-3391");
        } finally {
            broker.close();
        }
    }

    record Result(int exit, String out, String err) {
    }

    private static Result admin(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int exit = AdminCli.admin(List.of(args), new PrintStream(out, true, StandardCharsets.UTF_8),
            new PrintStream(err, true, StandardCharsets.UTF_8), Map.of(), List.of(MigratePlainAclCommand.command()));
        return new Result(exit, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }
}
