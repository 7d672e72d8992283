package dev.petrel.dashboard;

import static org.assertj.core.api.Assertions.assertThat;

import dev.petrel.client.NoRouteException;
import dev.petrel.client.ReceivedMessage;
import dev.petrel.client.producer.SendResult;
import dev.petrel.embedded.EmbeddedPetrel;
import dev.petrel.protocol.body.MessageQueue;
import dev.petrel.protocol.body.route.TopicRouteData;
import dev.petrel.testkit.Await;
import java.nio.charset.StandardCharsets;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import org.assertj.core.api.Assertions;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The dashboard's JSON API over real HTTP against a real in-process NameServer and broker ({@link Workload}): each
 * endpoint reports the workload's facts exactly (offsets, lag, keys, bodies), and each change it makes is seen by
 * the admin protocol afterwards. One broker and two dashboards (one read-only) for the class.
 */
class DashboardApiTest {

    /** A small body limit, so the refused body is small enough for the server to drain and answer cleanly. */
    private static final int LIMIT = 16 * 1024;

    private static Workload work;
    private static DashboardServer dashboard;
    private static DashboardServer readOnly;
    private static Http http;
    private static Http readOnlyHttp;

    @BeforeAll
    static void start() {
        work = new Workload();
        work.awaitLiveCaughtUp();
        dashboard = new DashboardServer(work.dashboard(false, LIMIT)).start();
        readOnly = new DashboardServer(work.dashboard(true, LIMIT)).start();
        http = new Http(dashboard.port());
        readOnlyHttp = new Http(readOnly.port());
    }

    @AfterAll
    static void stop() throws Exception {
        Workload.closeAll(readOnly, dashboard, work);
    }

    @SuppressWarnings("unchecked")
    private static List<Map<String, Object>> rows(Map<String, Object> data, String key) {
        return (List<Map<String, Object>>) data.get(key);
    }

    private static long number(Object value) {
        return ((Number) value).longValue();
    }

    private static Map<String, Object> row(List<Map<String, Object>> rows, String key, Object value) {
        return rows.stream().filter(r -> value.equals(r.get(key))).findFirst()
            .orElseThrow(() -> new AssertionError("no row with " + key + "=" + value + " in " + rows));
    }

    // ---- overview and topics

    @Test
    void overviewListsTheBrokerWithRoleVersionAndTps() {
        Map<String, Object> o = http.get("/api/overview").data();

        assertThat(o).containsEntry("namesrvAddr", work.ns()).containsEntry("readOnly", false).containsEntry("clusters", 1);
        Map<String, Object> b = rows(o, "brokers").get(0);
        assertThat(b).containsEntry("brokerName", EmbeddedPetrel.BROKER_NAME).containsEntry("cluster", EmbeddedPetrel.CLUSTER)
            .containsEntry("role", "MASTER").containsEntry("address", work.petrel.brokerAddr());
        assertThat((String) b.get("version")).startsWith("V5_");
        assertThat(b.get("inTps")).isInstanceOf(Number.class);
        assertThat(b.get("error")).isNull();
        assertThat(number(o.get("topics"))).isGreaterThanOrEqualTo(2);
    }

    @Test
    void topicListHasTheWorkloadTopicWithItsQueuesAndTypes() {
        Map<String, Object> list = http.get("/api/topics").data();
        List<Map<String, Object>> topics = rows(list, "topics");

        assertThat(row(topics, "topic", Workload.TOPIC)).containsEntry("type", "NORMAL").containsEntry("readQueues", 4)
            .containsEntry("writeQueues", 4).containsEntry("perm", "RW")
            .containsEntry("brokers", List.of(EmbeddedPetrel.BROKER_NAME));
        assertThat(row(topics, "topic", "%RETRY%" + Workload.LAGGING)).containsEntry("type", "RETRY");
        assertThat(row(topics, "topic", Workload.DLQ)).containsEntry("type", "DLQ");
        assertThat(row(topics, "topic", "TBW102")).containsEntry("type", "SYSTEM");
        assertThat((Map<?, ?>) list.get("errors")).isEmpty();
    }

