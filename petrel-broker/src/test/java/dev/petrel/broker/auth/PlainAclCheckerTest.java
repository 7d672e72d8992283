package dev.petrel.broker.auth;

import static org.assertj.core.api.Assertions.assertThat;

import dev.petrel.protocol.auth.RequestSignature;
import dev.petrel.protocol.auth.SessionCredentials;
import dev.petrel.protocol.code.RequestCode;
import dev.petrel.protocol.frame.RemotingCommand;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * ACL 1.0's order of checks (security.md §2.5) and its request table (§2.6), request by request: white addresses
 * skip everything, then the access key, the signature, the trace topic, admin accounts, admin-only codes, listed
 * permissions and the defaults; groups are their retry topics.
 */
class PlainAclCheckerTest {

    static final String FILE = """
        globalWhiteRemoteAddresses: [10.9.9.*]
        accounts:
          - accessKey: normalUser
            secretKey: normalSecret1
            whiteRemoteAddress: 10.1.1.1
            defaultTopicPerm: SUB
            defaultGroupPerm: DENY
            topicPerms: [orders=PUB, audit=DENY, both=PUB|SUB]
            groupPerms: [billing=SUB, blocked=DENY]
          - accessKey: adminUser
            secretKey: adminSecret1
            admin: true
        """;
    static final SessionCredentials NORMAL = new SessionCredentials("normalUser", "normalSecret1");
    static final SessionCredentials ADMIN = new SessionCredentials("adminUser", "adminSecret1");

    final PlainAclChecker.Accounts accounts = PlainAclChecker.Accounts.merge(
        List.of(PlainAclFile.parse(PlainAclFileFuzzTest.bytes(FILE))), k -> { });
    final PlainAclChecker checker = new PlainAclChecker(() -> accounts);

    @Test
    void whiteAddressesSkipEveryCheck() {
        assertThat(checker.check(send("audit", null), "10.9.9.4")).as("global white, no access key").isNull();
        RemotingCommand unsignedButNamed = RemotingCommand.request(RequestCode.SEND_MESSAGE_V2,
            Map.of("a", "pg", "b", "audit", "AccessKey", "normalUser"), null);
        assertThat(checker.check(unsignedButNamed, "10.1.1.1")).as("account white: no signature, no permission").isNull();
        assertThat(refusal(unsignedButNamed, "10.1.1.2")).isEqualTo("Check signature failed for accessKey=normalUser");
    }

    @Test
    void accessKeyThenSignatureThenPermissions() {
        assertThat(refusal(send("orders", null), "127.0.0.1")).isEqualTo("No accessKey is configured");
        assertThat(refusal(send("orders", new SessionCredentials("stranger", "strangerSecret")), "127.0.0.1"))
            .isEqualTo("No acl config for stranger");
        assertThat(refusal(send("orders", new SessionCredentials("normalUser", "wrongSecret1")), "127.0.0.1"))
            .isEqualTo("Check signature failed for accessKey=normalUser");
        assertThat(checker.check(send("orders", NORMAL), "127.0.0.1")).isNull();
        assertThat(refusal(send("audit", NORMAL), "127.0.0.1")).isEqualTo("No permission for topic:audit");
        assertThat(refusal(send("unlisted", NORMAL), "127.0.0.1")).as("default SUB does not grant PUB")
            .isEqualTo("No default permission for topic:unlisted");
        assertThat(checker.check(send("both", NORMAL), "127.0.0.1")).isNull();
        assertThat(checker.check(send("RMQ_SYS_TRACE_TOPIC", NORMAL), "127.0.0.1")).as("trace writes are free").isNull();
        assertThat(refusal(sign(RemotingCommand.request(RequestCode.UPDATE_AND_CREATE_TOPIC, Map.of("topic", "t"), null),
            NORMAL), "127.0.0.1")).isEqualTo("Need admin permission for request code=17, but accessKey=normalUser is not");
        assertThat(checker.check(sign(RemotingCommand.request(RequestCode.UPDATE_AND_CREATE_TOPIC, Map.of("topic", "t"),
            null), ADMIN), "127.0.0.1")).isNull();
        assertThat(checker.check(send("audit", ADMIN), "127.0.0.1")).as("admins skip permissions").isNull();
        assertThat(checker.check(sign(RemotingCommand.request(RequestCode.GET_ROUTEINFO_BY_TOPIC, Map.of("topic", "audit"),
            null), NORMAL), "127.0.0.1")).as("codes outside the table need a signature only").isNull();
    }

