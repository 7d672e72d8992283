package dev.petrel.compat.broker;

import static dev.petrel.compat.broker.AclRequests.brokerConfig;
import static dev.petrel.compat.broker.AclRequests.commitOffset;
import static dev.petrel.compat.broker.AclRequests.consumerList;
import static dev.petrel.compat.broker.AclRequests.createTopic;
import static dev.petrel.compat.broker.AclRequests.heartbeat;
import static dev.petrel.compat.broker.AclRequests.pull;
import static dev.petrel.compat.broker.AclRequests.send;
import static org.assertj.core.api.Assertions.assertThat;

import dev.petrel.testkit.Await;
import org.apache.rocketmq.acl.common.AclClientRPCHook;
import org.apache.rocketmq.acl.common.SessionCredentials;
import org.apache.rocketmq.client.exception.MQBrokerException;
import org.apache.rocketmq.client.exception.MQClientException;
import org.apache.rocketmq.common.PlainAccessConfig;
import org.apache.rocketmq.remoting.protocol.body.ClusterAclVersionInfo;
import org.apache.rocketmq.tools.admin.DefaultMQAdminExt;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.io.TempDir;

/**
 * ACL 1.0: the same plain_acl.yml in front of Apache RocketMQ 5.3.1's broker and Petrel's ({@code aclEnable=true},
 * each reading it from its home's {@code conf/plain_acl.yml}) gives the same allow/deny answer, with the same
 * AclException message, for every request of a table: listed, denied and default permissions on topics and groups,
 * retry topics as groups, the trace topic, admin accounts and admin-only codes, a missing or unknown access key, a
 * wrong secret and an account white address that skips the signature. Then the same change to both files is picked
 * up by both brokers. One broker of each kind for the whole class, started side by side; the requests go straight
 * to their addresses with the official client's remoting client and ACL hook. No secret of the file reaches Petrel's
 * logs. Last, the official MQAdminExt's ACL 1.0 admin calls (codes 50–53) give the same outcomes on both.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class PlainAclInteropTest {

    static final String ALICE_SECRET = "aliceSecret-7301";
    static final String ADMIN_SECRET = "adminSecret-4417";
    static final String BOB_SECRET = "bobSecret-2958";
    static final String FILE = """
        globalWhiteRemoteAddresses:
          - 10.10.103.*
          - 192.168.0.1-5
        accounts:
          - accessKey: aliceKey1
            secretKey: %s
            admin: false
            defaultTopicPerm: DENY
            defaultGroupPerm: SUB
            topicPerms:
              - orders=PUB
              - audit=DENY
              - reports=SUB
              - both=PUB|SUB
            groupPerms:
              - billing=SUB
              - blocked=DENY
              - pubOnly=PUB
          - accessKey: adminKey1
            secretKey: %s
            admin: true
          - accessKey: bobKey01
            secretKey: %s
            whiteRemoteAddress: 127.0.0.1
            defaultTopicPerm: DENY
        """.formatted(ALICE_SECRET, ADMIN_SECRET, BOB_SECRET);

    @TempDir
    static Path dir;
    static AclBrokerPair brokers;

    @BeforeAll
    static void start() throws Exception {
        write(dir.resolve("apache/conf/plain_acl.yml"), FILE);
        write(dir.resolve("petrel-home/conf/plain_acl.yml"), FILE);
        brokers = AclBrokerPair.start(dir, "AclCluster", Map.of("aclEnable", "true"), Map.of("aclEnable", "true",
            "rocketmqHome", dir.resolve("petrel-home").toString(), "aclFileCheckIntervalMillis", "200"));
    }

    @AfterAll
    static void stop() {
        if (brokers != null) {
            brokers.close();
        }
    }

    /** One row: who signs, what is asked, and the answer both brokers must give. */
    record Row(String accessKey, String secretKey, AclRequests.Request request, String expected) {
    }

    @Test
    @Order(1)
    void bothBrokersGiveTheSameAnswersForEveryRequestOfTheTable() throws Exception {
        List<Row> rows = new ArrayList<>();
        alice(rows, send("orders"), "pass");
        alice(rows, send("audit"), "v1: No permission for topic:audit");
        alice(rows, send("reports"), "v1: No permission for topic:reports");
        alice(rows, send("unlisted"), "v1: No default permission for topic:unlisted");
        alice(rows, send("both"), "pass");
        alice(rows, send("%RETRY%billing"), "pass");
        alice(rows, send("%RETRY%blocked"), "v1: No permission for group:blocked");
        alice(rows, send("%RETRY%otherGroup"), "pass");
        alice(rows, send("RMQ_SYS_TRACE_TOPIC"), "pass");
        alice(rows, pull("reports", "billing"), "pass");
        alice(rows, pull("orders", "billing"), "v1: No permission for topic:orders");
        alice(rows, pull("reports", "blocked"), "v1: No permission for group:blocked");
        alice(rows, pull("reports", "pubOnly"), "v1: No permission for group:pubOnly");
        alice(rows, pull("unlisted", "billing"), "v1: No default permission for topic:unlisted");
        alice(rows, heartbeat("billing", "reports"), "pass");
        alice(rows, heartbeat("billing", "audit"), "v1: No permission for topic:audit");
        alice(rows, commitOffset("billing", "reports"), "pass");
        alice(rows, commitOffset("blocked", "reports"), "v1: No permission for group:blocked");
        alice(rows, consumerList("blocked"), "v1: No permission for group:blocked");
        alice(rows, consumerList("otherGroup"), "pass");
        alice(rows, createTopic("aliceTopic"),
            "v1: Need admin permission for request code=17, but accessKey=aliceKey1 is not");
        alice(rows, brokerConfig(), "pass");
        rows.add(new Row("adminKey1", ADMIN_SECRET, createTopic("adminTopic"), "pass"));
        rows.add(new Row("adminKey1", ADMIN_SECRET, send("audit"), "pass"));
        rows.add(new Row(null, null, send("orders"), "v1: No accessKey is configured"));
        rows.add(new Row("strangerKey", "strangerSecret", send("orders"), "v1: No acl config for strangerKey"));
        rows.add(new Row("aliceKey1", "not-alices-secret", send("orders"),
            "v1: Check signature failed for accessKey=aliceKey1"));
        rows.add(new Row("bobKey01", "not-bobs-secret", send("unlisted"), "pass"));

        List<String> differences = new ArrayList<>();
        for (Row row : rows) {
            brokers.requests.as(row.accessKey(), row.secretKey());
            String onApache = brokers.requests.outcome(brokers.apache.brokerAddr(), row.request());
            String apacheAnswer = brokers.requests.lastAnswer();
            String onPetrel = brokers.requests.outcome(brokers.petrel.address(), row.request());
            if (!onApache.equals(row.expected()) || !onPetrel.equals(row.expected())) {
                differences.add(row.accessKey() + " / " + row.request() + ": expected '" + row.expected() + "', Apache '"
                    + onApache + "' (" + apacheAnswer + "), Petrel '" + onPetrel + "' (" + brokers.requests.lastAnswer() + ")");
            }
        }
        assertThat(differences).as("rows where a broker's answer differs from the table").isEmpty();
    }

    @Test
    @Order(2)
    void theSameChangeToTheFileIsPickedUpByBoth() throws Exception {
        String changed = FILE.replace("- orders=PUB", "- orders=DENY");
        write(dir.resolve("apache/conf/plain_acl.yml"), changed);
        write(dir.resolve("petrel-home/conf/plain_acl.yml"), changed);
        brokers.requests.as("aliceKey1", ALICE_SECRET);
        String denied = "v1: No permission for topic:orders";
        // Apache checks its files every 5 s, Petrel every 200 ms here.
        Await.until(Duration.ofSeconds(60), "both brokers re-read plain_acl.yml",
            () -> denied.equals(outcome(brokers.petrel.address())) && denied.equals(outcome(brokers.apache.brokerAddr())));
    }

    @Test
    @Order(3)
    void noSecretOfTheFileReachesPetrelsLogs() throws Exception {
        try (Stream<Path> files = Files.walk(dir.resolve("petrel"))) {
            for (Path p : files.filter(Files::isRegularFile).filter(p -> !p.toString().contains("store")).toList()) {
                String text = Files.readString(p, StandardCharsets.ISO_8859_1);
                assertThat(text).as("%s", p).doesNotContain(ALICE_SECRET).doesNotContain(ADMIN_SECRET)
                    .doesNotContain(BOB_SECRET);
            }
        }
    }

    /**
     * The ACL 1.0 admin codes 50–53 through the official MQAdminExt (what mqadmin's updateAclConfig, deleteAclConfig,
     * updateGlobalWhiteAddr and clusterAclConfigVersion call), signed by the admin account: the same outcomes from
     * both brokers, and each change in force for the next request on both. Differences on purpose, each checked to
     * still differ: a refused short secret's remark (5.3.1 quotes the secret) and GET_BROKER_CLUSTER_ACL_INFO (5.3.1
     * leaves out allAclFileVersion and its own client fails on the answer).
     */
    @Test
    @Order(4)
    void theAclOneAdminCodesGiveTheSameOutcomesOnBoth() throws Exception {
        DefaultMQAdminExt admin = new DefaultMQAdminExt(new AclClientRPCHook(new SessionCredentials("adminKey1",
            ADMIN_SECRET)), 30_000);
        admin.setNamesrvAddr("127.0.0.1:" + dev.petrel.testkit.FreePorts.next()); // none: every call names its broker
        admin.setInstanceName("plain-acl-admin-" + System.nanoTime());
        admin.start();
        try {
            Map<String, String> brokerOf = Map.of("Apache", brokers.apache.brokerAddr(), "Petrel", brokers.petrel.address());
            Map<String, Path> fileOf = Map.of("Apache", dir.resolve("apache/conf/plain_acl.yml"),
                "Petrel", dir.resolve("petrel-home/conf/plain_acl.yml"));
            List<String> differences = new ArrayList<>();
            java.util.function.BiConsumer<String, AdminCall> same = (what, call) -> {
                String a = attempt(() -> call.run(brokerOf.get("Apache"), fileOf.get("Apache")));
                String p = attempt(() -> call.run(brokerOf.get("Petrel"), fileOf.get("Petrel")));
                if (!a.equals(p)) {
                    differences.add(what + ": Apache '" + a + "', Petrel '" + p + "'");
                }
            };

            PlainAccessConfig carol = new PlainAccessConfig();
            carol.setAccessKey("carolKey1");
            carol.setSecretKey("carolSecret-5512");
            carol.setDefaultTopicPerm("DENY");
            carol.setTopicPerms(List.of("orders=PUB"));
            same.accept("create carolKey1", (addr, file) -> admin.createAndUpdatePlainAccessConfig(addr, carol));
            awaitBoth("carolKey1", "carolSecret-5512", send("orders"), "pass");
            awaitBoth("carolKey1", "carolSecret-5512", send("unlisted"), "v1: No default permission for topic:unlisted");

            PlainAccessConfig update = new PlainAccessConfig();
            update.setAccessKey("carolKey1");
            update.setSecretKey("carolSecret-5512");
            update.setDefaultTopicPerm("PUB");
            same.accept("update carolKey1", (addr, file) -> admin.createAndUpdatePlainAccessConfig(addr, update));
            awaitBoth("carolKey1", "carolSecret-5512", send("unlisted"), "pass");

            PlainAccessConfig badPerm = new PlainAccessConfig();
            badPerm.setAccessKey("carolKey2");
            badPerm.setSecretKey("carolSecret-5512");
            badPerm.setTopicPerms(List.of("orders"));
            same.accept("create with a bad topicPerms item", (addr, file) -> codeOnly(() ->
                admin.createAndUpdatePlainAccessConfig(addr, badPerm)));
            PlainAccessConfig shortSecret = new PlainAccessConfig();
            shortSecret.setAccessKey("carolKey2");
            shortSecret.setSecretKey("tiny12");
            same.accept("create with a short secret", (addr, file) -> codeOnly(() ->
                admin.createAndUpdatePlainAccessConfig(addr, shortSecret)));
            assertThat(attempt(() -> admin.createAndUpdatePlainAccessConfig(brokerOf.get("Apache"), shortSecret)))
                .as("5.3.1 quotes the secret it refuses").contains("tiny12");
            assertThat(attempt(() -> admin.createAndUpdatePlainAccessConfig(brokerOf.get("Petrel"), shortSecret)))
                .as("Petrel does not").doesNotContain("tiny12").contains("7 characters or more");

            same.accept("delete carolKey1", (addr, file) -> admin.deletePlainAccessConfig(addr, "carolKey1"));
            awaitBoth("carolKey1", "carolSecret-5512", send("orders"), "v1: No acl config for carolKey1");
            same.accept("delete carolKey1 again", (addr, file) -> admin.deletePlainAccessConfig(addr, "carolKey1"));

            same.accept("global white addresses of the named file", (addr, file) ->
                admin.updateGlobalWhiteAddrConfig(addr, "10.10.104.*,192.168.0.1-5", file.toString()));
            for (Path f : fileOf.values()) {
                assertThat(Files.readString(f)).as("%s", f).contains("10.10.104.*");
            }
            same.accept("global white addresses of the default file", (addr, file) ->
                admin.updateGlobalWhiteAddrConfig(addr, "10.10.105.*", null));
            for (Path f : fileOf.values()) {
                assertThat(Files.readString(f)).as("%s", f).contains("10.10.105.*").doesNotContain("10.10.104.*");
            }
            same.accept("global white addresses of a file outside the home", (addr, file) -> codeOnly(() ->
                admin.updateGlobalWhiteAddrConfig(addr, "10.10.106.*", "/etc/passwd")));
            assertThat(differences).as("admin calls whose outcome differs between the brokers").isEmpty();

            // the named differences
            assertThat(attempt(() -> admin.examineBrokerClusterAclVersionInfo(brokerOf.get("Apache"))))
                .as("5.3.1's client fails on 5.3.1's answer").contains("NullPointerException");
            ClusterAclVersionInfo info = admin.examineBrokerClusterAclVersionInfo(brokerOf.get("Petrel"));
            assertThat(info.getBrokerAddr()).isEqualTo(brokerOf.get("Petrel"));
            assertThat(info.getClusterName()).isEqualTo("AclCluster");
            assertThat(info.getAllAclConfigDataVersion()).containsKey(fileOf.get("Petrel").toAbsolutePath().normalize()
                .toString());
            assertThat(info.getAclConfigDataVersion().getCounter().get()).as("five changes of the default file")
                .isEqualTo(5);
        } finally {
            admin.shutdown();
        }
    }

    /** One admin call against one broker, given its address and its default ACL file. */
    @FunctionalInterface
    interface AdminCall {
        void run(String addr, Path file) throws Exception;
    }

    @FunctionalInterface
    interface Attempt {
        void run() throws Exception;
    }

    /** "ok", or the failure's code and message. */
    private static String attempt(Attempt call) {
        try {
            call.run();
            return "ok";
        } catch (MQClientException e) {
            return "code " + e.getResponseCode() + ": " + e.getErrorMessage();
        } catch (MQBrokerException e) {
            return "code " + e.getResponseCode() + ": " + e.getErrorMessage();
        } catch (Exception e) {
            return e.toString();
        }
    }

    /** Only the code of a failure (the remarks of these refusals differ in wording on purpose). */
    private static void codeOnly(Attempt call) throws Exception {
        try {
            call.run();
        } catch (MQClientException e) {
            throw new MQClientException(e.getResponseCode(), "refused");
        }
    }

    /** Both brokers give {@code expected} (Apache re-reads its file every 5 s, so the answer may take that long). */
    private static void awaitBoth(String accessKey, String secretKey, AclRequests.Request request, String expected) {
        Await.until(Duration.ofSeconds(60), "both brokers answer '" + expected + "' to " + request + " by " + accessKey,
            () -> {
                brokers.requests.as(accessKey, secretKey);
                return expected.equals(outcomeOf(brokers.apache.brokerAddr(), request))
                    && expected.equals(outcomeOf(brokers.petrel.address(), request));
            });
    }

    private static String outcomeOf(String addr, AclRequests.Request request) {
        try {
            return brokers.requests.outcome(addr, request);
        } catch (Exception e) {
            return e.toString();
        }
    }

    private static String outcome(String addr) {
        try {
            return brokers.requests.outcome(addr, send("orders"));
        } catch (Exception e) {
            return e.toString();
        }
    }

    private static void alice(List<Row> rows, AclRequests.Request request, String expected) {
        rows.add(new Row("aliceKey1", ALICE_SECRET, request, expected));
    }

    private static void write(Path p, String text) throws Exception {
        Files.createDirectories(p.getParent());
        Path tmp = p.resolveSibling(p.getFileName() + ".tmp");
        Files.writeString(tmp, text, StandardCharsets.UTF_8);
        Files.move(tmp, p, java.nio.file.StandardCopyOption.REPLACE_EXISTING, java.nio.file.StandardCopyOption.ATOMIC_MOVE);
    }
}