    @Test
    void topicDetailHasMinAndMaxOffsetPerQueueAndTheLagOfEachGroup() {
        Map<String, Object> d = http.get("/api/topic", Map.of("topic", Workload.TOPIC)).data();

        List<Map<String, Object>> queues = rows(d, "queues");
        assertThat(queues).hasSize(Workload.QUEUES);
        for (int q = 0; q < Workload.QUEUES; q++) {
            Map<String, Object> r = row(queues, "queueId", q);
            assertThat(number(r.get("minOffset"))).isZero();
            assertThat(number(r.get("maxOffset"))).isEqualTo(work.maxOffset(q)).isEqualTo(q == 0 ? 4 : 3);
        }
        assertThat(number(d.get("totalMessages"))).isEqualTo(Workload.MESSAGES);
        assertThat(row(rows(d, "groups"), "group", Workload.LAGGING)).containsEntry("lag", Workload.LAG);
        assertThat(row(rows(d, "groups"), "group", Workload.LIVE)).containsEntry("lag", 0);
        assertThat(row(rows(d, "route"), "brokerName", EmbeddedPetrel.BROKER_NAME)).containsEntry("readQueues", 4)
            .containsEntry("cluster", EmbeddedPetrel.CLUSTER);
    }

    @Test
    void createUpdatesAndDeletesATopic() {
        Map<String, Object> created = http.post("/api/topic/createOrUpdate", Map.of("topic", "ApiCreated",
            "readQueueNums", 3, "writeQueueNums", 3)).data();
        assertThat(created).containsEntry("brokers", List.of(work.petrel.brokerAddr()));
        TopicRouteData route = Await.value(Workload.WAIT, "the route of ApiCreated", () -> routeOrNull("ApiCreated"),
            r -> r != null && r.queueDatas().get(0).readQueueNums() == 3);
        assertThat(route.queueDatas().get(0).writeQueueNums()).isEqualTo(3);

        http.post("/api/topic/createOrUpdate", Map.of("topic", "ApiCreated", "readQueueNums", "5", "writeQueueNums", "5",
            "perm", 4)).data();
        route = Await.value(Workload.WAIT, "the updated route", () -> routeOrNull("ApiCreated"),
            r -> r != null && r.queueDatas().get(0).readQueueNums() == 5);
        assertThat(route.queueDatas().get(0).perm()).isEqualTo(4);

        Map<String, Object> deleted = http.post("/api/topic/delete", Map.of("topic", "ApiCreated")).data();
        assertThat(deleted).containsEntry("clusters", List.of(EmbeddedPetrel.CLUSTER));
        Await.until(Workload.WAIT, "ApiCreated has no route", () -> routeOrNull("ApiCreated") == null);
        Http.Answer gone = http.get("/api/topic", Map.of("topic", "ApiCreated"));
        assertThat(gone.status()).isEqualTo(404);
        assertThat(gone.error()).contains("ApiCreated");
    }

    private static TopicRouteData routeOrNull(String topic) {
        try {
            return work.admin.topicRoute(topic);
        } catch (NoRouteException e) {
            return null;
        }
    }

    @Test
    void aBadTopicNameIsRefusedWithTheReason() {
        Http.Answer a = http.post("/api/topic/createOrUpdate", Map.of("topic", "bad topic!"));

        assertThat(a.status()).isEqualTo(400);
        assertThat(a.error()).contains("bad topic!");
    }

    // ---- groups

    @Test
    void groupListAndDetailShowMembersAndLagPerQueue() {
        List<Map<String, Object>> groups = http.get("/api/groups").list();
        assertThat(row(groups, "group", Workload.LAGGING)).containsEntry("lag", Workload.LAG).containsEntry("members", 0)
            .containsEntry("system", false);
        assertThat(row(groups, "group", Workload.LIVE)).containsEntry("lag", 0).containsEntry("members", 1)
            .containsEntry("messageModel", "CLUSTERING");

        Map<String, Object> d = http.get("/api/group", Map.of("group", Workload.LAGGING)).data();
        assertThat(d).containsEntry("online", false).containsEntry("lag", Workload.LAG);
        List<Map<String, Object>> queues = rows(d, "queues").stream()
            .filter(q -> Workload.TOPIC.equals(q.get("topic"))).toList();
        assertThat(queues).hasSize(Workload.QUEUES);
        // the first 10 messages (2 or 3 per queue) were consumed; messages 10, 11, 12 went to queues 2, 3, 0
        assertThat(row(queues, "queueId", 0)).containsEntry("brokerOffset", 4).containsEntry("consumerOffset", 3)
            .containsEntry("lag", 1);
        assertThat(row(queues, "queueId", 1)).containsEntry("lag", 0);
        assertThat((List<Object>) d.get("topics")).contains(Workload.TOPIC);

        Map<String, Object> live = http.get("/api/group", Map.of("group", Workload.LIVE)).data();
        assertThat(live).containsEntry("online", true).containsEntry("consumeType", "CONSUME_PASSIVELY");
        assertThat(rows(live, "members")).singleElement().satisfies(m -> assertThat((String) m.get("clientId")).isNotBlank());
        // the topic and, as Apache's client does, the group's retry topic
        assertThat(rows(live, "subscriptions")).extracting(s -> s.get("topic"))
            .containsExactly("%RETRY%" + Workload.LIVE, Workload.TOPIC);
        assertThat(row(rows(live, "subscriptions"), "topic", Workload.TOPIC)).containsEntry("expression", "*");
    }

