package dev.petrel.broker;

import static org.assertj.core.api.Assertions.assertThat;

import dev.petrel.protocol.auth.RequestSignature;
import dev.petrel.protocol.auth.SessionCredentials;
import dev.petrel.protocol.body.PropertiesBodyCodec;
import dev.petrel.protocol.body.ProtocolJson;
import dev.petrel.protocol.body.auth.AclInfo;
import dev.petrel.protocol.body.auth.UserInfo;
import dev.petrel.protocol.code.RequestCode;
import dev.petrel.protocol.code.ResponseCode;
import dev.petrel.protocol.frame.RemotingCommand;
import dev.petrel.protocol.header.client.SendMessageV2HeaderCodec;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * ACL 2.0 on a real broker over real sockets: refusals with RocketMQ's code and remarks and nothing executed
 * (offsets stay put), allow / deny with deny winning at equal specificity, source-IP conditions, the AUTH_* admin
 * codes, users surviving a restart, and secrets kept out of GET_BROKER_CONFIG.
 */
class AclBrokerTest {

    static final SessionCredentials ROOT = new SessionCredentials("root", "rootSecret-7781");
    static final SessionCredentials INNER = new SessionCredentials("inner", "innerSecret-5512");
    static final SessionCredentials ALICE = new SessionCredentials("alice", "aliceSecret-3390");

    @TempDir
    Path dir;
    BrokerFixture f;

    @BeforeEach
    void start() throws Exception {
        Map<String, String> conf = new HashMap<>();
        conf.put("authenticationEnabled", "true");
        conf.put("authorizationEnabled", "true");
        conf.put("initAuthenticationUser", "{\"username\":\"root\",\"password\":\"rootSecret-7781\"}");
        conf.put("innerClientAuthenticationCredentials", "{\"accessKey\":\"inner\",\"secretKey\":\"innerSecret-5512\"}");
        conf.put("authenticationWhitelist", Integer.toString(RequestCode.GET_BROKER_CONFIG));
        f = new BrokerFixture(dir, conf);
        assertOk(admin(RequestCode.AUTH_CREATE_USER, Map.of("username", "alice"),
            UserInfo.CODEC.encode(new UserInfo(null, ALICE.secretKey(), "Normal", null))));
    }

    @AfterEach
    void stop() {
        f.close();
    }

    @Test
    void badCredentialsAreRefusedWithRocketMqRemarksAndNothingIsStored() throws Exception {
        allow("Topic:orders", "Pub");

        RemotingCommand unsigned = f.call(sendRequest("orders"));
        assertRefused(unsigned, "username cannot be null.");
        assertRefused(f.call(sign(sendRequest("orders"), new SessionCredentials("bob", "whatever-123"))),
            "User:bob is not found.");
        assertRefused(f.call(sign(sendRequest("orders"), new SessionCredentials("alice", "wrong-secret"))),
            "check signature failed.");
        RemotingCommand tampered = sign(sendRequest("orders"), ALICE).toBuilder().body("changed".getBytes()).build();
        assertRefused(f.call(tampered), "check signature failed.");

        assertOk(admin(RequestCode.AUTH_UPDATE_USER, Map.of("username", "alice"),
            UserInfo.CODEC.encode(new UserInfo(null, null, null, "disable"))));
        assertRefused(f.call(sign(sendRequest("orders"), ALICE)), "User:alice is disabled.");
        assertThat(f.broker.store().maxOffsetInQueue("orders", 0)).as("nothing stored while refused").isZero();
        assertThat(f.broker.topics().get("orders")).as("refused sends do not auto-create the topic").isNull();

        assertOk(admin(RequestCode.AUTH_UPDATE_USER, Map.of("username", "alice"),
            UserInfo.CODEC.encode(new UserInfo(null, null, null, "enable"))));
        assertOk(f.call(sign(sendRequest("orders"), ALICE)));
        assertThat(f.broker.store().maxOffsetInQueue("orders", 0)).isEqualTo(1);
        assertThat(f.broker.auth().failures().counts().values().stream().mapToLong(Long::longValue).sum())
            .isEqualTo(5);
    }

