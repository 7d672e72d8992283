package dev.petrel.interop;

import static org.assertj.core.api.Assertions.assertThat;

import dev.petrel.client.testing.PatientClients;
import dev.petrel.client.Message;
import dev.petrel.client.ReceivedMessage;
import dev.petrel.client.admin.PetrelAdmin;
import dev.petrel.client.consumer.ConsumeResult;
import dev.petrel.client.consumer.PetrelLitePullConsumer;
import dev.petrel.client.consumer.PetrelPullConsumer;
import dev.petrel.client.consumer.PetrelPushConsumer;
import dev.petrel.client.consumer.PullResult;
import dev.petrel.client.consumer.PullStatus;
import dev.petrel.client.consumer.StartPosition;
import dev.petrel.client.producer.PetrelProducer;
import dev.petrel.client.producer.SendResult;
import dev.petrel.client.producer.SendStatus;
import dev.petrel.protocol.body.MessageQueue;
import dev.petrel.protocol.body.heartbeat.MessageModel;
import dev.petrel.protocol.body.topic.TopicConfig;
import dev.petrel.testkit.Await;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The cells of the interop matrix, run by one subclass per server combination: sends of every kind, push
 * consumption (clustering split, broadcasting), lite pull with assign and seek, offsets resumed by a restarted
 * consumer, tag filtering. Each cell uses its own topic and group.
 */
abstract class InteropMatrix {

    static final Duration WAIT = Duration.ofSeconds(60);

    /** The NameServer address the clients use. */
    abstract String namesrv();

    PetrelAdmin admin() {
        return PatientClients.admin(namesrv()).instanceName("admin").build();
    }

    /** Creates a topic on every broker of the cluster and waits until the NameServer routes it. */
    void createTopic(String topic, int queues) {
        try (PetrelAdmin admin = admin()) {
            admin.createTopic("DefaultCluster", TopicConfig.of(topic, queues, queues, 6));
            int brokers = admin.masterAddresses("DefaultCluster").size();
            Await.value(WAIT, "the route of " + topic + " to list all brokers", () -> admin.topicRoute(topic),
                route -> route.queueDatas().size() == brokers);
        }
    }

    PetrelProducer producer(String instance) {
        return PatientClients.producer(namesrv()).group("pg-" + instance).instanceName(instance).build();
    }

    PetrelPushConsumer.Builder pushConsumer(String group, String instance) {
        return PatientClients.pushConsumer(namesrv()).group(group).instanceName(instance)
            .startFrom(StartPosition.FIRST_OFFSET).awaitTerminationOnClose(Duration.ofSeconds(5));
    }

    /** Every message stored in the topic, read back with plain pulls. */
    List<ReceivedMessage> readAll(String topic) {
        List<ReceivedMessage> out = new ArrayList<>();
        try (PetrelPullConsumer pull = PatientClients.pullConsumer(namesrv()).group("reader-" + topic)
            .instanceName("reader").build()) {
            for (MessageQueue q : pull.fetchSubscribeQueues(topic)) {
                long offset = 0;
                while (true) {
                    PullResult r = pull.pull(q, "*", offset, 32);
                    if (r.status() != PullStatus.FOUND) {
                        break;
                    }
                    out.addAll(r.messages());
                    offset = r.nextBeginOffset();
                }
            }
        }
        return out;
    }

