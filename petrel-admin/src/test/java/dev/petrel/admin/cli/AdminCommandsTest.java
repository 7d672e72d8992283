package dev.petrel.admin.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.petrel.client.testing.PatientClients;
import dev.petrel.client.Message;
import dev.petrel.client.admin.PetrelAdmin;
import dev.petrel.client.consumer.ConsumeResult;
import dev.petrel.client.consumer.PetrelPushConsumer;
import dev.petrel.client.consumer.StartPosition;
import dev.petrel.client.producer.PetrelProducer;
import dev.petrel.client.producer.SendResult;
import dev.petrel.embedded.EmbeddedPetrel;
import dev.petrel.protocol.body.MessageQueue;
import dev.petrel.protocol.body.stats.OffsetWrapper;
import dev.petrel.testkit.Await;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Every {@code petrel admin} command against a real Petrel NameServer and broker in this JVM (real sockets): the
 * printed table's columns and values, and the same facts in {@code --json}. One broker for the class; each test uses
 * its own topics and groups.
 */
class AdminCommandsTest {

    private static final Duration WAIT = Duration.ofSeconds(60);
    private static final String BROKER = EmbeddedPetrel.BROKER_NAME;
    private static final String CLUSTER = EmbeddedPetrel.CLUSTER;
    private static final DateTimeFormatter MILLIS = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss,SSS");

    private static EmbeddedPetrel petrel;
    private static PetrelProducer producer;
    private static PetrelAdmin admin;
    private static String ns;

    @BeforeAll
    static void start() {
        petrel = EmbeddedPetrel.start();
        ns = petrel.namesrvAddr();
        producer = PatientClients.producer(ns).group("admin-test-producer").build();
        admin = PatientClients.admin(ns).build();
    }

    @AfterAll
    static void stop() {
        if (admin != null) {
            admin.close();
        }
        if (producer != null) {
            producer.close();
        }
        if (petrel != null) {
            petrel.close();
        }
    }

    private static Cli.Run ok(String... args) {
        Cli.Run run = Cli.admin(args);
        assertThat(run.exit()).as("%s", run).isZero();
        assertThat(run.err()).as("stderr").isEmpty();
        return run;
    }

    private static String[] json(String... args) {
        String[] out = java.util.Arrays.copyOf(args, args.length + 1);
        out[args.length] = "--json";
        return out;
    }

    @SuppressWarnings("unchecked")
    private static List<Map<String, Object>> rows(Map<String, Object> json, String key) {
        return (List<Map<String, Object>>) json.get(key);
    }

    private static SendResult send(String topic, int queue, String key, String body) {
        Message m = Message.builder(topic).keys(key).tags("TagA").body(body.getBytes(StandardCharsets.UTF_8)).build();
        return producer.send(m, new MessageQueue(topic, BROKER, queue));
    }

    private static String[] cells(String line) {
        return line.trim().split("\\s{2,}");
    }

    // ---- topics

    @Test
    void updateTopicCreatesTheTopicOnEveryMasterOfTheCluster() {
        Cli.Run run = ok("updateTopic", "-n", ns, "-c", CLUSTER, "-t", "CliCreated", "-r", "3", "-w", "5", "-p", "6");

        assertThat(run.lines()).containsExactly("create topic to " + petrel.brokerAddr() + " success.",
            "TopicConfig [topicName=CliCreated, readQueueNums=3, writeQueueNums=5, perm=RW-, topicFilterType=SINGLE_TAG, "
                + "topicSysFlag=0, order=false, attributes={}]");
        var queue = Await.value(WAIT, "the route", () -> admin.topicRoute("CliCreated"), r -> !r.queueDatas().isEmpty())
            .queueDatas().get(0);
        assertThat(queue.readQueueNums()).isEqualTo(3);
        assertThat(queue.writeQueueNums()).isEqualTo(5);
        assertThat(queue.perm()).isEqualTo(6);

        Map<String, Object> json = ok(json("updateTopic", "-n", ns, "-b", petrel.brokerAddr(), "-t", "CliCreated", "-r",
            "4", "-w", "4")).json();
        assertThat(json.get("brokers")).isEqualTo(List.of(petrel.brokerAddr()));
        @SuppressWarnings("unchecked")
        Map<String, Object> config = (Map<String, Object>) json.get("topicConfig");
        assertThat(config).containsEntry("topicName", "CliCreated").containsEntry("readQueueNums", 4)
            .containsEntry("writeQueueNums", 4).containsEntry("perm", 6);
    }

