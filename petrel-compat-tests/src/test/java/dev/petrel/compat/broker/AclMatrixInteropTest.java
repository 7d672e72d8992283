package dev.petrel.compat.broker;

import static dev.petrel.compat.broker.AclRequests.commitOffset;
import static dev.petrel.compat.broker.AclRequests.createTopic;
import static dev.petrel.compat.broker.AclRequests.pull;
import static dev.petrel.compat.broker.AclRequests.raw;
import static dev.petrel.compat.broker.AclRequests.send;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.rocketmq.remoting.protocol.RequestCode;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * ACL 2.0's matrix against Apache RocketMQ 5.3.1's broker and Petrel's, both with authentication and authorization
 * on and the same users: for every action a 5.3.1 remoting request checks on a resource type (Topic: Pub, Sub,
 * Create, Update, Delete, Get, List; Group: Sub, Update, Delete, Get; Cluster: Update, Get), with an Allow entry, a
 * Deny entry and no entry for it, the same request gets the same answer and remark from both. Then entries that
 * compete for one request (literal, prefixes of two lengths, {@code Type:*}, {@code *}, the Default policy): there
 * Petrel follows the documented rule (the most specific resource wins, Deny wins a tie) and each row where 5.3.1
 * answers otherwise is named in {@link #APACHE_DIFFERS} and in docs/compatibility.md, and checked to still differ.
 * No 5.3.1 remoting request checks a Namespace resource, and none checks List either (GET_ALL_TOPIC_CONFIG's annotation
 * names no resource field, so both brokers pass it whatever the ACL says: the List rows show that); Pub and Create
 * on a group and Sub, Create, Delete on a cluster are asked by no request. Petrel's own full matrix (every action ×
 * resource type × pattern × decision) is AuthorizerMatrixTest. One broker of each kind for the
 * class, requests straight to their addresses with the official client's remoting client and ACL hook.
 */
class AclMatrixInteropTest {

    static final String CLUSTER = "AclMatrix";
    static final String ROOT_SECRET = "rootSecret-8840";
    static final String ALICE_SECRET = "aliceSecret-1957";
    /** Entries every cell keeps, so the request's other resource passes and alice always has an ACL. */
    static final List<String> BASE = List.of(entry("Group:mxBase", "Sub", "Allow"), entry("Topic:mxBaseTopic", "Sub", "Allow"));

    /**
     * Rows where 5.3.1 contradicts its documented rule and Petrel follows the rule: row name to 5.3.1's answer (the
     * test checks 5.3.1 still answers so). Also listed in docs/compatibility.md (ACL 2.0 row).
     */
    static final Map<String, String> APACHE_DIFFERS = Map.of(
        // 5.3.1 sorts prefixes of one type shortest first, so the shorter prefix decides.
        "longer prefix wins", "pass",
        "longer prefix wins, allowing", deny("Topic:prefixTopic"),
        // 5.3.1's comparator ranks Type:* level with a literal or prefix listed before it, and then Allow first.
        "literal Deny beats Type:* Allow listed after it", "pass",
        "prefix Deny beats Type:* Allow listed after it", "pass");

    @TempDir
    static Path dir;
    static AclBrokerPair brokers;

    @BeforeAll
    static void start() throws Exception {
        Map<String, String> common = Map.of("authenticationEnabled", "true", "authorizationEnabled", "true",
            "initAuthenticationUser", "{\"username\":\"root\",\"password\":\"" + ROOT_SECRET + "\"}");
        Map<String, String> apacheConf = new LinkedHashMap<>(common);
        apacheConf.put("authenticationMetadataProvider",
            "org.apache.rocketmq.auth.authentication.provider.LocalAuthenticationMetadataProvider");
        apacheConf.put("authorizationMetadataProvider",
            "org.apache.rocketmq.auth.authorization.provider.LocalAuthorizationMetadataProvider");
        brokers = AclBrokerPair.start(dir, CLUSTER, apacheConf, common);
        for (String addr : List.of(brokers.petrel.address(), brokers.apache.brokerAddr())) {
            admin(addr, raw("create alice", RequestCode.AUTH_CREATE_USER, Map.of("username", "alice"),
                "{\"username\":\"alice\",\"password\":\"" + ALICE_SECRET + "\",\"userType\":\"Normal\"}"));
            admin(addr, raw("create carol", RequestCode.AUTH_CREATE_USER, Map.of("username", "carol"),
                "{\"username\":\"carol\",\"password\":\"carolSecret-1\",\"userType\":\"Normal\"}"));
            admin(addr, raw("alice's first ACL", RequestCode.AUTH_CREATE_ACL, Map.of("subject", "User:alice"),
                "{\"subject\":\"User:alice\",\"policies\":[{\"policyType\":\"Custom\",\"entries\":["
                    + String.join(",", BASE) + "]}]}"));
        }
    }

