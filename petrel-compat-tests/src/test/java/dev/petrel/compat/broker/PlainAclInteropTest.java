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
 * logs.
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
