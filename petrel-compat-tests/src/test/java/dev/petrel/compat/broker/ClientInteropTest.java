package dev.petrel.compat.broker;

import dev.petrel.compat.namesrv.PetrelProcess;
import dev.petrel.testkit.Await;
import org.apache.rocketmq.client.consumer.DefaultLitePullConsumer;
import org.apache.rocketmq.client.exception.MQBrokerException;
import org.apache.rocketmq.client.exception.MQClientException;
import org.apache.rocketmq.client.producer.DefaultMQProducer;
import org.apache.rocketmq.client.producer.SendCallback;
import org.apache.rocketmq.client.producer.SendResult;
import org.apache.rocketmq.client.producer.SendStatus;
import org.apache.rocketmq.common.TopicConfig;
import org.apache.rocketmq.common.message.Message;
import org.apache.rocketmq.common.message.MessageExt;
import org.apache.rocketmq.common.message.MessageQueue;
import org.apache.rocketmq.remoting.protocol.heartbeat.MessageModel;
import org.apache.rocketmq.tools.admin.DefaultMQAdminExt;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The official RocketMQ 5.3.1 client against Petrel's NameServer and broker, both real processes: every send mode,
 * push consumers (clustering and broadcasting), lite pull, offsets across a restart, tag filters, queries, limits.
 */
class ClientInteropTest {

    private static final Duration WAIT = Duration.ofSeconds(30);

    @TempDir
    static Path dir;
    static PetrelProcess namesrv;
    static PetrelBroker broker;
    static DefaultMQAdminExt admin;
    static DefaultMQProducer producer;

    @BeforeAll
    static void start() throws Exception {
        namesrv = PetrelProcess.namesrv(dir.resolve("namesrv")).start();
        broker = PetrelBroker.start(dir.resolve("broker"), namesrv.namesrvAddr(), Map.of());
        admin = Clients.admin(namesrv.namesrvAddr());
        producer = Clients.producer(namesrv.namesrvAddr(), "interopPG");
    }

    @AfterAll
    static void stop() {
        if (producer != null) {
            producer.shutdown();
        }
        if (admin != null) {
            admin.shutdown();
        }
        if (broker != null) {
            broker.close();
        }
        if (namesrv != null) {
            namesrv.close();
        }
    }

    /** Creates a topic on the broker and waits until the NameServer routes it. */
    static void createTopic(String topic, int queues) throws Exception {
        admin.createAndUpdateTopicConfig(broker.address(), new TopicConfig(topic, queues, queues, 6));
        Await.value(WAIT, "route of " + topic, () -> admin.examineTopicRouteInfo(topic), r -> !r.getQueueDatas().isEmpty());
    }

    private static Message message(String topic, String tags, String keys, String body, String... props) {
        Message m = new Message(topic, tags, keys, body.getBytes(StandardCharsets.UTF_8));
        for (int i = 0; i < props.length; i += 2) {
            m.putUserProperty(props[i], props[i + 1]);
        }
        return m;
    }

    @Test
    void everySendModeIsDeliveredWithBodyKeysTagsAndProperties() throws Exception {
        String topic = "InteropSendModes";
        createTopic(topic, 4);
        Map<String, Message> sent = new java.util.LinkedHashMap<>();
        Message sync = message(topic, "TagA", "k1 k2", "sync", "ua", "uv");
        sent.put("sync", sync);
        SendResult r = producer.send(sync);
        assertThat(r.getSendStatus()).isEqualTo(SendStatus.SEND_OK);
        assertThat(r.getOffsetMsgId()).hasSize(32);

        Message async = message(topic, "TagB", "k3", "async", "color", "blue");
        sent.put("async", async);
        CompletableFuture<SendResult> asyncResult = new CompletableFuture<>();
        producer.send(async, new SendCallback() {
            @Override
            public void onSuccess(SendResult sendResult) {
                asyncResult.complete(sendResult);
            }

            @Override
            public void onException(Throwable e) {
                asyncResult.completeExceptionally(e);
            }
        });
        assertThat(asyncResult.get(10, TimeUnit.SECONDS).getSendStatus()).isEqualTo(SendStatus.SEND_OK);

        Message oneway = message(topic, "TagC", "k4", "oneway");
        sent.put("oneway", oneway);
        producer.sendOneway(oneway);

        List<Message> batch = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            Message b = message(topic, "TagD", "batch-key-" + i, "batch-" + i, "index", String.valueOf(i));
            batch.add(b);
            sent.put("batch-" + i, b);
        }
        SendResult batchResult = producer.send(batch);
        assertThat(batchResult.getSendStatus()).isEqualTo(SendStatus.SEND_OK);
        assertThat(batchResult.getMsgId().split(",")).hasSize(3);