    @AfterAll
    static void stop() {
        if (brokers != null) {
            brokers.close();
        }
    }

    /** A row: alice's entries (beyond {@link #BASE}), one request, the documented answer. */
    record Row(String name, List<String> entries, AclRequests.Request request, String expected) {
    }

    @Test
    void everyActionAndResourceTypeWithAllowDenyAndNoEntryGetsTheSameAnswerFromBoth() throws Exception {
        List<Row> rows = new ArrayList<>();
        cells(rows, "Pub", "Topic:mxTopic", send("mxTopic"));
        cells(rows, "Sub", "Topic:mxTopic", pull("mxTopic", "mxBase"));
        cells(rows, "Create", "Topic:mxTopic", createTopic("mxTopic"));
        cells(rows, "Update", "Topic:mxTopic", commitOffset("mxBase", "mxTopic"));
        cells(rows, "Delete", "Topic:mxTopic", raw("delete topic mxTopic", RequestCode.DELETE_TOPIC_IN_BROKER,
            Map.of("topic", "mxTopic"), null));
        cells(rows, "Get", "Topic:mxTopic", raw("max offset of mxTopic", RequestCode.GET_MAX_OFFSET,
            Map.of("topic", "mxTopic", "queueId", "0"), null));
        for (String decision : new String[] {"Allow", "Deny", null}) {
            rows.add(new Row("List Topic:* " + decision, decision == null ? List.of() : List.of(entry("Topic:*", "List",
                decision)), raw("all topic configs", RequestCode.GET_ALL_TOPIC_CONFIG, Map.of(), null), "pass"));
        }
        cells(rows, "Sub", "Group:mxGroup", raw("send back to mxGroup", RequestCode.CONSUMER_SEND_MSG_BACK,
            Map.of("group", "mxGroup", "offset", "0", "delayLevel", "0", "unitMode", "false"), null));
        cells(rows, "Update", "Group:mxGroup", commitOffset("mxGroup", "mxBaseTopic"));
        cells(rows, "Delete", "Group:mxGroup", raw("delete group mxGroup", RequestCode.DELETE_SUBSCRIPTIONGROUP,
            Map.of("groupName", "mxGroup", "cleanOffset", "false"), null));
        cells(rows, "Get", "Group:mxGroup", raw("connections of mxGroup", RequestCode.GET_CONSUMER_CONNECTION_LIST,
            Map.of("consumerGroup", "mxGroup"), null));
        cells(rows, "Update", "Cluster:" + CLUSTER, raw("update carol", RequestCode.AUTH_UPDATE_USER,
            Map.of("username", "carol"), "{\"username\":\"carol\",\"password\":\"carolSecret-2\"}"));
        cells(rows, "Get", "Cluster:" + CLUSTER, raw("list users", RequestCode.AUTH_LIST_USER, Map.of("filter", "carol"), null));

        // Competing entries for one request (send: Pub on the topic).
        rows.add(new Row("longer prefix wins", List.of(entry("Topic:pre*", "Pub", "Allow"), entry("Topic:prefix*", "Pub",
            "Deny")), send("prefixTopic"), deny("Topic:prefixTopic")));
        rows.add(new Row("longer prefix wins, allowing", List.of(entry("Topic:pre*", "Pub", "Deny"),
            entry("Topic:prefix*", "Pub", "Allow")), send("prefixTopic"), "pass"));
        rows.add(new Row("literal beats Type:*", List.of(entry("Topic:*", "Pub", "Deny"), entry("Topic:lit", "Pub", "Allow")),
            send("lit"), "pass"));
        rows.add(new Row("literal Deny beats Type:* Allow listed after it", List.of(entry("Topic:litD", "Pub", "Deny"),
            entry("Topic:*", "Pub", "Allow")), send("litD"), deny("Topic:litD")));
        rows.add(new Row("literal Deny beats Type:* Allow listed before it", List.of(entry("Topic:*", "Pub", "Allow"),
            entry("Topic:litE", "Pub", "Deny")), send("litE"), deny("Topic:litE")));
        rows.add(new Row("prefix Deny beats Type:* Allow listed after it", List.of(entry("Topic:pfx*", "Pub", "Deny"),
            entry("Topic:*", "Pub", "Allow")), send("pfxTopic"), deny("Topic:pfxTopic")));
        rows.add(new Row("literal beats prefix", List.of(entry("Topic:lit2*", "Pub", "Deny"), entry("Topic:lit2", "Pub",
            "Allow")), send("lit2"), "pass"));
        rows.add(new Row("prefix beats literal's absence", List.of(entry("Topic:lit3*", "Pub", "Deny"), entry("Topic:lit3x",
            "Pub", "Allow")), send("lit3"), deny("Topic:lit3")));
        rows.add(new Row("Type:* beats *", List.of(entry("*", "Pub", "Allow"), entry("Topic:*", "Pub", "Deny")),
            send("anyTopic"), deny("Topic:anyTopic")));
        rows.add(new Row("All covers Pub", List.of(entry("Topic:allTopic", "All", "Deny")), send("allTopic"),
            deny("Topic:allTopic")));
        rows.add(new Row("an entry for other actions does not match", List.of(entry("Topic:subOnly", "Sub", "Allow")),
            send("subOnly"), noMatch("Topic:subOnly")));
        rows.add(new Row("Default applies when no Custom entry matches",
            List.of("DEFAULT" + entry("Topic:*", "Pub", "Allow"), entry("Topic:subOnly2", "Sub", "Deny")),
            send("subOnly2"), "pass"));
        rows.add(new Row("Custom beats Default", List.of("DEFAULT" + entry("Topic:*", "Pub", "Allow"),
            entry("Topic:closed", "Pub", "Deny")), send("closed"), deny("Topic:closed")));

        List<String> differences = new ArrayList<>();
        for (Row row : rows) {
            String onPetrel = run(brokers.petrel.address(), row);
            String onApache = run(brokers.apache.brokerAddr(), row);
            String apacheExpected = APACHE_DIFFERS.getOrDefault(row.name(), row.expected());
            if (!onPetrel.equals(row.expected()) || !onApache.equals(apacheExpected)) {
                differences.add(row.name() + " (" + row.request() + "): expected Petrel '" + row.expected()
                    + "' and Apache '" + apacheExpected + "'; Petrel '" + onPetrel + "', Apache '" + onApache + "'");
            }
        }
        assertThat(differences).as("rows where a broker's answer differs from the table").isEmpty();
    }