    @Test
    void updateTopicWithOrderStoresTheOrderConfigOnTheNameServer() {
        Cli.Run run = ok("updateTopic", "-n", ns, "-b", petrel.brokerAddr(), "-t", "CliOrdered", "-w", "2", "-r", "2",
            "-o", "true");

        assertThat(run.lines()).contains("set broker orderConf. isOrder=true, orderConf=[" + BROKER + ":2]");
        assertThat(run.lines().get(run.lines().size() - 1)).contains("order=true");
    }

    @Test
    void deleteTopicRemovesItFromBrokerAndNameServer() {
        petrel.createTopic("CliDoomed");

        Cli.Run run = ok("deleteTopic", "-n", ns, "-c", CLUSTER, "-t", "CliDoomed");

        assertThat(run.lines()).containsExactly("delete topic [CliDoomed] from cluster [" + CLUSTER + "] success.",
            "delete topic [CliDoomed] from NameServer success.");
        Cli.Run route = Cli.admin("topicRoute", "-n", ns, "-t", "CliDoomed");
        assertThat(route.exit()).as("%s", route).isEqualTo(AdminCli.REFUSED);
        assertThat(route.err()).contains("no route for topic CliDoomed");
    }

    @Test
    void topicListPrintsEveryTopicAndWithClusterModelTheirGroups() {
        petrel.createTopic("CliListed");

        assertThat(ok("topicList", "-n", ns).lines()).contains("CliListed", "TBW102");
        @SuppressWarnings("unchecked")
        List<String> topics = (List<String>) ok(json("topicList", "-n", ns)).json().get("topics");
        assertThat(topics).contains("CliListed", "TBW102");

        Cli.Run cluster = ok("topicList", "-n", ns, "-c");
        assertThat(cluster.lines().get(0)).isEqualTo(String.format("%-20s  %-48s  %-48s", "#Cluster Name", "#Topic",
            "#Consumer Group"));
        assertThat(cluster.lines()).anySatisfy(l -> assertThat(cells(l)).containsExactly(CLUSTER, "CliListed"));
        assertThat(cluster.lines()).noneMatch(l -> l.contains("%RETRY%"));
    }

    @Test
    void topicRoutePrintsTheRouteAsJsonOrAsATable() {
        petrel.createTopic("CliRouted", 3);

        Cli.Run plain = ok("topicRoute", "-n", ns, "-t", "CliRouted");
        assertThat(plain.out()).contains("\"brokerName\" : \"" + BROKER + "\"").contains("\"readQueueNums\" : 3");

        Cli.Run list = ok("topicRoute", "-n", ns, "-t", "CliRouted", "-l");
        assertThat(list.lines().get(0)).isEqualTo(String.format("%-45s %-32s %-50s %-10s %-11s %-5s", "#ClusterName",
            "#BrokerName", "#BrokerAddrs", "#ReadQueue", "#WriteQueue", "#Perm"));
        assertThat(cells(list.lines().get(1))).containsExactly(CLUSTER, BROKER, "{0=" + petrel.brokerAddr() + "}", "3",
            "3", "RW-");
        assertThat(list.lines().get(2)).isEqualTo("-".repeat(158));
        assertThat(cells(list.lines().get(3))).containsExactly("Total:", "1", "3", "3");

        Map<String, Object> json = ok(json("topicRoute", "-n", ns, "-t", "CliRouted", "-l")).json();
        assertThat(rows(json, "brokers")).singleElement().satisfies(r -> assertThat(r)
            .containsEntry("brokerName", BROKER).containsEntry("readQueueNums", 3).containsEntry("perm", 6));
    }