    @Test
    void allowDenyPrefixAndSourceIpDecideAndDenyWinsAtEqualSpecificity() throws Exception {
        allow("Topic:*", "Pub");
        entry("Topic:secret", "Deny", List.of("Pub"), null);
        entry("Topic:pre*", "Deny", List.of("Pub"), null);
        entry("Topic:pre-open", "Allow", List.of("Pub"), null);
        entry("Topic:local", "Deny", List.of("Pub"), List.of("127.0.0.0/8"));
        entry("Topic:remote", "Deny", List.of("Pub"), List.of("10.0.0.0/8"));

        assertOk(f.call(sign(sendRequest("anything"), ALICE)));
        assertRefused(f.call(sign(sendRequest("secret"), ALICE)),
            "User:alice has no permission to access Topic:secret from 127.0.0.1, the decision is deny.");
        assertRefused(f.call(sign(sendRequest("prefixed"), ALICE)),
            "User:alice has no permission to access Topic:prefixed from 127.0.0.1, the decision is deny.");
        assertOk(f.call(sign(sendRequest("pre-open"), ALICE)));
        assertRefused(f.call(sign(sendRequest("local"), ALICE)),
            "User:alice has no permission to access Topic:local from 127.0.0.1, the decision is deny.");
        assertOk(f.call(sign(sendRequest("remote"), ALICE)));

        // Pub does not grant Sub: a pull is refused on the topic before anything is read.
        RemotingCommand pull = RemotingCommand.request(RequestCode.PULL_MESSAGE,
            dev.petrel.protocol.header.client.PullMessageRequestHeaderCodec.INSTANCE.encode(
                BrokerFixture.pullHeader("g1", "anything", 0, 0, 0, 0, "*")), null);
        assertRefused(f.call(sign(pull, ALICE)),
            "User:alice has no permission to access Topic:anything from 127.0.0.1, no matched policies.");

        // Super users pass every check.
        assertOk(f.call(sign(sendRequest("secret"), ROOT)));
        assertThat(f.broker.store().maxOffsetInQueue("secret", 0)).isEqualTo(1);
        assertThat(f.broker.store().maxOffsetInQueue("local", 0)).isZero();
    }

    @Test
    void defaultPolicyAppliesOnlyWhenNoCustomEntryMatches() throws Exception {
        AclInfo acl = new AclInfo("User:alice", List.of(
            new AclInfo.PolicyInfo("Default", List.of(new AclInfo.PolicyEntryInfo("Topic:*", List.of("Pub"), null, "Allow"))),
            new AclInfo.PolicyInfo("Custom", List.of(new AclInfo.PolicyEntryInfo("Topic:closed", List.of("Pub"), null, "Deny")))));
        assertOk(admin(RequestCode.AUTH_CREATE_ACL, Map.of("subject", "User:alice"), AclInfo.CODEC.encode(acl)));
        assertOk(f.call(sign(sendRequest("open"), ALICE)));
        assertRefused(f.call(sign(sendRequest("closed"), ALICE)),
            "User:alice has no permission to access Topic:closed from 127.0.0.1, the decision is deny.");
    }

    @Test
    void adminCodesManageUsersAndAclsDurably() throws Exception {
        allow("Topic:orders", "Pub", "Sub");
        RemotingCommand get = admin(RequestCode.AUTH_GET_USER, Map.of("username", "alice"), null);
        assertOk(get);
        UserInfo alice = UserInfo.CODEC.decode(get.body());
        assertThat(alice).isEqualTo(new UserInfo("alice", ALICE.secretKey(), "Normal", "enable"));
        RemotingCommand list = admin(RequestCode.AUTH_LIST_USER, Map.of("filter", "li"), null);
        assertThat(new String(list.body(), StandardCharsets.UTF_8)).contains("\"username\":\"alice\"").doesNotContain("root");

        RemotingCommand byNormal = f.call(sign(RemotingCommand.request(RequestCode.AUTH_CREATE_USER, Map.of("username", "evil"),
            UserInfo.CODEC.encode(new UserInfo(null, "evilSecret1", "Super", null))), ALICE));
        assertThat(byNormal.code()).isEqualTo(ResponseCode.NO_PERMISSION);
        assertThat(byNormal.remark()).isEqualTo("User:alice has no permission to access Cluster:DefaultCluster from "
            + "127.0.0.1, no matched policies.");
        allow("Cluster:DefaultCluster", "Update");
        RemotingCommand stillNot = f.call(sign(RemotingCommand.request(RequestCode.AUTH_CREATE_USER,
            Map.of("username", "evil"), UserInfo.CODEC.encode(new UserInfo(null, "evilSecret1", "Super", null))), ALICE));
        assertThat(stillNot.code()).isEqualTo(ResponseCode.SYSTEM_ERROR);
        assertThat(stillNot.remark()).isEqualTo("The super user can only be create by super user");

        assertThat(admin(RequestCode.AUTH_CREATE_USER, Map.of("username", "alice"),
            UserInfo.CODEC.encode(new UserInfo(null, "x1234567", null, null))).remark()).isEqualTo("The user is existed");
        assertThat(admin(RequestCode.AUTH_CREATE_USER, Map.of(), UserInfo.CODEC.encode(new UserInfo(null, "x", null, null)))
            .remark()).isEqualTo("The username is blank");
        RemotingCommand badIp = admin(RequestCode.AUTH_CREATE_ACL, Map.of("subject", "User:alice"), AclInfo.CODEC.encode(
            new AclInfo(null, List.of(new AclInfo.PolicyInfo(null, List.of(
                new AclInfo.PolicyEntryInfo("Topic:t", List.of("Pub"), List.of("not-an-ip"), "Allow")))))));
        assertThat(badIp.code()).isEqualTo(ResponseCode.NO_PERMISSION);
        assertThat(badIp.remark()).isEqualTo("The source ip is invalid.");
        RemotingCommand nobody = admin(RequestCode.AUTH_CREATE_ACL, Map.of("subject", "User:nobody"), AclInfo.CODEC.encode(
            new AclInfo(null, List.of(new AclInfo.PolicyInfo(null, List.of(
                new AclInfo.PolicyEntryInfo("Topic:t", List.of("Pub"), null, "Allow")))))));
        assertThat(nobody.remark()).isEqualTo("The subject of User:nobody is not exist.");

        f.restart();
        assertOk(f.call(sign(sendRequest("orders"), ALICE)));
        RemotingCommand acl = admin(RequestCode.AUTH_GET_ACL, Map.of("subject", "User:alice"), null);
        AclInfo info = AclInfo.CODEC.decode(acl.body());
        assertThat(info.policies()).hasSize(1);
        assertThat(info.policies().get(0).entries()).extracting(AclInfo.PolicyEntryInfo::resource)
            .containsExactlyInAnyOrder("Topic:orders", "Cluster:DefaultCluster");
        assertThat(new String(admin(RequestCode.AUTH_LIST_ACL, Map.of("resourceFilter", "orders"), null).body(),
            StandardCharsets.UTF_8)).contains("User:alice");

        assertOk(admin(RequestCode.AUTH_DELETE_ACL, Map.of("subject", "User:alice", "resource", "Topic:orders"), null));
        assertRefused(f.call(sign(sendRequest("orders"), ALICE)),
            "User:alice has no permission to access Topic:orders from 127.0.0.1, no matched policies.");
        assertOk(admin(RequestCode.AUTH_DELETE_USER, Map.of("username", "alice"), null));
        assertRefused(f.call(sign(sendRequest("orders"), ALICE)), "User:alice is not found.");
        assertThat(admin(RequestCode.AUTH_GET_ACL, Map.of("subject", "User:alice"), null).body()).isNull();
        assertThat(Files.readString(dir.resolve("config/auth.json"))).contains("\"root\"").doesNotContain("alice");
    }