    /** Allow, Deny and no entry for {@code action} on {@code resource}. */
    private static void cells(List<Row> rows, String action, String resource, AclRequests.Request request) {
        rows.add(new Row(action + " " + resource + " Allow", List.of(entry(resource, action, "Allow")), request, "pass"));
        rows.add(new Row(action + " " + resource + " Deny", List.of(entry(resource, action, "Deny")), request, deny(resource)));
        rows.add(new Row(action + " " + resource + " none", List.of(), request, noMatch(resource)));
    }

    private static String run(String addr, Row row) throws Exception {
        admin(addr, raw("reset alice's ACL", RequestCode.AUTH_DELETE_ACL, Map.of("subject", "User:alice"), null));
        List<String> custom = new ArrayList<>(BASE);
        List<String> defaults = new ArrayList<>();
        for (String e : row.entries()) {
            if (e.startsWith("DEFAULT")) {
                defaults.add(e.substring("DEFAULT".length()));
            } else {
                custom.add(e);
            }
        }
        String policies = "{\"policyType\":\"Custom\",\"entries\":[" + String.join(",", custom) + "]}"
            + (defaults.isEmpty() ? "" : ",{\"policyType\":\"Default\",\"entries\":[" + String.join(",", defaults) + "]}");
        admin(addr, raw("alice's ACL", RequestCode.AUTH_CREATE_ACL, Map.of("subject", "User:alice"),
            "{\"subject\":\"User:alice\",\"policies\":[" + policies + "]}"));
        return brokers.requests.as("alice", ALICE_SECRET).outcome(addr, row.request());
    }

    private static void admin(String addr, AclRequests.Request request) throws Exception {
        String outcome = brokers.requests.as("root", ROOT_SECRET).outcome(addr, request);
        assertThat(outcome).as("%s on %s", request, addr).isEqualTo("pass");
    }


    static String entry(String resource, String action, String decision) {
        return "{\"resource\":\"" + resource + "\",\"actions\":[\"" + action + "\"],\"decision\":\"" + decision + "\"}";
    }

    static String deny(String resource) {
        return "v2: User:alice has no permission to access " + resource + " from 127.0.0.1, the decision is deny.";
    }

    static String noMatch(String resource) {
        return "v2: User:alice has no permission to access " + resource + " from 127.0.0.1, no matched policies.";
    }
}