    @Test
    void topicStatusPrintsEveryQueueWithItsOffsetsAndLastUpdate() {
        petrel.createTopic("CliStatus", 2);
        send("CliStatus", 0, "k0", "a");
        send("CliStatus", 0, "k1", "b");
        SendResult last = send("CliStatus", 1, "k2", "c");
        long stored = admin.viewMessage("CliStatus", last.offsetMsgId()).storeTimestamp();

        Cli.Run run = ok("topicStatus", "-n", ns, "-t", "CliStatus");

        assertThat(run.lines()).hasSize(3);
        assertThat(run.lines().get(0)).isEqualTo(String.format("%-32s  %-4s  %-20s  %-20s    %s", "#Broker Name", "#QID",
            "#Min Offset", "#Max Offset", "#Last Updated"));
        assertThat(cells(run.lines().get(1))).startsWith(BROKER, "0", "0", "2");
        assertThat(run.lines().get(2)).isEqualTo(String.format("%-32s  %-4d  %-20d  %-20d    %s", BROKER, 1, 0, 1,
            MILLIS.format(Instant.ofEpochMilli(stored).atZone(ZoneId.systemDefault()))));

        List<Map<String, Object>> queues = rows(ok(json("topicStatus", "-n", ns, "-t", "CliStatus")).json(), "queues");
        assertThat(queues).extracting(q -> q.get("queueId")).containsExactly(0, 1);
        assertThat(queues).extracting(q -> q.get("maxOffset")).containsExactly(2, 1);
        assertThat(((Number) queues.get(1).get("lastUpdateTimestamp")).longValue()).isEqualTo(stored);
    }

    // ---- cluster and brokers

    @Test
    void clusterListPrintsOneRowPerBrokerWithMqadminsColumns() {
        Cli.Run run = ok("clusterList", "-n", ns);

        assertThat(run.lines()).hasSize(2);
        assertThat(run.lines().get(0)).isEqualTo(String.format(
            "%-22s  %-22s  %-4s  %-22s %-16s  %16s  %16s  %-22s  %-11s  %-12s  %-8s  %-10s", "#Cluster Name",
            "#Broker Name", "#BID", "#Addr", "#Version", "#InTPS(LOAD)", "#OutTPS(LOAD)", "#Timer(Progress)",
            "#PCWait(ms)", "#Hour", "#SPACE", "#ACTIVATED"));
        String row = run.lines().get(1);
        assertThat(row).startsWith(String.format("%-22s  %-22s  %-4s  %-22s %-16s", CLUSTER, BROKER, 0,
            petrel.brokerAddr(), "V5_3_1"));
        assertThat(row).endsWith(String.format("%10s", "true")).containsPattern("\\d+\\.\\d{2}\\(\\d+,\\d+ms\\)");

        Map<String, Object> broker = rows(ok(json("clusterList", "-n", ns)).json(), "brokers").get(0);
        assertThat(broker).containsEntry("cluster", CLUSTER).containsEntry("brokerName", BROKER)
            .containsEntry("brokerId", 0).containsEntry("address", petrel.brokerAddr()).containsEntry("version", "V5_3_1")
            .containsEntry("activated", true);
        assertThat(((Number) broker.get("commitLogDiskRatio")).doubleValue()).isBetween(0.0, 1.0);

        Cli.Run more = ok("clusterList", "-n", ns, "-m");
        assertThat(more.lines().get(0)).isEqualTo(String.format("%-16s  %-32s %14s %14s %14s %14s", "#Cluster Name",
            "#Broker Name", "#InTotalYest", "#OutTotalYest", "#InTotalToday", "#OutTotalToday"));
        assertThat(cells(more.lines().get(1))[0]).isEqualTo(CLUSTER);
    }

    @Test
    void brokerStatusPrintsTheRuntimeInfoSortedByKey() {
        Cli.Run run = ok("brokerStatus", "-n", ns, "-b", petrel.brokerAddr());

        assertThat(run.lines()).contains(String.format("%-32s: %s", "brokerVersionDesc", "V5_3_1"),
            String.format("%-32s: %s", "brokerActive", "true"));
        List<String> keys = run.lines().stream().map(l -> l.substring(0, 32).trim()).toList();
        assertThat(keys).isSorted();

        Cli.Run byCluster = ok("brokerStatus", "-n", ns, "-c", CLUSTER);
        assertThat(byCluster.lines()).contains(String.format("%-24s %-32s: %s", petrel.brokerAddr(), "brokerActive", "true"));

        @SuppressWarnings("unchecked")
        Map<String, Map<String, String>> json = (Map<String, Map<String, String>>) ok(json("brokerStatus", "-n", ns, "-b",
            petrel.brokerAddr())).json().get("brokers");
        assertThat(json.get(petrel.brokerAddr())).containsEntry("brokerVersionDesc", "V5_3_1");
    }