    @Test
    void syncAsyncOnewayAndBatchSends() throws Exception {
        String topic = "SendModes";
        createTopic(topic, 4);
        Set<String> ids = new HashSet<>();
        try (PetrelProducer producer = producer("send-modes")) {
            for (int i = 0; i < 10; i++) {
                SendResult r = producer.send(Message.builder(topic).body("sync-" + i).keys("k" + i).build());
                assertThat(r.status()).isEqualTo(SendStatus.SEND_OK);
                ids.add(r.msgId());
            }
            for (int i = 0; i < 10; i++) {
                ids.add(producer.sendAsync(Message.of(topic, "async-" + i)).get(10, TimeUnit.SECONDS).msgId());
            }
            List<Message> batch = new ArrayList<>();
            for (int i = 0; i < 10; i++) {
                batch.add(Message.of(topic, "batch-" + i));
            }
            for (SendResult r : producer.sendBatch(batch)) {
                ids.addAll(List.of(r.msgId().split(",")));
            }
            ids.add(producer.send(Message.of(topic, "zipped-" + "z".repeat(8_000))).msgId());
            // A oneway send has no guarantee (a broker drops one whose request waited too long in its send queue, as a
            // loaded machine makes likely): send them until one is stored, and count only what was acknowledged.
            AtomicInteger oneways = new AtomicInteger();
            Await.value(WAIT, "a oneway send stored", () -> {
                producer.sendOneway(Message.of(topic, "oneway-" + oneways.getAndIncrement()));
                return readAll(topic);
            }, list -> list.stream().anyMatch(m -> m.bodyAsString().startsWith("oneway-")));
        }
        List<ReceivedMessage> stored = Await.value(WAIT, "all 31 acknowledged messages stored", () -> readAll(topic),
            list -> list.stream().map(ReceivedMessage::msgId).collect(Collectors.toSet()).containsAll(ids));
        List<ReceivedMessage> acknowledged = stored.stream().filter(m -> ids.contains(m.msgId())).toList();
        assertThat(acknowledged).as("each acknowledged message stored once").hasSize(31);
        assertThat(stored).as("the rest are oneway sends, each stored at most once")
            .filteredOn(m -> !ids.contains(m.msgId()))
            .allSatisfy(m -> assertThat(m.bodyAsString()).startsWith("oneway-"))
            .extracting(ReceivedMessage::bodyAsString).doesNotHaveDuplicates();
        Set<String> bodies = new HashSet<>();
        stored.forEach(m -> bodies.add(m.bodyAsString().replaceAll("-\\d+$", "").replaceAll("z+$", "")));
        assertThat(bodies).containsExactlyInAnyOrder("sync", "async", "oneway", "batch", "zipped-");
        assertThat(stored).filteredOn(m -> m.bodyAsString().startsWith("zipped")).singleElement()
            .satisfies(m -> assertThat(m.body()).hasSize(7 + 8_000));
    }

    @Test
    void clusteringConsumersSplitQueuesAndGetEachMessageExactlyOnce() {
        String topic = "Clustering";
        createTopic(topic, 4);
        Map<String, AtomicInteger> seen = new ConcurrentHashMap<>();
        Map<String, Set<String>> byMember = new ConcurrentHashMap<>();
        try (PetrelPushConsumer c1 = pushConsumer("cg-split", "m1").subscribe(topic, "*")
                 .listener((msgs, ctx) -> record(seen, byMember, "m1", msgs)).build();
             PetrelPushConsumer c2 = pushConsumer("cg-split", "m2").subscribe(topic, "*")
                 .listener((msgs, ctx) -> record(seen, byMember, "m2", msgs)).build();
             PetrelProducer producer = producer("split")) {
            Await.until(WAIT, "each member to own 2 of the 4 queues", () -> owned(c1, topic) == 2 && owned(c2, topic) == 2);
            assertThat(c1.assignedQueues()).doesNotContainAnyElementsOf(c2.assignedQueues());
            List<String> ids = new ArrayList<>();
            for (int i = 0; i < 200; i++) {
                ids.add(producer.send(Message.of(topic, "c-" + i)).msgId());
            }
            Await.until(WAIT, "all 200 consumed", () -> seen.keySet().containsAll(ids));
            assertThat(seen).hasSize(200);
            assertThat(seen.values()).allSatisfy(n -> assertThat(n.get()).as("deliveries").isEqualTo(1));
            assertThat(byMember.get("m1")).isNotEmpty();
            assertThat(byMember.get("m2")).isNotEmpty();
        }
    }

    private static ConsumeResult record(Map<String, AtomicInteger> seen, Map<String, Set<String>> byMember, String member,
                                        List<ReceivedMessage> msgs) {
        for (ReceivedMessage m : msgs) {
            seen.computeIfAbsent(m.msgId(), k -> new AtomicInteger()).incrementAndGet();
            byMember.computeIfAbsent(member, k -> ConcurrentHashMap.newKeySet()).add(m.msgId());
        }
        return ConsumeResult.SUCCESS;
    }

    static long owned(PetrelPushConsumer c, String topic) {
        return c.assignedQueues().stream().filter(q -> q.topic().equals(topic)).count();
    }