        try (Clients.Recording c = new Clients.Recording(namesrv.namesrvAddr(), "interopSendModesCG", topic, "*",
            MessageModel.CLUSTERING).start()) {
            // A oneway send has no guarantee (a broker drops one whose request waited too long in its send queue, as a
            // loaded machine makes likely): it is sent again, every half second, until a copy arrives.
            long[] onewaySentAt = {System.nanoTime()};
            Await.until(WAIT, "all 6 messages", () -> {
                if (!c.bodies().contains("oneway") && System.nanoTime() - onewaySentAt[0] > 500_000_000L) {
                    onewaySentAt[0] = System.nanoTime();
                    sendOneway(oneway);
                }
                return c.bodies().containsAll(sent.keySet());
            });
            assertThat(c.bodies()).filteredOn(body -> !body.equals("oneway"))
                .containsExactlyInAnyOrderElementsOf(sent.keySet().stream().filter(k -> !k.equals("oneway")).toList());
            for (MessageExt got : c.received) {
                Message expected = sent.get(new String(got.getBody(), StandardCharsets.UTF_8));
                assertThat(got.getTags()).isEqualTo(expected.getTags());
                assertThat(got.getKeys()).isEqualTo(expected.getKeys());
                assertThat(got.getTopic()).isEqualTo(topic);
                for (Map.Entry<String, String> p : expected.getProperties().entrySet()) {
                    assertThat(got.getProperties()).containsEntry(p.getKey(), p.getValue());
                }
            }
        }
    }

    private static void sendOneway(Message m) {
        try {
            producer.sendOneway(m);
        } catch (Exception e) {
            throw new AssertionError("oneway send failed", e);
        }
    }

    @Test
    void twoConsumersOfOneGroupSplitTheQueuesAndReceiveEachMessageOnce() throws Exception {
        String topic = "InteropSplit";
        createTopic(topic, 8);
        try (Clients.Recording a = new Clients.Recording(namesrv.namesrvAddr(), "interopSplitCG", topic, "*",
            MessageModel.CLUSTERING).start();
             Clients.Recording b = new Clients.Recording(namesrv.namesrvAddr(), "interopSplitCG", topic, "*",
                 MessageModel.CLUSTERING).start()) {
            Await.until(WAIT, "both members own 4 queues each", () -> ownedQueues(a, topic) == 4 && ownedQueues(b, topic) == 4);
            int n = 80;
            for (int i = 0; i < n; i++) {
                producer.send(message(topic, null, null, "split-" + i));
            }
            Await.until(WAIT, n + " messages between both", () -> a.received.size() + b.received.size() >= n);
            List<String> all = new ArrayList<>(a.bodies());
            all.addAll(b.bodies());
            assertThat(all).hasSize(n).doesNotHaveDuplicates();
            assertThat(a.received).isNotEmpty();
            assertThat(b.received).isNotEmpty();
            Set<Integer> queuesOfA = a.received.stream().map(MessageExt::getQueueId).collect(Collectors.toSet());
            Set<Integer> queuesOfB = b.received.stream().map(MessageExt::getQueueId).collect(Collectors.toSet());
            assertThat(queuesOfA).doesNotContainAnyElementsOf(queuesOfB);
        }
    }

    private static int ownedQueues(Clients.Recording c, String topic) {
        return (int) c.consumer.getDefaultMQPushConsumerImpl().getRebalanceImpl().getProcessQueueTable().keySet().stream()
            .filter(mq -> mq.getTopic().equals(topic)).count();
    }

    @Test
    void broadcastingDeliversEveryMessageToEveryConsumer() throws Exception {
        String topic = "InteropBroadcast";
        createTopic(topic, 4);
        try (Clients.Recording a = new Clients.Recording(namesrv.namesrvAddr(), "interopBroadcastCG", topic, "*",
            MessageModel.BROADCASTING).start();
             Clients.Recording b = new Clients.Recording(namesrv.namesrvAddr(), "interopBroadcastCG", topic, "*",
                 MessageModel.BROADCASTING).start()) {
            Await.until(WAIT, "both own all queues", () -> ownedQueues(a, topic) == 4 && ownedQueues(b, topic) == 4);
            List<String> bodies = IntStream.range(0, 20).mapToObj(i -> "bc-" + i).toList();
            for (String body : bodies) {
                producer.send(message(topic, null, null, body));
            }
            Await.until(WAIT, "both received everything", () -> a.received.size() >= 20 && b.received.size() >= 20);
            assertThat(a.bodies()).containsExactlyInAnyOrderElementsOf(bodies);
            assertThat(b.bodies()).containsExactlyInAnyOrderElementsOf(bodies);
        }
    }

    @Test
    void litePullConsumerAssignsSeeksAndPolls() throws Exception {
        String topic = "InteropLite";
        createTopic(topic, 2);
        MessageQueue q0 = null;
        for (int i = 0; i < 10; i++) {
            SendResult r = producer.send(message(topic, null, null, "lite-" + i), (mqs, msg, arg) -> mqs.get(0), null);
            q0 = r.getMessageQueue();
        }
        DefaultLitePullConsumer lite = Clients.litePull(namesrv.namesrvAddr(), "interopLiteCG");
        lite.start();
        try {
            Collection<MessageQueue> queues = lite.fetchMessageQueues(topic);
            assertThat(queues).hasSize(2).contains(q0);
            lite.assign(List.of(q0));
            // Read the queue once first: the official client's pull task starts at assign(), and a seek racing its
            // first pull can be undone by that pull's answer (run 50 got lite-0..9 after seek(6)). Once the queue is
            // read to its end, the task's next pull waits at the broker with nothing to return, and a seek is clean.
            List<String> first = new ArrayList<>();
            // each phase may wait out a pull held at the broker (the next seek takes effect when it returns)
            long deadline = System.nanoTime() + 2 * WAIT.toNanos();
            while (first.size() < 10 && System.nanoTime() < deadline) {
                lite.poll(500).forEach(m -> first.add(new String(m.getBody(), StandardCharsets.UTF_8)));
            }
            assertThat(first).containsExactlyElementsOf(IntStream.range(0, 10).mapToObj(i -> "lite-" + i).toList());
            lite.seek(q0, 6);
            deadline = System.nanoTime() + 2 * WAIT.toNanos();
            List<String> got = new ArrayList<>();
            while (got.size() < 4 && System.nanoTime() < deadline) {
                lite.poll(500).forEach(m -> got.add(new String(m.getBody(), StandardCharsets.UTF_8)));
            }
            assertThat(got).containsExactly("lite-6", "lite-7", "lite-8", "lite-9");
            lite.seek(q0, 0);
            deadline = System.nanoTime() + 2 * WAIT.toNanos();
            List<String> again = new ArrayList<>();
            while (again.size() < 10 && System.nanoTime() < deadline) {
                lite.poll(500).forEach(m -> again.add(new String(m.getBody(), StandardCharsets.UTF_8)));
            }
            assertThat(again).containsExactlyElementsOf(IntStream.range(0, 10).mapToObj(i -> "lite-" + i).toList());
        } finally {
            lite.shutdown();
        }
    }

    @Test
    void aRestartedConsumerResumesFromItsCommittedOffsets() throws Exception {
        String topic = "InteropResume";
        createTopic(topic, 4);
        for (int i = 0; i < 10; i++) {
            producer.send(message(topic, null, null, "before-" + i));
        }
        try (Clients.Recording first = new Clients.Recording(namesrv.namesrvAddr(), "interopResumeCG", topic, "*",
            MessageModel.CLUSTERING).start()) {
            Await.until(WAIT, "the first 10", () -> first.received.size() >= 10);
            // A listener has returned before the client moves its offset, and the offsets reach the broker by the
            // client's periodic persist (or a oneway at shutdown). Close only once the broker holds all 10, so the
            // second consumer's start proves a resume rather than racing the first one's last commit.
            Await.value(WAIT, "the broker holding the first consumer's 10 committed offsets",
                () -> admin.examineConsumeStats("interopResumeCG", topic).getOffsetTable().values().stream()
                    .mapToLong(o -> o.getConsumerOffset()).sum(), committed -> committed == 10);
        }
        for (int i = 0; i < 5; i++) {
            producer.send(message(topic, null, null, "after-" + i));
        }
        try (Clients.Recording second = new Clients.Recording(namesrv.namesrvAddr(), "interopResumeCG", topic, "*",
            MessageModel.CLUSTERING).start()) {
            Await.until(WAIT, "the 5 new ones", () -> second.received.size() >= 5);
            assertThat(second.bodies()).containsExactlyInAnyOrder("after-0", "after-1", "after-2", "after-3", "after-4");
        }
    }

    @Test
    void tagFilterDeliversOnlyTheSubscribedTags() throws Exception {
        String topic = "InteropTags";
        createTopic(topic, 4);
        for (String tag : new String[] {"A", "B", "C", "D"}) {
            for (int i = 0; i < 3; i++) {
                producer.send(message(topic, tag, null, tag + "-" + i));
            }
        }
        producer.send(message(topic, null, null, "untagged"));
        try (Clients.Recording c = new Clients.Recording(namesrv.namesrvAddr(), "interopTagsCG", topic, "A || C",
            MessageModel.CLUSTERING).start()) {
            Await.until(WAIT, "the 6 A and C messages", () -> c.received.size() >= 6);
            producer.send(message(topic, "A", null, "A-last"));
            Await.until(WAIT, "the last A", () -> c.bodies().contains("A-last"));
            assertThat(c.bodies()).containsExactlyInAnyOrder("A-0", "A-1", "A-2", "C-0", "C-1", "C-2", "A-last");
        }
    }

    @Test
    void membersOfOneGroupSubscribingDifferentlyAreReportedInTheAdminView() throws Exception {
        String topic = "InteropConflict";
        createTopic(topic, 4);
        try (Clients.Recording a = new Clients.Recording(namesrv.namesrvAddr(), "interopConflictCG", topic, "TagA",
            MessageModel.CLUSTERING).start();
             Clients.Recording b = new Clients.Recording(namesrv.namesrvAddr(), "interopConflictCG", topic, "TagB",
                 MessageModel.CLUSTERING).start()) {
            String report = Await.value(WAIT, "the conflict in the runtime info",
                () -> admin.fetchBrokerRuntimeStats(broker.address()).getTable().get("petrelSubscriptionConflicts"),
                text -> text.contains("interopConflictCG"));
            assertThat(report).contains("members subscribe topic " + topic + " differently").contains("TAG TagA")
                .contains("TAG TagB");
        }
    }

    @Test
    void messagesAreFoundByKeyByUniqueIdAndByOffsetId() throws Exception {
        String topic = "InteropQuery";
        createTopic(topic, 4);
        SendResult r = producer.send(message(topic, "Q", "order-4711 order-4712", "queried"));
        producer.send(message(topic, "Q", "order-9", "other"));
        long now = System.currentTimeMillis();
        List<MessageExt> byKey = Await.value(WAIT, "query by key",
            () -> admin.queryMessage(topic, "order-4712", 32, now - 60_000, now + 60_000).getMessageList(),
            list -> !list.isEmpty());
        assertThat(byKey).extracting(m -> new String(m.getBody(), StandardCharsets.UTF_8)).containsExactly("queried");
        MessageExt byUnique = admin.viewMessage(topic, r.getMsgId());
        assertThat(new String(byUnique.getBody(), StandardCharsets.UTF_8)).isEqualTo("queried");
        MessageExt byOffset = admin.viewMessage(topic, r.getOffsetMsgId());
        assertThat(byOffset.getKeys()).isEqualTo("order-4711 order-4712");
        assertThat(byOffset.getQueueOffset()).isEqualTo(r.getQueueOffset());
    }

    @Test
    void aBodyOverFourMibIsRejectedWithAClearError() throws Exception {
        String topic = "InteropLimit";
        createTopic(topic, 1);
        byte[] big = new byte[4 * 1024 * 1024 + 1];
        new Random(42).nextBytes(big); // incompressible, so the client's zlib cannot shrink it under the limit
        assertThatThrownBy(() -> producer.send(new Message(topic, big)))
            .isInstanceOfSatisfying(MQClientException.class,
                e -> assertThat(e.getMessage()).contains("the message body size over max value"));
        DefaultMQProducer lenient = Clients.producer(namesrv.namesrvAddr(), "interopLimitPG");
        try {
            lenient.setMaxMessageSize(16 * 1024 * 1024);
            lenient.setSendMsgTimeout(60_000); // 4 MiB through a busy machine; the refusal, not the speed, is tested
            assertThatThrownBy(() -> lenient.send(new Message(topic, big)))
                .isInstanceOfSatisfying(MQBrokerException.class, e -> {
                    assertThat(e.getResponseCode()).isEqualTo(13);
                    assertThat(e.getErrorMessage()).contains("maxMessageSize=4194304");
                });
            assertThat(lenient.send(new Message(topic, new byte[1024])).getSendStatus()).isEqualTo(SendStatus.SEND_OK);
        } finally {
            lenient.shutdown();
        }
    }
}