    @Test
    void getBrokerConfigPrintsEveryPropertyAndUpdateBrokerConfigChangesOne() {
        Cli.Run before = ok("getBrokerConfig", "-n", ns, "-b", petrel.brokerAddr());
        assertThat(before.lines().get(0)).isEqualTo("============" + petrel.brokerAddr() + "============");
        assertThat(before.lines()).contains(String.format("%-50s=  %s", "brokerName", BROKER),
            String.format("%-50s=  %s", "brokerClusterName", CLUSTER));

        Cli.Run update = ok("updateBrokerConfig", "-n", ns, "-b", petrel.brokerAddr(), "-k", "regionId", "-v", "CliRegion");
        assertThat(update.lines()).containsExactly("update broker config success, " + petrel.brokerAddr());

        Cli.Run byCluster = ok("getBrokerConfig", "-n", ns, "-c", CLUSTER);
        assertThat(byCluster.lines().get(0)).isEqualTo("============Master: " + petrel.brokerAddr() + "============");
        assertThat(byCluster.lines()).contains(String.format("%-50s=  %s", "regionId", "CliRegion"));
        @SuppressWarnings("unchecked")
        Map<String, Map<String, String>> json = (Map<String, Map<String, String>>) ok(json("getBrokerConfig", "-n", ns,
            "-b", petrel.brokerAddr())).json().get("brokers");
        assertThat(json.get(petrel.brokerAddr())).containsEntry("regionId", "CliRegion");
    }

    @Test
    void updateBrokerConfigOfAStaticKeyIsRefusedWithTheBrokersCodeAndRemark() {
        Cli.Run run = Cli.admin("updateBrokerConfig", "-n", ns, "-b", petrel.brokerAddr(), "-k", "listenPort", "-v", "1",
            "--json");

        assertThat(run.exit()).as("%s", run).isEqualTo(AdminCli.REFUSED);
        assertThat(run.err()).contains("code 16 (NO_PERMISSION)").contains("listenPort");
        @SuppressWarnings("unchecked")
        Map<String, Object> error = (Map<String, Object>) run.json().get("error");
        assertThat(error).containsEntry("exitCode", 1).containsEntry("responseCode", 16);
        assertThat((String) error.get("remark")).contains("listenPort");
    }

    @Test
    @SuppressWarnings("unchecked")
    void haStatusShowsAMasterWithoutSlaves() {
        Cli.Run run = ok("haStatus", "-n", ns, "-b", petrel.brokerAddr());

        assertThat(run.lines()).hasSize(6);
        assertThat(run.lines().get(2)).matches("#MasterCommitLogMaxOffset\t\\d+");
        assertThat(run.lines()).containsSubsequence("", "#MasterAddr\t" + petrel.brokerAddr());
        assertThat(run.lines().subList(3, 6)).containsExactly("#SlaveNum\t0",
            "#InSyncSlaveNum\t0", String.format("%-32s  %-16s %16s %16s %16s %16s", "#SlaveAddr", "#SlaveAckOffset",
                "#Diff", "#TransferSpeed(KB/s)", "#Status", "#TransferFromWhere"));
        List<Map<String, Object>> json = rows(ok(json("haStatus", "-n", ns, "-c", CLUSTER)).json(), "brokers");
        assertThat(json).singleElement().satisfies(b -> {
            assertThat(b).containsEntry("address", petrel.brokerAddr()).containsEntry("replication", true);
            assertThat((Map<String, Object>) b.get("status")).containsEntry("master", true)
                .containsEntry("haConnectionInfo", List.of());
        });
    }

    // ---- groups

    @Test
    void updateSubGroupCreatesTheGroupAndDeleteSubGroupRemovesIt() {
        Cli.Run run = ok("updateSubGroup", "-n", ns, "-c", CLUSTER, "-g", "cli-group", "-r", "3", "-q", "2");

        assertThat(run.lines().get(0)).isEqualTo("create subscription group to " + petrel.brokerAddr() + " success.");
        assertThat(run.lines().get(1)).startsWith("SubscriptionGroupConfig{groupName=cli-group, consumeEnable=true, "
            + "consumeFromMinEnable=false, consumeBroadcastEnable=false, consumeMessageOrderly=false, retryQueueNums=2, "
            + "retryMaxTimes=3,");
        assertThat(groupExists("cli-group")).isTrue();

        Cli.Run delete = ok("deleteSubGroup", "-n", ns, "-b", petrel.brokerAddr(), "-g", "cli-group");
        assertThat(delete.lines()).containsExactly("delete subscription group [cli-group] from broker ["
            + petrel.brokerAddr() + "] success.");
        assertThat(groupExists("cli-group")).isFalse();
    }