    @Test
    void resetOffsetMovesTheGroupToEarliestTimeAndLatest() {
        work.caughtUpGroup("dash-reset");

        List<Map<String, Object>> earliest = http.post("/api/group/resetOffset", Map.of("group", "dash-reset",
            "topic", Workload.TOPIC, "mode", "earliest")).list();
        assertThat(earliest).hasSize(Workload.QUEUES).allSatisfy(r -> assertThat(number(r.get("offset"))).isZero());
        assertThat(lag("dash-reset")).isEqualTo(Workload.MESSAGES);

        // per queue, the offset of the first message stored at or after message 10 (queue 2, offset 2); queue 1's
        // messages (1, 5, 9) are all older, so it moves to its end
        long t10 = work.admin.viewMessage(Workload.TOPIC, work.sent.get(10).msgId()).storeTimestamp();
        List<Map<String, Object>> byTime = http.post("/api/group/resetOffset", Map.of("group", "dash-reset",
            "topic", Workload.TOPIC, "mode", "time", "timestamp", t10)).list();
        assertThat(number(row(byTime, "queueId", 2).get("offset"))).isEqualTo(2);
        assertThat(number(row(byTime, "queueId", 1).get("offset"))).isEqualTo(3);

        http.post("/api/group/resetOffset", Map.of("group", "dash-reset", "topic", Workload.TOPIC, "mode", "latest")).list();
        assertThat(lag("dash-reset")).isZero();
        assertThat(work.admin.consumerOffset("dash-reset", new MessageQueue(Workload.TOPIC, EmbeddedPetrel.BROKER_NAME, 0)))
            .isEqualTo(4);

        Http.Answer bad = http.post("/api/group/resetOffset", Map.of("group", "dash-reset", "topic", Workload.TOPIC,
            "mode", "yesterday"));
        assertThat(bad.status()).isEqualTo(400);
        assertThat(bad.error()).contains("earliest, latest or time");
    }

    private static long lag(String group) {
        return number(http.get("/api/group", Map.of("group", group)).data().get("lag"));
    }

    @Test
    void producersOfAGroupAreItsLiveConnections() {
        // the broker knows a producer from its heartbeats (every 200 ms in the workload)
        List<Map<String, Object>> p = Await.value(Workload.WAIT, "the producer's connection", () -> http.get(
            "/api/producers", Map.of("group", Workload.PRODUCER, "topic", Workload.TOPIC)), a -> a.status() == 200).list();

        assertThat(p).singleElement().satisfies(c -> assertThat(c).containsEntry("clientId", work.producer.clientId())
            .containsEntry("language", "JAVA"));
    }

    // ---- messages

    @Test
    void searchByKeyFindsExactlyThatMessage() {
        Map<String, Object> s = http.get("/api/messages/byKey", Map.of("topic", Workload.TOPIC, "key", "order-7")).data();

        assertThat(rows(s, "messages")).singleElement().satisfies(m -> assertThat(m)
            .containsEntry("msgId", work.sent.get(7).msgId()).containsEntry("queueId", 3).containsEntry("queueOffset", 1)
            .containsEntry("keys", List.of("order-7")).containsEntry("tags", "TagA"));
    }

