package dev.petrel.broker;

import static org.assertj.core.api.Assertions.assertThat;

import dev.petrel.protocol.auth.RequestSignature;
import dev.petrel.protocol.auth.SessionCredentials;
import dev.petrel.protocol.code.RequestCode;
import dev.petrel.protocol.code.ResponseCode;
import dev.petrel.protocol.frame.RemotingCommand;
import dev.petrel.protocol.header.admin.CreateAccessConfigRequestHeader;
import dev.petrel.protocol.header.admin.DeleteAccessConfigRequestHeader;
import dev.petrel.protocol.header.admin.UpdateGlobalWhiteAddrsConfigRequestHeader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The ACL 1.0 admin codes 50–53 on a real broker with {@code aclEnable=true}: an admin account creates, updates and
 * deletes accounts and replaces the global white addresses; each change is in the file (durably: it survives a
 * restart, keeps the file's permissions, moves its dataVersion on) and in force for the very next request; bad input
 * is refused with RocketMQ's failure code and a remark that names the problem and never the secret, the file
 * untouched; a non-admin account is refused by ACL 1.0 itself.
 */
class PlainAclAdminBrokerTest {

    static final SessionCredentials ROOT = new SessionCredentials("rootKey1", "rootSecret-2204");
    static final String FILE = """
        accounts:
          - accessKey: rootKey1
            secretKey: rootSecret-2204
            admin: true
          - accessKey: aliceKey
            secretKey: aliceSecret-6615
            defaultTopicPerm: DENY
            topicPerms: [orders=PUB]
        """;

    @TempDir
    Path dir;

    private BrokerFixture start() throws Exception {
        Path file = PlainAclBrokerTest.write(dir.resolve("home/conf/plain_acl.yml"), FILE, 1);
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-------"));
        return new BrokerFixture(dir.resolve("store"), Map.of("aclEnable", "true",
            "rocketmqHome", dir.resolve("home").toString(), "aclFileCheckIntervalMillis", "0"));
    }

    private static RemotingCommand admin(BrokerFixture f, int code, Record header) throws Exception {
        return f.call(RequestSignature.sign(RemotingCommand.request(code, header == null ? Map.of()
            : BrokerFixture.encode(header), null), ROOT));
    }

    private static RemotingCommand send(BrokerFixture f, String topic, SessionCredentials who) throws Exception {
        return f.call(RequestSignature.sign(AclBrokerTest.sendRequest(topic), who));
    }

    @Test
    void createUpdateAndDeleteAnAccountTakeEffectAtOnceAndSurviveARestart() throws Exception {
        SessionCredentials bob = new SessionCredentials("bobKey01", "bobSecret-8812");
        Path file = dir.resolve("home/conf/plain_acl.yml");
        try (BrokerFixture f = start()) {
            assertThat(send(f, "orders", bob).remark()).endsWith("No acl config for bobKey01");

            RemotingCommand created = admin(f, RequestCode.UPDATE_AND_CREATE_ACL_CONFIG, new CreateAccessConfigRequestHeader(
                "bobKey01", "bobSecret-8812", null, false, "DENY", "SUB", "orders=PUB|SUB", "billing=SUB"));
            assertThat(created.code()).as("%s", created.remark()).isEqualTo(ResponseCode.SUCCESS);
            assertThat(send(f, "orders", bob).code()).isEqualTo(ResponseCode.SUCCESS);
            assertThat(send(f, "other", bob).remark()).endsWith("No default permission for topic:other");

            // an update of the default topic permission only: the topic list and the rest stay
            assertThat(admin(f, RequestCode.UPDATE_AND_CREATE_ACL_CONFIG, new CreateAccessConfigRequestHeader(
                "bobKey01", "bobSecret-8812", null, false, "PUB", null, null, null)).code()).isEqualTo(ResponseCode.SUCCESS);
            assertThat(send(f, "other", bob).code()).isEqualTo(ResponseCode.SUCCESS);
            String text = Files.readString(file);
            assertThat(text).contains("orders=PUB|SUB", "billing=SUB", "defaultTopicPerm: PUB", "defaultGroupPerm: SUB",
                "counter: 2");
            assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(file))).isEqualTo("rw-------");
        }
        try (BrokerFixture f = start2()) {
            assertThat(send(f, "other", bob).code()).as("the account outlives the broker").isEqualTo(ResponseCode.SUCCESS);
            RemotingCommand deleted = admin(f, RequestCode.DELETE_ACL_CONFIG, new DeleteAccessConfigRequestHeader("bobKey01"));
            assertThat(deleted.code()).as("%s", deleted.remark()).isEqualTo(ResponseCode.SUCCESS);
            assertThat(send(f, "other", bob).remark()).endsWith("No acl config for bobKey01");
            RemotingCommand again = admin(f, RequestCode.DELETE_ACL_CONFIG, new DeleteAccessConfigRequestHeader("bobKey01"));
            assertThat(again.code()).isEqualTo(210);
            assertThat(again.remark()).isEqualTo("The accessKey[bobKey01] corresponding to accessConfig has been deleted "
                + "failed.");
            assertThat(Files.readString(file)).doesNotContain("bobKey01").contains("aliceKey", "counter: 3");
        }
    }

    /** The same home and store, as left by the first broker (the file is not rewritten). */
    private BrokerFixture start2() {
        return new BrokerFixture(dir.resolve("store"), Map.of("aclEnable", "true",
            "rocketmqHome", dir.resolve("home").toString(), "aclFileCheckIntervalMillis", "0"));
    }

    @Test
    void badChangesAreRefusedWithTheFailureCodeAndTheFileIsUntouched() throws Exception {
        Path file = dir.resolve("home/conf/plain_acl.yml");
        try (BrokerFixture f = start()) {
            String before = Files.readString(file);
            RemotingCommand shortSecret = admin(f, RequestCode.UPDATE_AND_CREATE_ACL_CONFIG,
                new CreateAccessConfigRequestHeader("carolKey1", "tiny12", null, false, null, null, null, null));
            assertThat(shortSecret.code()).isEqualTo(209);
            assertThat(shortSecret.remark()).contains("secretKey of accessKey=carolKey1", "7 characters or more")
                .doesNotContain("tiny12");
            RemotingCommand badPerm = admin(f, RequestCode.UPDATE_AND_CREATE_ACL_CONFIG,
                new CreateAccessConfigRequestHeader("carolKey1", "carolSecret-1", null, false, null, null, "orders=ALL", null));
            assertThat(badPerm.code()).isEqualTo(209);
            assertThat(badPerm.remark()).contains("orders=ALL", "'SUB' or 'PUB'");
            RemotingCommand badAddress = admin(f, RequestCode.UPDATE_AND_CREATE_ACL_CONFIG,
                new CreateAccessConfigRequestHeader("carolKey1", "carolSecret-1", "300.1.1.1", false, null, null, null, null));
            assertThat(badAddress.code()).isEqualTo(209);
            assertThat(badAddress.remark()).contains("300.1.1.1").doesNotContain("carolSecret-1");
            RemotingCommand noKey = f.call(RequestSignature.sign(RemotingCommand.request(
                RequestCode.UPDATE_AND_CREATE_ACL_CONFIG, Map.of("secretKey", "carolSecret-1", "admin", "false"), null), ROOT));
            assertThat(noKey.code()).isNotEqualTo(ResponseCode.SUCCESS);
            assertThat(noKey.remark()).contains("accessKey");
            RemotingCommand outside = admin(f, RequestCode.UPDATE_GLOBAL_WHITE_ADDRS_CONFIG,
                new UpdateGlobalWhiteAddrsConfigRequestHeader("10.0.0.1", "/etc/passwd"));
            assertThat(outside.code()).isEqualTo(211);
            assertThat(outside.remark()).contains("not under the broker's RocketMQ home");
            assertThat(Files.readString(file)).as("nothing written").isEqualTo(before);

            RemotingCommand byAlice = f.call(RequestSignature.sign(RemotingCommand.request(
                RequestCode.DELETE_ACL_CONFIG, Map.of("accessKey", "rootKey1"), null),
                new SessionCredentials("aliceKey", "aliceSecret-6615")));
            assertThat(byAlice.code()).isEqualTo(ResponseCode.SYSTEM_ERROR);
            assertThat(byAlice.remark()).endsWith("Need admin permission for request code=51, but accessKey=aliceKey is not");
        }
    }

    @Test
    void globalWhiteAddressesAndTheVersionsTheBrokerReports() throws Exception {
        try (BrokerFixture f = start()) {
            RemotingCommand info = admin(f, RequestCode.GET_BROKER_CLUSTER_ACL_INFO, null);
            assertThat(info.code()).isEqualTo(ResponseCode.SUCCESS);
            assertThat(info.extField("version")).startsWith("{\"counter\":0,\"stateVersion\":0,\"timestamp\":");
            assertThat(info.extField("brokerName")).isEqualTo(f.broker.identity().brokerName());
            assertThat(info.extField("brokerAddr")).isEqualTo(f.broker.identity().address());
            assertThat(info.extField("clusterName")).isEqualTo(f.broker.identity().clusterName());
            Path file = dir.resolve("home/conf/plain_acl.yml").toAbsolutePath().normalize();
            assertThat(info.extField("allAclFileVersion")).startsWith("{\"" + file + "\":{\"counter\":0,");

            // unsigned requests from 127.0.0.1 pass once it is a global white address
            assertThat(f.call(AclBrokerTest.sendRequest("anything")).code()).isEqualTo(ResponseCode.SYSTEM_ERROR);
            RemotingCommand white = admin(f, RequestCode.UPDATE_GLOBAL_WHITE_ADDRS_CONFIG,
                new UpdateGlobalWhiteAddrsConfigRequestHeader("10.10.103.*,127.0.0.1", ""));
            assertThat(white.code()).as("%s", white.remark()).isEqualTo(ResponseCode.SUCCESS);
            assertThat(f.call(AclBrokerTest.sendRequest("anything")).code()).isEqualTo(ResponseCode.SUCCESS);
            assertThat(Files.readString(file)).contains("globalWhiteRemoteAddresses:", "10.10.103.*", "127.0.0.1");

            RemotingCommand after = admin(f, RequestCode.GET_BROKER_CLUSTER_ACL_INFO, null);
            assertThat(after.extField("version")).startsWith("{\"counter\":1,\"stateVersion\":0,\"timestamp\":");
            assertThat(after.extField("allAclFileVersion")).contains("\"counter\":1");

            RemotingCommand badPattern = admin(f, RequestCode.UPDATE_GLOBAL_WHITE_ADDRS_CONFIG,
                new UpdateGlobalWhiteAddrsConfigRequestHeader("10.10.1.1-300", ""));
            assertThat(badPattern.code()).isEqualTo(211);
            assertThat(badPattern.remark()).contains("10.10.1.1-300");
        }
    }

    @Test
    void withAclOffTheCodesAreRefusedWithAReason(@TempDir Path other) throws Exception {
        try (BrokerFixture f = new BrokerFixture(other, Map.of())) {
            RemotingCommand r = f.call(RemotingCommand.request(RequestCode.DELETE_ACL_CONFIG,
                Map.of("accessKey", "someKey1"), null));
            assertThat(r.code()).isEqualTo(210);
            assertThat(r.remark()).contains("aclEnable=false");
        }
    }
}