    private static boolean groupExists(String group) {
        var header = new dev.petrel.protocol.header.admin.GetSubscriptionGroupConfigRequestHeader(group,
            dev.petrel.protocol.header.RpcFields.NONE);
        var r = admin.invoke(petrel.brokerAddr(), dev.petrel.client.internal.Requests.of(
            dev.petrel.protocol.code.RequestCode.GET_SUBSCRIPTIONGROUP_CONFIG, header, null), "group config");
        return r.code() == 0;
    }

    @Test
    void consumerProgressConnectionsAndResetFollowALiveConsumer() {
        petrel.createTopic("CliProgress", 2);
        for (int i = 0; i < 5; i++) {
            send("CliProgress", i % 2, "p" + i, "m" + i);
        }
        AtomicInteger consumed = new AtomicInteger();
        try (PetrelPushConsumer consumer = PatientClients.pushConsumer(ns).group("cli-progress")
            .subscribe("CliProgress", "*").startFrom(StartPosition.FIRST_OFFSET)
            .listener((messages, context) -> {
                consumed.addAndGet(messages.size());
                return ConsumeResult.SUCCESS;
            }).build()) {
            Await.until(WAIT, "5 messages consumed and their offsets committed", () -> consumed.get() >= 5
                && admin.consumeStats("cli-progress", "CliProgress").offsetTable().values().stream()
                .mapToLong(OffsetWrapper::consumerOffset).sum() == 5);

            Cli.Run run = ok("consumerProgress", "-n", ns, "-g", "cli-progress", "-t", "CliProgress");
            assertThat(run.lines().get(0)).isEqualTo(String.format("%-64s  %-32s  %-4s  %-20s  %-20s  %-20s %-20s%s",
                "#Topic", "#Broker Name", "#QID", "#Broker Offset", "#Consumer Offset", "#Diff", "#Inflight", "#LastTime"));
            assertThat(cells(run.lines().get(2))).startsWith("CliProgress", BROKER, "1", "2", "2", "0");
            assertThat(run.lines()).contains("").anyMatch(l -> l.startsWith("Consume TPS: "))
                .anyMatch(l -> l.startsWith("Consume Diff Total: ")).anyMatch(l -> l.startsWith("Consume Inflight Total: "));
            List<Map<String, Object>> queues = rows(ok(json("consumerProgress", "-n", ns, "-g", "cli-progress", "-t",
                "CliProgress")).json(), "queues");
            assertThat(queues).filteredOn(q -> q.get("queueId").equals(1)).singleElement()
                .satisfies(q -> assertThat(q).containsEntry("brokerOffset", 2).containsEntry("consumerOffset", 2)
                    .containsEntry("diff", 0));

            Cli.Run groups = ok("consumerProgress", "-n", ns);
            assertThat(groups.lines().get(0)).isEqualTo(String.format("%-64s  %-6s  %-24s %-5s  %-14s  %-7s  %s",
                "#Group", "#Count", "#Version", "#Type", "#Model", "#TPS", "#Diff Total"));
            assertThat(groups.lines()).anySatisfy(l -> assertThat(cells(l)).startsWith("cli-progress", "1", "V5_3_1",
                "PUSH", "CLUSTERING"));

            Cli.Run conn = ok("consumerConnection", "-n", ns, "-g", "cli-progress");
            assertThat(conn.lines().get(0)).isEqualTo(String.format("%-36s %-22s %-10s %s", "#ClientId", "#ClientAddr",
                "#Language", "#Version"));
            assertThat(cells(conn.lines().get(1))[0]).isEqualTo(consumer.clientId());
            assertThat(conn.lines().get(1)).contains("JAVA").endsWith("V5_3_1");
            assertThat(conn.lines()).contains("Below is subscription:", String.format("%-20s %s", "CliProgress", "*"),
                "ConsumeType: CONSUME_PASSIVELY", "MessageModel: CLUSTERING");
            assertThat(rows(ok(json("consumerConnection", "-n", ns, "-g", "cli-progress")).json(), "connections"))
                .singleElement().satisfies(c -> assertThat(c).containsEntry("clientId", consumer.clientId())
                    .containsEntry("language", "JAVA"));

            Cli.Run ip = ok("consumerProgress", "-n", ns, "-g", "cli-progress", "-t", "CliProgress", "-s", "true");
            assertThat(ip.lines().get(0)).contains("#Client IP");
            String clientIp = consumer.clientId().substring(0, consumer.clientId().indexOf('@'));
            assertThat(ip.lines().get(1)).contains(clientIp);
        }
    }