    @Test
    void broadcastingGivesEveryMemberEveryMessage(@TempDir Path offsets) {
        String topic = "Broadcast";
        createTopic(topic, 2);
        Set<String> a = ConcurrentHashMap.newKeySet();
        Set<String> b = ConcurrentHashMap.newKeySet();
        try (PetrelPushConsumer c1 = pushConsumer("bg", "b1").messageModel(MessageModel.BROADCASTING)
                 .localOffsetStoreDir(offsets).subscribe(topic, "*").listener((msgs, ctx) -> {
                     msgs.forEach(m -> a.add(m.msgId()));
                     return ConsumeResult.SUCCESS;
                 }).build();
             PetrelPushConsumer c2 = pushConsumer("bg", "b2").messageModel(MessageModel.BROADCASTING)
                 .localOffsetStoreDir(offsets).subscribe(topic, "*").listener((msgs, ctx) -> {
                     msgs.forEach(m -> b.add(m.msgId()));
                     return ConsumeResult.SUCCESS;
                 }).build();
             PetrelProducer producer = producer("broadcast")) {
            Await.until(WAIT, "both members to own both queues", () -> owned(c1, topic) == 2 && owned(c2, topic) == 2);
            List<String> ids = new ArrayList<>();
            for (int i = 0; i < 20; i++) {
                ids.add(producer.send(Message.of(topic, "b-" + i)).msgId());
            }
            Await.until(WAIT, "both members got all 20", () -> a.containsAll(ids) && b.containsAll(ids));
            assertThat(a).hasSize(20);
            assertThat(b).hasSize(20);
        }
    }

    @Test
    void litePullAssignAndSeek() {
        String topic = "LitePull";
        createTopic(topic, 2);
        MessageQueue q;
        try (PetrelProducer producer = producer("lite")) {
            q = producer.publishQueues(topic).get(0);
            for (int i = 0; i < 20; i++) {
                producer.send(Message.of(topic, "l-" + i), q);
            }
        }
        try (PetrelLitePullConsumer consumer = PatientClients.litePullConsumer(namesrv()).group("lpg")
            .instanceName("lite").autoCommit(false).startFrom(StartPosition.FIRST_OFFSET).build()) {
            consumer.assign(List.of(q));
            assertThat(poll(consumer, 20)).containsExactlyElementsOf(bodies("l-", 0, 20));
            consumer.seek(q, 15);
            assertThat(poll(consumer, 5)).containsExactlyElementsOf(bodies("l-", 15, 20));
            consumer.commitSync();
            assertThat(consumer.committed(q)).isEqualTo(20);
        }
    }

    static List<String> bodies(String prefix, int from, int to) {
        List<String> out = new ArrayList<>();
        for (int i = from; i < to; i++) {
            out.add(prefix + i);
        }
        return out;
    }

    static List<String> poll(PetrelLitePullConsumer consumer, int n) {
        List<String> got = new CopyOnWriteArrayList<>();
        Await.until(WAIT, n + " messages polled", () -> {
            consumer.poll(Duration.ofMillis(200)).forEach(m -> got.add(m.bodyAsString()));
            return got.size() >= n;
        });
        return got;
    }

    @Test
    void offsetsAreResumedAfterARestart() {
        String topic = "Resume";
        createTopic(topic, 2);
        Set<String> first = ConcurrentHashMap.newKeySet();
        List<String> before = new ArrayList<>();
        try (PetrelProducer producer = producer("resume")) {
            try (PetrelPushConsumer c = pushConsumer("rg", "r1").subscribe(topic, "*").listener((msgs, ctx) -> {
                msgs.forEach(m -> first.add(m.msgId()));
                return ConsumeResult.SUCCESS;
            }).build()) {
                Await.until(WAIT, "the member to own both queues", () -> owned(c, topic) == 2);
                for (int i = 0; i < 30; i++) {
                    before.add(producer.send(Message.of(topic, "before-" + i)).msgId());
                }
                Await.until(WAIT, "30 consumed", () -> first.containsAll(before));
            }
            List<String> after = new ArrayList<>();
            for (int i = 0; i < 10; i++) {
                after.add(producer.send(Message.of(topic, "after-" + i)).msgId());
            }
            Set<String> second = ConcurrentHashMap.newKeySet();
            try (PetrelPushConsumer c = pushConsumer("rg", "r2").subscribe(topic, "*").listener((msgs, ctx) -> {
                msgs.forEach(m -> second.add(m.msgId()));
                return ConsumeResult.SUCCESS;
            }).build()) {
                Await.until(WAIT, "the 10 new messages consumed after the restart", () -> second.containsAll(after));
                assertThat(second).doesNotContainAnyElementsOf(before);
            }
        }
    }