    @Test
    void searchByTimeReturnsTheMessagesStoredInTheRangeOldestFirst() {
        long t3 = store(3);
        long t9 = store(9);
        Map<String, Object> all = http.get("/api/messages/byTime", Map.of("topic", Workload.TOPIC, "begin", 0,
            "end", t9 + 3_600_000)).data();
        assertThat(rows(all, "messages")).hasSize(Workload.MESSAGES);
        assertThat(all).containsEntry("truncated", false);

        Map<String, Object> range = http.get("/api/messages/byTime", Map.of("topic", Workload.TOPIC, "begin", t3,
            "end", t9 + 1)).data();
        List<Long> times = rows(range, "messages").stream().map(m -> number(m.get("storeTimestamp"))).toList();
        assertThat(times).isSorted().allSatisfy(t -> assertThat(t).isBetween(t3, t9));
        assertThat(rows(range, "messages")).extracting(m -> m.get("msgId"))
            .contains(work.sent.get(3).msgId(), work.sent.get(9).msgId());

        Map<String, Object> capped = http.get("/api/messages/byTime", Map.of("topic", Workload.TOPIC, "begin", 0,
            "end", t9 + 3_600_000, "max", 5)).data();
        assertThat(rows(capped, "messages")).hasSize(5);
        assertThat(capped).containsEntry("truncated", true);
    }

    private static long store(int i) {
        return work.admin.viewMessage(Workload.TOPIC, work.sent.get(i).msgId()).storeTimestamp();
    }

    @Test
    void messageDetailHasPropertiesBodyAsTextAndHexAndStatePerGroup() {
        SendResult s = work.sent.get(11);
        Map<String, Object> d = http.get("/api/message", Map.of("topic", Workload.TOPIC, "msgId", s.msgId())).data();

        byte[] body = Workload.body(11).getBytes(StandardCharsets.UTF_8);
        assertThat(d).containsEntry("msgId", s.msgId()).containsEntry("bodyText", Workload.body(11))
            .containsEntry("bodyHex", HexFormat.ofDelimiter(" ").formatHex(body)).containsEntry("bodyLength", body.length)
            .containsEntry("bodyTruncated", false).containsEntry("queueId", 3).containsEntry("queueOffset", 2);
        @SuppressWarnings("unchecked")
        Map<String, Object> props = (Map<String, Object>) d.get("properties");
        assertThat(props).containsEntry("KEYS", "order-11").containsEntry("TAGS", "TagA");
        assertThat(row(rows(d, "tracks"), "group", Workload.LAGGING)).containsEntry("state", "NOT_CONSUME_YET");
        assertThat(row(rows(d, "tracks"), "group", Workload.LIVE)).containsEntry("state", "CONSUMED");
        assertThat(row(rows(http.get("/api/message", Map.of("topic", Workload.TOPIC, "msgId", work.sent.get(1).msgId()))
            .data(), "tracks"), "group", Workload.LAGGING)).containsEntry("state", "CONSUMED");
    }

    @Test
    void sendThenResendMakeNewMessagesWithTheSameBodyAndKeys() {
        // (to the resend topic, so the workload topic's figures stay exact)
        Map<String, Object> sent = http.post("/api/message/send", Map.of("topic", Workload.RESEND, "body", "ünïcode <x>",
            "key", "api-sent extra-key", "tag", "TagS")).data();
        assertThat(sent).containsEntry("status", "SEND_OK").containsEntry("topic", Workload.RESEND);
        ReceivedMessage m = work.admin.viewMessage(Workload.RESEND, (String) sent.get("msgId"));
        assertThat(m.bodyAsString()).isEqualTo("ünïcode <x>");
        assertThat(m.keys()).containsExactly("api-sent", "extra-key");
        assertThat(m.tags()).isEqualTo("TagS");

        Map<String, Object> resent = http.post("/api/message/resend", Map.of("topic", Workload.RESEND, "msgId",
            sent.get("msgId"))).data();
        assertThat(resent.get("msgId")).isNotEqualTo(sent.get("msgId"));
        ReceivedMessage copy = work.admin.viewMessage(Workload.RESEND, (String) resent.get("msgId"));
        assertThat(copy.bodyAsString()).isEqualTo("ünïcode <x>");
        assertThat(copy.keys()).containsExactly("api-sent", "extra-key");
        assertThat(copy.tags()).isEqualTo("TagS");
    }