    @Test
    void resetOffsetByTimeMovesTheGroupsOffsetsToTheStart() {
        petrel.createTopic("CliReset", 2);
        for (int i = 0; i < 4; i++) {
            send("CliReset", i % 2, "r" + i, "m" + i);
        }
        ok("updateSubGroup", "-n", ns, "-b", petrel.brokerAddr(), "-g", "cli-reset");
        admin.updateConsumerOffset("cli-reset", new MessageQueue("CliReset", BROKER, 0), 2);
        admin.updateConsumerOffset("cli-reset", new MessageQueue("CliReset", BROKER, 1), 2);

        Cli.Run run = ok("resetOffsetByTime", "-n", ns, "-g", "cli-reset", "-t", "CliReset", "-s", "0");

        assertThat(run.lines().get(0)).startsWith("start reset consumer offset by specified, group[cli-reset], "
            + "topic[CliReset], force[true], timestamp(string)[");
        assertThat(run.lines().get(1)).isEqualTo(String.format("%-40s  %-40s  %-40s", "#brokerName", "#queueId", "#offset"));
        assertThat(run.lines().subList(2, 4)).containsExactly(String.format("%-40s  %-40d  %-40d", BROKER, 0, 0),
            String.format("%-40s  %-40d  %-40d", BROKER, 1, 0));
        assertThat(admin.consumerOffset("cli-reset", new MessageQueue("CliReset", BROKER, 0))).isZero();

        Cli.Run one = ok(json("resetOffsetByTime", "-n", ns, "-g", "cli-reset", "-t", "CliReset", "-s", "now",
            "-b", petrel.brokerAddr(), "-q", "1", "-o", "1"));
        assertThat(one.json()).containsEntry("offset", 1);
        assertThat(admin.consumerOffset("cli-reset", new MessageQueue("CliReset", BROKER, 1))).isEqualTo(1);
    }

    @Test
    void producerConnectionListsTheLiveProducersOfAGroup() {
        petrel.createTopic("CliProducers");
        send("CliProducers", 0, "x", "y");

        Cli.Run run = ok("producerConnection", "-n", ns, "-g", "admin-test-producer", "-t", "CliProducers");

        assertThat(run.lines()).singleElement().satisfies(l -> {
            assertThat(l).startsWith(String.format("%04d  %-32s", 1, producer.clientId()));
            assertThat(l).contains("JAVA").endsWith("V5_3_1");
        });
        assertThat(rows(ok(json("producerConnection", "-n", ns, "-g", "admin-test-producer", "-t", "CliProducers")).json(),
            "connections")).singleElement().satisfies(c -> assertThat(c).containsEntry("clientId", producer.clientId()));
    }

    @Test
    void statsAllPrintsBacklogAndThePutAndGetStatisticsOfThePetrelBroker() {
        petrel.createTopic("CliStats", 1);
        send("CliStats", 0, "s0", "a");
        send("CliStats", 0, "s1", "b");
        ok("updateSubGroup", "-n", ns, "-b", petrel.brokerAddr(), "-g", "cli-stats");
        admin.updateConsumerOffset("cli-stats", new MessageQueue("CliStats", BROKER, 0), 0);
        Await.until(WAIT, "the group consumes the topic", () -> admin.consumingGroups("CliStats").contains("cli-stats"));

        // The broker samples its statistics every 10 s: the two sends show from the first sample on.
        Cli.Run run = Await.value(WAIT, "the put statistics sampled", () -> ok("statsAll", "-n", ns, "-t", "CliStats"),
            r -> r.lines().size() > 1 && cells(r.lines().get(1)).length == 7 && cells(r.lines().get(1))[5].equals("2"));

        assertThat(run.lines().get(0)).isEqualTo(String.format("%-64s  %-64s %12s %11s %11s %14s %14s", "#Topic",
            "#Consumer Group", "#Accumulation", "#InTPS", "#OutTPS", "#InMsg24Hour", "#OutMsg24Hour"));
        String[] row = cells(run.lines().get(1));
        assertThat(row).startsWith("CliStats", "cli-stats", "2");
        // 2 messages over the minute window, which spans 10 s at the first sample and more after
        assertThat(Double.parseDouble(row[3])).isPositive().isLessThanOrEqualTo(0.2);
        assertThat(row).endsWith("0.00", "2", "0"); // the group pulled nothing
        assertThat(run.out()).doesNotContain("n/a");
        assertThat(rows(ok(json("statsAll", "-n", ns, "-t", "CliStats")).json(), "rows")).singleElement()
            .satisfies(r -> assertThat(r).containsEntry("consumerGroup", "cli-stats").containsEntry("accumulation", 2)
                .containsEntry("inMsg24Hour", 2).containsEntry("outMsg24Hour", 0));
    }