    @Test
    void groupsAreTheirRetryTopics() {
        assertThat(checker.check(pull("unlisted", "billing"), "127.0.0.1")).as("topic default SUB, group SUB").isNull();
        assertThat(refusal(pull("unlisted", "blocked"), "127.0.0.1")).isEqualTo("No permission for group:blocked");
        assertThat(refusal(pull("unlisted", "other"), "127.0.0.1")).isEqualTo("No default permission for group:other");
        assertThat(refusal(pull("orders", "billing"), "127.0.0.1")).isEqualTo("No permission for topic:orders");
        assertThat(checker.check(send("%RETRY%billing", NORMAL), "127.0.0.1")).as("a retry send is SUB on the group")
            .isNull();
        assertThat(refusal(send("%RETRY%blocked", NORMAL), "127.0.0.1")).isEqualTo("No permission for group:blocked");
        RemotingCommand back = sign(RemotingCommand.request(RequestCode.CONSUMER_SEND_MSG_BACK,
            Map.of("group", "billing", "offset", "0"), null), NORMAL);
        assertThat(checker.check(back, "127.0.0.1")).isNull();
        RemotingCommand commit = sign(RemotingCommand.request(RequestCode.UPDATE_CONSUMER_OFFSET,
            Map.of("consumerGroup", "billing", "topic", "orders", "queueId", "0", "commitOffset", "1"), null), NORMAL);
        assertThat(refusal(commit, "127.0.0.1")).isEqualTo("No permission for topic:orders");
        RemotingCommand broken = sign(RemotingCommand.request(RequestCode.UPDATE_CONSUMER_OFFSET,
            Map.of("consumerGroup", "billing"), null), NORMAL);
        assertThat(checker.check(broken, "10.9.9.1")).as("an unreadable header is refused even from a white address")
            .extracting(PlainAclChecker.Refusal::reason).isEqualTo(AuthFailures.Reason.BAD_REQUEST);
        RemotingCommand badHeartbeat = sign(RemotingCommand.request(RequestCode.HEART_BEAT, Map.of(),
            "{not json".getBytes()), NORMAL);
        assertThat(checker.check(badHeartbeat, "127.0.0.1").reason()).isEqualTo(AuthFailures.Reason.BAD_REQUEST);
    }

    @Test
    void missingWrongHugeAndNonAsciiAuthenticationFieldsAreRefusedNeverPassed() {
        java.util.Random random = new java.util.Random(77);
        String huge = "x".repeat(1 << 20);
        String[] keys = {null, "", "normalUser", "normalUser ", "nörmalUser", "normalUser\u0000", huge, "adminUser"};
        String[] signatures = {null, "", "AAAAAAAAAAAAAAAAAAAAAAAAAAA=", huge, "é", RequestSignature.compute("normalSecret1",
            "other content".getBytes())};
        for (int i = 0; i < 2000; i++) {
            java.util.Map<String, String> f = new java.util.HashMap<>(Map.of("a", "pg", "b", random.nextBoolean() ? "orders"
                : "unlisted"));
            String key = keys[random.nextInt(keys.length)];
            String signature = signatures[random.nextInt(signatures.length)];
            if (key != null) {
                f.put("AccessKey", key);
            }
            if (signature != null) {
                f.put("Signature", signature);
            }
            if (random.nextBoolean()) {
                f.put("SecurityToken", keys[random.nextInt(keys.length)] == null ? "" : "token");
            }
            RemotingCommand r = RemotingCommand.request(RequestCode.SEND_MESSAGE_V2, f, random.nextBoolean() ? null
                : "body".getBytes());
            assertThat(checker.check(r, "127.0.0.1")).as("fields %s", f.keySet()).isNotNull();
        }
    }

    private String refusal(RemotingCommand request, String ip) {
        PlainAclChecker.Refusal r = checker.check(request, ip);
        assertThat(r).as("refused").isNotNull();
        assertThat(r.remark()).isEqualTo("org.apache.rocketmq.acl.common.AclException: " + r.message());
        return r.message();
    }

    private RemotingCommand pull(String topic, String group) {
        return sign(RemotingCommand.request(RequestCode.PULL_MESSAGE, Map.of("consumerGroup", group, "topic", topic,
            "queueId", "0", "queueOffset", "0"), null), NORMAL);
    }

    static RemotingCommand send(String topic, SessionCredentials credentials) {
        RemotingCommand r = RemotingCommand.request(RequestCode.SEND_MESSAGE_V2, Map.of("a", "pg", "b", topic),
            "body".getBytes());
        return credentials == null ? r : sign(r, credentials);
    }

    static RemotingCommand sign(RemotingCommand r, SessionCredentials c) {
        return RequestSignature.sign(r, c);
    }
}