    @Test
    void deadLettersAreListedAndResendGoesToTheOriginalTopic() {
        Map<String, Object> s = http.get("/api/dlq", Map.of("group", Workload.LAGGING, "begin", 0)).data();
        assertThat(rows(s, "messages")).singleElement().satisfies(m -> assertThat(m)
            .containsEntry("msgId", work.deadLetter.msgId()).containsEntry("topic", Workload.DLQ));

        Map<String, Object> resent = http.post("/api/message/resend", Map.of("topic", Workload.DLQ, "msgId",
            work.deadLetter.msgId())).data();
        assertThat(resent).containsEntry("topic", Workload.RESEND);
        ReceivedMessage copy = work.admin.viewMessage(Workload.RESEND, (String) resent.get("msgId"));
        assertThat(copy.bodyAsString()).isEqualTo("dead letter <i>1</i>");
        assertThat(copy.keys()).containsExactly("dead-1");
        assertThat(copy.property("RETRY_TOPIC")).isNull();

        Map<String, Object> none = http.get("/api/dlq", Map.of("group", "never-failed")).data();
        assertThat(rows(none, "messages")).isEmpty();
        assertThat((String) none.get("note")).contains("%DLQ%never-failed");
    }

    @Test
    void anUnknownMessageIdIsNotFoundWithAHint() {
        Http.Answer a = http.get("/api/message", Map.of("topic", Workload.TOPIC, "msgId", "NO-SUCH-MESSAGE"));

        assertThat(a.status()).isEqualTo(404);
        assertThat(a.error()).contains("was not found");
    }

    // ---- consumer groups: create, update, delete; the canary page without a canary

    @Test
    void aGroupIsCreatedUpdatedAndDeletedOnTheBroker() {
        String group = "dash-api-group";
        Map<String, Object> created = http.post("/api/group/createOrUpdate", Map.of("group", group, "retryMaxTimes", 3,
            "retryQueueNums", 2, "consumeMessageOrderly", true)).data();
        assertThat(created).containsEntry("group", group).containsEntry("retryMaxTimes", 3)
            .containsEntry("brokers", List.of(work.petrel.brokerAddr()));
        try (dev.petrel.admin.AdminClient admin = new dev.petrel.admin.AdminClient(work.ns(), Workload.WAIT)) {
            dev.petrel.protocol.body.subscription.SubscriptionGroupConfig c =
                admin.groupConfigs(work.petrel.brokerAddr()).get(group);
            assertThat(c.retryMaxTimes()).isEqualTo(3);
            assertThat(c.retryQueueNums()).isEqualTo(2);
            assertThat(c.consumeMessageOrderly()).isTrue();
            assertThat(row(http.get("/api/groups").list(), "group", group)).containsEntry("retryMaxTimes", 3)
                .containsEntry("orderly", true);

            http.post("/api/group/createOrUpdate", Map.of("group", group, "retryMaxTimes", 9)).data();
            c = admin.groupConfigs(work.petrel.brokerAddr()).get(group);
            assertThat(c.retryMaxTimes()).isEqualTo(9);
            assertThat(c.consumeMessageOrderly()).isFalse(); // the form's value, not the old one

            assertThat(http.post("/api/group/delete", Map.of("group", group)).data())
                .containsEntry("brokers", List.of(EmbeddedPetrel.BROKER_NAME));
            assertThat(admin.groupConfigs(work.petrel.brokerAddr())).doesNotContainKey(group);
        }
        Http.Answer again = http.post("/api/group/delete", Map.of("group", group));
        assertThat(again.status()).isEqualTo(404);
        assertThat(again.error()).contains("no master broker has the subscription group " + group);
        Http.Answer bad = http.post("/api/group/createOrUpdate", Map.of("group", "bad group!"));
        assertThat(bad.status()).isEqualTo(400);
    }

    @Test
    void theCanaryPageSaysWhenNoCanaryRunsInTheProcess() {
        Map<String, Object> c = http.get("/api/canary").data();
        assertThat(c).containsEntry("running", false);
        assertThat((String) c.get("message")).contains("canaryEnable=true", "bin/petrel canary");
    }

    // ---- read-only mode, bounds, static files

    @Test
    void aReadOnlyDashboardRefusesEveryChangeAndStillReads() {
        for (String path : List.of("/api/topic/createOrUpdate", "/api/topic/delete", "/api/group/resetOffset",
            "/api/group/createOrUpdate", "/api/group/delete", "/api/message/send", "/api/message/resend")) {
            Http.Answer a = readOnlyHttp.post(path, Map.of("topic", "ReadOnlyNever", "body", "x", "group", "g",
                "msgId", "x"));
            assertThat(a.status()).as(path).isEqualTo(403);
            assertThat(a.error()).as(path).contains("dashboardReadOnly=true");
        }
        assertThat(routeOrNull("ReadOnlyNever")).isNull();
        assertThat(readOnlyHttp.get("/api/settings").data()).containsEntry("readOnly", true);
        assertThat(readOnlyHttp.get("/api/topic", Map.of("topic", Workload.TOPIC)).data()).containsEntry("totalMessages",
            Workload.MESSAGES);
    }