    // ---- messages

    @Test
    void queryMsgByIdFindsAMessageByOffsetIdAndByUniqueKey() {
        petrel.createTopic("CliById");
        SendResult sent = send("CliById", 1, "order-7", "the body");

        for (String id : List.of(sent.offsetMsgId(), sent.msgId())) {
            Cli.Run run = ok("queryMsgById", "-n", ns, "-t", "CliById", "-i", id, "-f", "UTF-8");
            assertThat(run.lines()).contains(String.format("%-20s %s", "OffsetID:", sent.offsetMsgId()),
                String.format("%-20s %s", "Topic:", "CliById"), String.format("%-20s %s", "Tags:", "[TagA]"),
                String.format("%-20s %s", "Keys:", "[order-7]"), String.format("%-20s %d", "Queue ID:", 1),
                String.format("%-20s %d", "Queue Offset:", sent.queueOffset()),
                String.format("%-20s %s", "Message Body:", "the body"), "WARN: No Consumer");
        }
        Map<String, Object> m = rows(ok(json("queryMsgById", "-n", ns, "-t", "CliById", "-i", sent.msgId())).json(),
            "messages").get(0);
        assertThat(m).containsEntry("msgId", sent.msgId()).containsEntry("offsetMsgId", sent.offsetMsgId())
            .containsEntry("body", "the body").containsEntry("queueId", 1);

        Cli.Run missing = Cli.admin("queryMsgById", "-n", ns, "-t", "CliById", "-i", "00000000000000000000000000000000");
        assertThat(missing.exit()).as("%s", missing).isEqualTo(AdminCli.REFUSED);
        assertThat(missing.err()).contains("was not found");
    }

    @Test
    void queryMsgByKeyAndByOffsetFindTheMessage() {
        petrel.createTopic("CliByKey");
        send("CliByKey", 0, "other", "x");
        SendResult sent = send("CliByKey", 0, "needle", "found me");

        Cli.Run run = ok("queryMsgByKey", "-n", ns, "-t", "CliByKey", "-k", "needle");
        assertThat(run.lines()).containsExactly(String.format("%-50s %4s %40s", "#Message ID", "#QID", "#Offset"),
            String.format("%-50s %4d %40d", sent.msgId(), 0, 1));
        assertThat(rows(ok(json("queryMsgByKey", "-n", ns, "-t", "CliByKey", "-k", "needle")).json(), "messages"))
            .singleElement().satisfies(r -> assertThat(r).containsEntry("msgId", sent.msgId()).containsEntry("queueOffset", 1));

        Cli.Run byOffset = ok("queryMsgByOffset", "-n", ns, "-t", "CliByKey", "-b", BROKER, "-i", "0", "-o", "1", "-f",
            "UTF-8");
        assertThat(byOffset.lines()).contains(String.format("%-20s %s", "Keys:", "[needle]"),
            String.format("%-20s %s", "Message Body:", "found me"));
        Cli.Run beyond = Cli.admin("queryMsgByOffset", "-n", ns, "-t", "CliByKey", "-b", BROKER, "-i", "0", "-o", "9");
        assertThat(beyond.exit()).as("%s", beyond).isEqualTo(AdminCli.REFUSED);
        assertThat(beyond.err()).contains("no message at offset 9");
    }

