package dev.petrel.broker;

import static org.assertj.core.api.Assertions.assertThat;

import dev.petrel.protocol.auth.RequestSignature;
import dev.petrel.protocol.auth.SessionCredentials;
import dev.petrel.protocol.code.ResponseCode;
import dev.petrel.protocol.frame.RemotingCommand;
import dev.petrel.testkit.Await;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * ACL 1.0 on a real broker: {@code aclEnable=true} with a plain_acl.yml under {@code rocketmqHome}; refusals answer
 * SYSTEM_ERROR with RocketMQ's AclException text and store nothing; the file's changes are picked up by the watcher
 * thread, a bad change leaves the last good file in force; {@code migrateAuthFromV1Enabled} turns the same file into
 * ACL 2.0 users and ACLs that give the same answers.
 */
class PlainAclBrokerTest {

    static final SessionCredentials ALICE = new SessionCredentials("aliceKey", "aliceSecret-6615");
    static final String FILE = """
        accounts:
          - accessKey: aliceKey
            secretKey: aliceSecret-6615
            defaultTopicPerm: DENY
            topicPerms: [orders=PUB]
          - accessKey: rootKey1
            secretKey: rootSecret-2204
            admin: true
        """;
    static final String PREFIX = "org.apache.rocketmq.acl.common.AclException: ";

    @TempDir
    Path dir;

    @Test
    void aclEnableChecksEveryRequestAndReloadsTheFile() throws Exception {
        Path file = write(dir.resolve("home/conf/plain_acl.yml"), FILE, 1);
        try (BrokerFixture f = new BrokerFixture(dir.resolve("store"), Map.of("aclEnable", "true",
            "rocketmqHome", dir.resolve("home").toString(), "aclFileCheckIntervalMillis", "100"))) {
            assertOk(f.call(sign(AclBrokerTest.sendRequest("orders"))));
            refused(f.call(AclBrokerTest.sendRequest("orders")), "No accessKey is configured");
            refused(f.call(RequestSignature.sign(AclBrokerTest.sendRequest("orders"),
                new SessionCredentials("aliceKey", "not-her-secret"))), "Check signature failed for accessKey=aliceKey");
            refused(f.call(sign(AclBrokerTest.sendRequest("other"))), "No default permission for topic:other");
            assertThat(f.broker.store().maxOffsetInQueue("orders", 0)).isEqualTo(1);
            assertThat(f.broker.store().maxOffsetInQueue("other", 0)).as("nothing stored when refused").isZero();
            assertThat(f.broker.auth().failures().counts().values().stream().mapToLong(Long::longValue).sum()).isEqualTo(3);
            assertThat(authFailures(f, "no_access_key")).isEqualTo(1);
            assertThat(authFailures(f, "bad_signature")).isEqualTo(1);
            assertThat(authFailures(f, "not_authorized")).isEqualTo(1);
            assertThat(authFailures(f, "unknown_user")).as("every reason is exported, zero included").isZero();

            write(file, FILE.replace("[orders=PUB]", "[orders=PUB, other=PUB]"), 2);
            Await.until(Duration.ofSeconds(60), "the watcher re-reads the changed plain_acl.yml",
                () -> code(f, sign(AclBrokerTest.sendRequest("other"))) == ResponseCode.SUCCESS);

            write(file, "accounts:\n  - accessKey: [not a key\n", 3);
            // The bad change is seen (and logged) at the next check; the last good file stays in force meanwhile.
            Await.until(Duration.ofSeconds(60), "the watcher sees the bad change", () -> !f.broker.auth().pollPlainAcl());
            assertOk(f.call(sign(AclBrokerTest.sendRequest("other"))));
            assertThat(f.broker.store().maxOffsetInQueue("other", 0)).isEqualTo(2);
        }
    }

    @Test
    void migrationTurnsTheFileIntoUsersAndAclsWithTheSameAnswers() throws Exception {
        write(dir.resolve("home/conf/plain_acl.yml"), FILE, 1);
        try (BrokerFixture f = new BrokerFixture(dir.resolve("store"), Map.of("migrateAuthFromV1Enabled", "true",
            "authenticationEnabled", "true", "authorizationEnabled", "true", "rocketmqHome", dir.resolve("home").toString()))) {
            assertThat(f.broker.auth().metadata().user("aliceKey").isSuper()).isFalse();
            assertThat(f.broker.auth().metadata().user("rootKey1").isSuper()).isTrue();
            assertOk(f.call(sign(AclBrokerTest.sendRequest("orders"))));
            RemotingCommand denied = f.call(sign(AclBrokerTest.sendRequest("other")));
            assertThat(denied.code()).isEqualTo(ResponseCode.NO_PERMISSION);
            assertThat(denied.remark()).isEqualTo("User:aliceKey has no permission to access Topic:other from 127.0.0.1, "
                + "the decision is deny.");
            assertOk(f.call(RequestSignature.sign(AclBrokerTest.sendRequest("other"),
                new SessionCredentials("rootKey1", "rootSecret-2204"))));
        }
    }

    /** petrel_auth_failures{reason} as a scrape would read it. */
    static double authFailures(BrokerFixture f, String reason) {
        for (io.prometheus.metrics.model.snapshots.MetricSnapshot m : f.broker.metrics().collect()) {
            if (m.getMetadata().getName().equals("petrel_auth_failures")) {
                for (io.prometheus.metrics.model.snapshots.CounterSnapshot.CounterDataPointSnapshot p
                    : ((io.prometheus.metrics.model.snapshots.CounterSnapshot) m).getDataPoints()) {
                    if (reason.equals(p.getLabels().get("reason"))) {
                        return p.getValue();
                    }
                }
            }
        }
        throw new AssertionError("no petrel_auth_failures series for reason " + reason);
    }

    private static int code(BrokerFixture f, RemotingCommand request) {
        try {
            return f.call(request).code();
        } catch (Exception e) {
            throw new AssertionError(e);
        }
    }

    private static RemotingCommand sign(RemotingCommand r) {
        return RequestSignature.sign(r, ALICE);
    }

    private static void assertOk(RemotingCommand response) {
        assertThat(response.code()).as("%s", response.remark()).isEqualTo(ResponseCode.SUCCESS);
    }

    private static void refused(RemotingCommand response, String message) {
        assertThat(response.code()).as("%s", response.remark()).isEqualTo(ResponseCode.SYSTEM_ERROR);
        assertThat(response.remark()).isEqualTo(PREFIX + message);
    }

    static Path write(Path p, String text, int version) throws Exception {
        Files.createDirectories(p.getParent());
        Files.writeString(p, text, StandardCharsets.UTF_8);
        Files.setLastModifiedTime(p, FileTime.fromMillis(1_700_000_000_000L + version * 10_000L));
        return p;
    }
}