    @Test
    void secretsStayOutOfGetBrokerConfigAndTheInnerUserIsSuper() throws Exception {
        RemotingCommand get = f.call(RemotingCommand.request(RequestCode.GET_BROKER_CONFIG, null, null));
        assertOk(get);
        String text = new String(get.body(), StandardCharsets.UTF_8);
        Map<String, String> props = PropertiesBodyCodec.decode(get.body());
        assertThat(props).containsEntry("initAuthenticationUser", "******")
            .containsEntry("innerClientAuthenticationCredentials", "******").containsEntry("authenticationEnabled", "true");
        assertThat(text).doesNotContain(ROOT.secretKey()).doesNotContain(INNER.secretKey());
        assertOk(f.call(sign(sendRequest("innerTopic"), INNER)));
    }

    private void allow(String resource, String... actions) throws Exception {
        entry(resource, "Allow", List.of(actions), null);
    }

    private void entry(String resource, String decision, List<String> actions, List<String> ips) throws Exception {
        AclInfo acl = new AclInfo(null, List.of(new AclInfo.PolicyInfo(null, List.of(
            new AclInfo.PolicyEntryInfo(resource, actions, ips, decision)))));
        assertOk(admin(RequestCode.AUTH_CREATE_ACL, Map.of("subject", "User:alice"), AclInfo.CODEC.encode(acl)));
    }

    private RemotingCommand admin(int code, Map<String, String> header, byte[] body) throws Exception {
        return f.call(sign(RemotingCommand.request(code, header, body), ROOT));
    }

    static RemotingCommand sendRequest(String topic) {
        return RemotingCommand.request(RequestCode.SEND_MESSAGE_V2, SendMessageV2HeaderCodec.INSTANCE.encode(
            BrokerFixture.sendHeader(topic, 0, BrokerFixture.props("KEYS", "k"))), "payload".getBytes(StandardCharsets.UTF_8));
    }

    static RemotingCommand sign(RemotingCommand request, SessionCredentials credentials) {
        return RequestSignature.sign(request, credentials);
    }

    private static void assertOk(RemotingCommand response) {
        assertThat(response.code()).as("%s", response.remark()).isEqualTo(ResponseCode.SUCCESS);
    }

    private static void assertRefused(RemotingCommand response, String remark) {
        assertThat(response.code()).as("%s", response.remark()).isEqualTo(ResponseCode.NO_PERMISSION);
        assertThat(response.remark()).isEqualTo(remark);
    }

    static String json(Object o) {
        return ProtocolJson.codec().encodeToString(o);
    }
}