    @Test
    void sendMessagePrintsWhereTheMessageWent() {
        petrel.createTopic("CliSent", 2);

        Cli.Run run = ok("sendMessage", "-n", ns, "-t", "CliSent", "-p", "hello", "-k", "k1", "-c", "TagB", "-b", BROKER,
            "-i", "1");

        assertThat(run.lines().get(0)).isEqualTo(String.format("%-32s  %-4s  %-20s    %s", "#Broker Name", "#QID",
            "#Send Result", "#MsgId"));
        String[] row = cells(run.lines().get(1));
        assertThat(row).hasSize(4).startsWith(BROKER, "1", "SEND_OK");
        var stored = admin.viewMessage("CliSent", row[3]);
        assertThat(stored.bodyAsString()).isEqualTo("hello");
        assertThat(stored.tags()).isEqualTo("TagB");
        assertThat(stored.keys()).containsExactly("k1");

        Map<String, Object> json = ok(json("sendMessage", "-n", ns, "-t", "CliSent", "-p", "again")).json();
        assertThat(rows(json, "results")).singleElement().satisfies(r -> assertThat(r).containsEntry("brokerName", BROKER)
            .containsEntry("sendStatus", "SEND_OK"));
    }

    @Test
    void consumeMessageAndPrintMsgPrintEveryMessageWithoutCommitting() {
        petrel.createTopic("CliPrinted", 2);
        List<String> ids = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            ids.add(send("CliPrinted", i % 2, "c" + i, "body-" + i).msgId());
        }

        Cli.Run consume = ok("consumeMessage", "-n", ns, "-t", "CliPrinted", "-c", "10");
        assertThat(consume.lines().get(0)).isEqualTo("Consume ok");
        assertThat(consume.lines().stream().filter(l -> l.startsWith("MSGID: "))).hasSize(3);
        for (int i = 0; i < 3; i++) {
            String id = ids.get(i);
            String body = "body-" + i;
            assertThat(consume.lines()).anySatisfy(l -> assertThat(l).startsWith("MSGID: " + id).endsWith("BODY: " + body));
        }

        Cli.Run print = ok("printMsg", "-n", ns, "-t", "CliPrinted");
        assertThat(print.lines()).contains("minOffset=0, maxOffset=2, MessageQueue [topic=CliPrinted, brokerName=" + BROKER
            + ", queueId=0]", "-".repeat(56));
        assertThat(print.lines().stream().filter(l -> l.startsWith("MSGID: "))).hasSize(3);
        List<Map<String, Object>> queues = rows(ok(json("printMsg", "-n", ns, "-t", "CliPrinted", "-d", "false")).json(),
            "queues");
        assertThat(queues).extracting(q -> ((List<?>) q.get("messages")).size()).containsExactly(2, 1);
        assertThat(admin.consumerOffset("TOOLS_CONSUMER", new MessageQueue("CliPrinted", BROKER, 0)))
            .as("the tools never commit").isLessThan(1);

        Cli.Run one = ok("consumeMessage", "-n", ns, "-t", "CliPrinted", "-b", BROKER, "-i", "0", "-o", "1");
        assertThat(one.lines().stream().filter(l -> l.startsWith("MSGID: "))).singleElement()
            .satisfies(l -> assertThat(l).startsWith("MSGID: " + ids.get(2)));
    }

    // ---- petrel send / petrel consume

    @Test
    void petrelSendAndPetrelConsumeAreOneLineFirstTries() {
        petrel.createTopic("CliQuick", 1);

        Cli.Run sent = Cli.run("send", Map.of(), "-n", ns, "-t", "CliQuick", "-k", "q1", "--tag", "TagQ", "hello", "world");
        assertThat(sent.exit()).as("%s", sent).isZero();
        assertThat(sent.out()).startsWith("SEND_OK msgId=").contains("broker=" + BROKER + " queue=0 offset=0");
        Cli.Run sentJson = Cli.run("send", Map.of(), "-n", ns, "-t", "CliQuick", "--json", "--", "-second-");
        assertThat(sentJson.exit()).as("%s", sentJson).isZero();
        assertThat(sentJson.json()).containsEntry("sendStatus", "SEND_OK").containsEntry("queueOffset", 1);

        Cli.Run consumed = Cli.run("consume", Map.of("NAMESRV_ADDR", ns), "-t", "CliQuick", "-g", "cli-quick",
            "--count", "2");
        assertThat(consumed.exit()).as("%s", consumed).isZero();
        assertThat(consumed.lines()).as("two consume threads may print in either order").containsExactlyInAnyOrder(
            BROKER + "/0 offset=0 msgId=" + sent.out().split("msgId=")[1].split(" ")[0] + " keys=[q1] tags=TagQ body=hello world",
            BROKER + "/0 offset=1 msgId=" + sentJson.json().get("msgId") + " keys=[] tags= body=-second-");
    }
}