    @Test
    void tagFilterDeliversOnlyMatchingTags() {
        String topic = "Tags";
        createTopic(topic, 2);
        List<String> tags = new CopyOnWriteArrayList<>();
        try (PetrelPushConsumer c = pushConsumer("tg", "t1").subscribe(topic, "TagA || TagB").listener((msgs, ctx) -> {
                 msgs.forEach(m -> tags.add(m.tags()));
                 return ConsumeResult.SUCCESS;
             }).build();
             PetrelProducer producer = producer("tags")) {
            Await.until(WAIT, "the member to own both queues", () -> owned(c, topic) == 2);
            for (int i = 0; i < 10; i++) {
                producer.send(Message.builder(topic).body("x").tags(i % 3 == 0 ? "TagA" : i % 3 == 1 ? "TagB" : "TagC").build());
            }
            producer.send(Message.builder(topic).body("end").tags("TagB").build());
            Await.until(WAIT, "the 8 TagA/TagB messages", () -> tags.size() >= 8);
            assertThat(tags).containsOnly("TagA", "TagB").hasSize(8);
        }
    }

    @Test
    void adminSeesTopicsGroupsOffsetsStatsAndMessages() {
        String topic = "AdminView";
        createTopic(topic, 2);
        String offsetId;
        String uniqId;
        try (PetrelProducer producer = producer("admin-view")) {
            SendResult r = producer.send(Message.builder(topic).body("find-me").keys("order-42").build());
            offsetId = r.offsetMsgId();
            uniqId = r.msgId();
            for (int i = 0; i < 9; i++) {
                producer.send(Message.of(topic, "filler-" + i));
            }
        }
        Set<String> seen = ConcurrentHashMap.newKeySet();
        try (PetrelPushConsumer consumer = pushConsumer("admin-cg", "admin-c").subscribe(topic, "*")
                 .listener((msgs, ctx) -> {
                     msgs.forEach(m -> seen.add(m.msgId()));
                     return ConsumeResult.SUCCESS;
                 }).build();
             PetrelAdmin admin = admin()) {
            assertThat(admin.topicList()).contains(topic);
            assertThat(admin.clusterInfo().clusterAddrTable()).containsKey("DefaultCluster");
            long stored = admin.topicStats(topic).offsetTable().values().stream().mapToLong(t -> t.maxOffset()).sum();
            assertThat(stored).isEqualTo(10);
            Await.until(WAIT, "all 10 consumed", () -> seen.size() == 10);
            assertThat(admin.consumerConnection("admin-cg").connectionSet()).extracting(c -> c.clientId())
                .containsExactly(consumer.clientId());
            assertThat(admin.consumingGroups(topic)).contains("admin-cg");
            consumer.close(); // commits the offsets
            assertThat(admin.consumeStats("admin-cg", topic).offsetTable().values().stream()
                .mapToLong(o -> o.brokerOffset() - o.consumerOffset()).sum()).as("lag").isZero();
            assertThat(admin.viewMessage(topic, offsetId).bodyAsString()).isEqualTo("find-me");
            assertThat(admin.viewMessage(topic, uniqId).bodyAsString()).isEqualTo("find-me");
            long now = System.currentTimeMillis();
            List<ReceivedMessage> byKey = Await.value(WAIT, "the key indexed",
                () -> admin.queryMessageByKey(topic, "order-42", 32, now - 600_000, now + 600_000), l -> !l.isEmpty());
            assertThat(byKey).singleElement().satisfies(m -> assertThat(m.msgId()).isEqualTo(uniqId));
        }
        try (PetrelAdmin admin = admin()) {
            Map<MessageQueue, Long> reset = admin.resetOffsetByTimestamp(topic, "admin-cg", 0, true);
            assertThat(reset.values()).containsOnly(0L);
            for (MessageQueue q : reset.keySet()) {
                assertThat(admin.consumerOffset("admin-cg", q)).isZero();
            }
        }
    }
}