    @Test
    void requestsAreBoundedAndCheckedBeforeAnyAdminCall() {
        byte[] big = new byte[LIMIT + 1];
        java.util.Arrays.fill(big, (byte) ' ');
        Http.Answer tooLarge = http.post("/api/message/send", "application/json", big);
        assertThat(tooLarge.status()).isEqualTo(413);
        assertThat(tooLarge.error()).contains("dashboardMaxRequestBytes");

        Http.Answer form = http.post("/api/topic/createOrUpdate", "application/x-www-form-urlencoded",
            "topic=FormTopic".getBytes(StandardCharsets.UTF_8));
        assertThat(form.status()).isEqualTo(415);

        Http.Answer malformed = http.post("/api/topic/createOrUpdate", "application/json",
            "{\"topic\":".getBytes(StandardCharsets.UTF_8));
        assertThat(malformed.status()).isEqualTo(400);
        assertThat(malformed.error()).contains("not valid JSON");

        Http.Answer array = http.post("/api/topic/createOrUpdate", "application/json", "[1,2]".getBytes(StandardCharsets.UTF_8));
        assertThat(array.status()).isEqualTo(400);
        assertThat(array.error()).contains("JSON object");

        assertThat(http.get("/api/topic", Map.of("topic", "x".repeat(9000))).status()).isEqualTo(414);
        assertThat(http.get("/api/topic").status()).isEqualTo(400);
        assertThat(http.get("/api/nothing").status()).isEqualTo(404);
        assertThat(http.get("/api/topic/delete").status()).isEqualTo(405);

        Http.Answer crossSite = http.send(java.net.http.HttpRequest.newBuilder(
                java.net.URI.create("http://127.0.0.1:" + dashboard.port() + "/api/message/send"))
            .header("Content-Type", "application/json").header("Origin", "http://evil.example")
            .POST(java.net.http.HttpRequest.BodyPublishers.ofString("{\"topic\":\"DashOrders\",\"body\":\"x\"}")));
        assertThat(crossSite.status()).isEqualTo(403);
        assertThat(crossSite.error()).contains("cross-origin");
        assertThat(routeOrNull("FormTopic")).isNull();
    }

    @Test
    void pagesAndVendoredLibrariesAreServedFromTheJarWithSecurityHeaders() {
        Http.Answer index = http.get("/");
        assertThat(index.status()).isEqualTo(200);
        assertThat(index.header("Content-Type")).startsWith("text/html");
        assertThat(index.header("Content-Security-Policy")).contains("script-src 'self'").doesNotContain("unsafe-inline");
        assertThat(index.header("X-Content-Type-Options")).isEqualTo("nosniff");
        assertThat(index.text()).contains("<title>Overview");

        for (String page : List.of("/topics.html", "/groups.html", "/producers.html", "/messages.html", "/dlq.html",
            "/send.html", "/js/common.js", "/css/dashboard.css", "/webjars/tabulator-tables/6.3.1/dist/js/tabulator.min.js",
            "/webjars/tabulator-tables/6.3.1/dist/css/tabulator_simple.min.css", "/webjars/uplot/1.6.30/dist/uPlot.iife.min.js",
            "/webjars/uplot/1.6.30/dist/uPlot.min.css")) {
            assertThat(http.get(page).status()).as(page).isEqualTo(200);
        }
        Http.Answer again = http.send(java.net.http.HttpRequest.newBuilder(
            java.net.URI.create("http://127.0.0.1:" + dashboard.port() + "/js/common.js"))
            .header("If-None-Match", http.get("/js/common.js").header("ETag")).GET());
        assertThat(again.status()).isEqualTo(304);

        for (String path : List.of("/../pom.xml", "/%2e%2e/pom.xml", "/META-INF/MANIFEST.MF", "/nothing.html",
            "/dev/petrel/dashboard/DashboardServer.class", "/webjars/../dev/petrel/dashboard/static/index.html")) {
            Assertions.assertThat(http.get(path).status()).as(path).isEqualTo(404);
        }
    }
}
