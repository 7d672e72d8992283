package dev.petrel.client.consumer;

import static org.assertj.core.api.Assertions.assertThat;

import dev.petrel.client.Message;
import dev.petrel.client.ReceivedMessage;
import dev.petrel.client.producer.MessageQueueSelector;
import dev.petrel.client.producer.PetrelProducer;
import dev.petrel.client.testing.FakeBroker;
import dev.petrel.client.testing.FakeNameServer;
import dev.petrel.client.testing.PatientClients;
import dev.petrel.protocol.body.MessageQueue;
import dev.petrel.protocol.body.client.ConsumerRunningInfo;
import dev.petrel.protocol.body.client.ProcessQueueInfo;
import dev.petrel.protocol.body.heartbeat.ConsumerData;
import dev.petrel.protocol.body.heartbeat.HeartbeatData;
import dev.petrel.protocol.body.heartbeat.MessageModel;
import dev.petrel.protocol.body.heartbeat.SubscriptionData;
import dev.petrel.protocol.code.RequestCode;
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
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The push consumer against an in-process fake broker over real sockets. */
class PushConsumerTest {

    private static final Duration WAIT = Duration.ofSeconds(20);

    private FakeNameServer namesrv;
    private FakeBroker broker;
    private PetrelProducer producer;
    private final List<AutoCloseable> closeables = new ArrayList<>();

    @BeforeEach
    void start() {
        namesrv = new FakeNameServer();
        broker = new FakeBroker("broker-a", namesrv).createTopic("T", 4);
        producer = PatientClients.producer(namesrv.address()).group("pg").instanceName("producer").build();
    }

    @AfterEach
    void stop() throws Exception {
        for (int i = closeables.size() - 1; i >= 0; i--) {
            closeables.get(i).close();
        }
        producer.close();
        broker.close();
        namesrv.close();
    }

    private PetrelPushConsumer.Builder consumer(String group, String instance) {
        return PatientClients.pushConsumer(namesrv.address()).group(group).instanceName(instance)
            .startFrom(StartPosition.FIRST_OFFSET);
    }

    private PetrelPushConsumer started(PetrelPushConsumer.Builder b) {
        PetrelPushConsumer c = b.build();
        closeables.add(c);
        return c;
    }

    private List<String> send(int n, String prefix, String tag) {
        List<String> ids = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            Message.Builder m = Message.builder("T").body(prefix + i);
            if (tag != null) {
                m.tags(tag);
            }
            ids.add(producer.send(m.build()).msgId());
        }
        return ids;
    }

    @Test
    void twoClusteringConsumersSplitTheQueuesAndGetEachMessageOnce() {
        Map<String, AtomicInteger> seen = new ConcurrentHashMap<>();
        Map<String, Set<String>> byConsumer = new ConcurrentHashMap<>();
        PetrelPushConsumer c1 = started(consumer("cg", "c1").subscribe("T", "*").listener((msgs, ctx) -> {
            msgs.forEach(m -> {
                seen.computeIfAbsent(m.msgId(), k -> new AtomicInteger()).incrementAndGet();
                byConsumer.computeIfAbsent("c1", k -> ConcurrentHashMap.newKeySet()).add(m.msgId());
            });
            return ConsumeResult.SUCCESS;
        }));
        PetrelPushConsumer c2 = started(consumer("cg", "c2").subscribe("T", "*").listener((msgs, ctx) -> {
            msgs.forEach(m -> {
                seen.computeIfAbsent(m.msgId(), k -> new AtomicInteger()).incrementAndGet();
                byConsumer.computeIfAbsent("c2", k -> ConcurrentHashMap.newKeySet()).add(m.msgId());
            });
            return ConsumeResult.SUCCESS;
        }));
        Await.until(WAIT, "both members to own 2 of the 4 queues", () -> owned(c1, "T") == 2 && owned(c2, "T") == 2);
        Set<MessageQueue> all = new HashSet<>(c1.assignedQueues());
        all.addAll(c2.assignedQueues());
        // the 4 queues of T and the single queue of the group's retry topic, each owned once
        assertThat(c1.assignedQueues()).doesNotContainAnyElementsOf(c2.assignedQueues());
        assertThat(all).hasSize(5).contains(new MessageQueue("%RETRY%cg", "broker-a", 0));
        List<String> ids = send(100, "m", null);
        Await.until(WAIT, "all 100 consumed", () -> seen.keySet().containsAll(ids));
        assertThat(seen.values()).allSatisfy(n -> assertThat(n.get()).isEqualTo(1));
        assertThat(byConsumer.get("c1")).isNotEmpty();
        assertThat(byConsumer.get("c2")).isNotEmpty();
    }

    private static long owned(PetrelPushConsumer c, String topic) {
        return c.assignedQueues().stream().filter(q -> q.topic().equals(topic)).count();
    }

    @Test
    void broadcastingGivesEveryMemberEveryMessage(@TempDir Path dir) {
        Set<String> a = ConcurrentHashMap.newKeySet();
        Set<String> b = ConcurrentHashMap.newKeySet();
        started(consumer("bg", "b1").messageModel(MessageModel.BROADCASTING).localOffsetStoreDir(dir).subscribe("T", "*")
            .listener((msgs, ctx) -> {
                msgs.forEach(m -> a.add(m.msgId()));
                return ConsumeResult.SUCCESS;
            }));
        started(consumer("bg", "b2").messageModel(MessageModel.BROADCASTING).localOffsetStoreDir(dir).subscribe("T", "*")
            .listener((msgs, ctx) -> {
                msgs.forEach(m -> b.add(m.msgId()));
                return ConsumeResult.SUCCESS;
            }));
        List<String> ids = send(20, "b", null);
        Await.until(WAIT, "both members got all 20", () -> a.containsAll(ids) && b.containsAll(ids));
        closeables.forEach(c -> {
            try {
                c.close();
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        });
        assertThat(dir.resolve(broker.name()).getParent().toFile().list()).isNotEmpty();
    }

    @Test
    void offsetsAreCommittedOnCloseAndResumedByTheNextMember() {
        Set<String> first = ConcurrentHashMap.newKeySet();
        PetrelPushConsumer c1 = consumer("rg", "r1").subscribe("T", "*").listener((msgs, ctx) -> {
            msgs.forEach(m -> first.add(m.msgId()));
            return ConsumeResult.SUCCESS;
        }).build();
        List<String> before = send(30, "x", null);
        Await.until(WAIT, "first member consumed 30", () -> first.containsAll(before));
        c1.close();
        assertThat(broker.received(RequestCode.UNREGISTER_CLIENT)).anyMatch(r -> "rg".equals(r.extFields().get("consumerGroup")));
        long committed = 0;
        for (int q = 0; q < 4; q++) {
            Long off = broker.committedOffset("rg", "T", q);
            committed += off == null ? 0 : off;
        }
        assertThat(committed).isEqualTo(30);

        List<String> after = send(10, "y", null);
        Set<String> second = ConcurrentHashMap.newKeySet();
        started(consumer("rg", "r2").subscribe("T", "*").listener((msgs, ctx) -> {
            msgs.forEach(m -> second.add(m.msgId()));
            return ConsumeResult.SUCCESS;
        }));
        Await.until(WAIT, "second member consumed the 10 new", () -> second.containsAll(after));
        assertThat(second).doesNotContainAnyElementsOf(before);
    }

    @Test
    void tagFilterDeliversOnlyMatchingTags() {
        Set<String> got = ConcurrentHashMap.newKeySet();
        List<String> tags = new CopyOnWriteArrayList<>();
        started(consumer("tg", "t1").subscribe("T", "A || B").listener((msgs, ctx) -> {
            msgs.forEach(m -> {
                got.add(m.msgId());
                tags.add(m.tags());
            });
            return ConsumeResult.SUCCESS;
        }));
        List<String> a = send(5, "a", "A");
        send(5, "c", "C");
        List<String> b = send(5, "b", "B");
        Await.until(WAIT, "A and B consumed", () -> got.containsAll(a) && got.containsAll(b));
        assertThat(tags).containsOnly("A", "B").hasSize(10);
        HeartbeatData hb = HeartbeatData.CODEC.decode(broker.received(RequestCode.HEART_BEAT).get(0).body());
        ConsumerData cd = hb.consumerDataSet().iterator().next();
        assertThat(cd.subscriptionDataSet()).extracting(SubscriptionData::topic).containsExactlyInAnyOrder("T", "%RETRY%tg");
        assertThat(cd.subscriptionDataSet()).filteredOn(s -> s.topic().equals("T")).singleElement()
            .satisfies(s -> assertThat(s.codeSet()).containsExactlyInAnyOrder("A".hashCode(), "B".hashCode()));
    }

    @Test
    void aRefusedMessageComesBackThroughTheRetryTopic() {
        List<ReceivedMessage> deliveries = new CopyOnWriteArrayList<>();
        started(consumer("retry-g", "rt").subscribe("T", "*").listener((msgs, ctx) -> {
            deliveries.addAll(msgs);
            return deliveries.size() == 1 ? ConsumeResult.RETRY_LATER : ConsumeResult.SUCCESS;
        }));
        String id = send(1, "once", null).get(0);
        Await.until(WAIT, "a redelivery", () -> deliveries.size() >= 2);
        ReceivedMessage again = deliveries.get(1);
        assertThat(again.topic()).isEqualTo("T");
        assertThat(again.queue().topic()).isEqualTo("%RETRY%retry-g");
        assertThat(again.reconsumeTimes()).isEqualTo(1);
        assertThat(again.msgId()).isEqualTo(id);
        assertThat(broker.received(RequestCode.CONSUMER_SEND_MSG_BACK)).singleElement().satisfies(r ->
            assertThat(r.extFields()).containsEntry("group", "retry-g").containsEntry("delayLevel", "0")
                .containsEntry("maxReconsumeTimes", "16").containsEntry("originTopic", "T").containsEntry("bname", "broker-a"));
    }

    @Test
    void whenSendBackFailsACopyGoesToTheRetryTopicAsANewMessage() {
        broker.failSendBack = true;
        List<ReceivedMessage> deliveries = new CopyOnWriteArrayList<>();
        started(consumer("fallback-g", "fb").subscribe("T", "*").listener((msgs, ctx) -> {
            deliveries.addAll(msgs);
            ctx.delayLevelWhenNextConsume(2);
            return deliveries.size() == 1 ? ConsumeResult.RETRY_LATER : ConsumeResult.SUCCESS;
        }));
        String id = producer.send(Message.builder("T").body("x").keys("k1").property("p", "v").build()).msgId();
        Await.until(WAIT, "a redelivery through the copy", () -> deliveries.size() >= 2);
        ReceivedMessage again = deliveries.get(1);
        assertThat(again.queue().topic()).isEqualTo("%RETRY%fallback-g");
        assertThat(again.topic()).isEqualTo("T");
        assertThat(again.msgId()).isEqualTo(id);
        assertThat(again.reconsumeTimes()).isEqualTo(1);
        assertThat(again.property("p")).isEqualTo("v");
        assertThat(again.keys()).containsExactly("k1");
        assertThat(broker.received(RequestCode.CONSUMER_SEND_MSG_BACK)).singleElement().satisfies(r ->
            assertThat(r.extFields()).containsEntry("delayLevel", "2"));
        FakeBroker.Received copy = broker.received(RequestCode.SEND_MESSAGE_V2).stream()
            .filter(r -> "%RETRY%fallback-g".equals(r.extFields().get("b"))).findFirst().orElseThrow();
        assertThat(copy.extFields()).containsEntry("a", "CLIENT_INNER_PRODUCER").containsEntry("j", "1")
            .containsEntry("l", "16");
        assertThat(dev.petrel.message.PropertiesCodec.decode(copy.extFields().get("i"))).containsEntry("RETRY_TOPIC", "T")
            .containsEntry("DELAY", "3").containsEntry("ORIGIN_MESSAGE_ID", id).containsEntry("UNIQ_KEY", id)
            .doesNotContainKeys("RECONSUME_TIME", "MAX_RECONSUME_TIMES");
    }

    @Test
    void anOrderlyConsumerLocksItsQueuesAndReleasesThemOnClose() {
        List<String> got = new CopyOnWriteArrayList<>();
        PetrelPushConsumer c = started(consumer("lock-g", "l1").subscribe("T", "*").orderlyListener((msgs, ctx) -> {
            msgs.forEach(m -> got.add(m.bodyAsString()));
            return ConsumeResult.SUCCESS;
        }));
        Await.until(WAIT, "all 4 queues locked", () -> c.assignedQueues().size() == 5 && java.util.stream.IntStream
            .range(0, 4).allMatch(q -> c.clientId().equals(broker.lockHolder("lock-g", new MessageQueue("T", "broker-a", q)))));
        send(3, "o", null);
        Await.until(WAIT, "3 consumed", () -> got.size() == 3);
        assertThat(broker.received(RequestCode.LOCK_BATCH_MQ)).isNotEmpty();
        c.close();
        assertThat(broker.lockHolder("lock-g", new MessageQueue("T", "broker-a", 0))).isNull();
        assertThat(broker.received(RequestCode.UNLOCK_BATCH_MQ)).hasSize(1);
    }

    @Test
    void slowListenerWithABacklogKeepsTheCacheBounded() throws Exception {
        for (int i = 0; i < 600; i++) {
            producer.send(Message.builder("T").body("backlog-" + i).build(), MessageQueueSelector.byHash(), 0);
        }
        CountDownLatch release = new CountDownLatch(1);
        AtomicInteger consumed = new AtomicInteger();
        PetrelPushConsumer c = started(consumer("slow", "s1").subscribe("T", "*").pullThresholdForQueue(50)
            .pullBatchSize(16).consumeThreads(1).listener((msgs, ctx) -> {
                try {
                    release.await(30, TimeUnit.SECONDS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                consumed.addAndGet(msgs.size());
                return ConsumeResult.SUCCESS;
            }));
        MessageQueue q0 = new MessageQueue("T", "broker-a", 0);
        Await.until(WAIT, "the backlogged queue to fill up to its threshold", () -> cached(c, q0) > 50);
        long pullsAtThreshold = pulls(q0);
        // flow control now holds the queue's pulls back every 50 ms instead of pulling
        Await.until(WAIT, "flow control to hold pulls ten times", () -> flowControlTimes(c) >= 10);
        assertThat(cached(c, q0)).as("at most one pull batch above the threshold").isBetween(51, 50 + 16);
        assertThat(pulls(q0)).as("no pull while the queue is full").isEqualTo(pullsAtThreshold);
        release.countDown();
        Await.until(WAIT, "the backlog drained", () -> consumed.get() == 600);
    }

    private long pulls(MessageQueue q) {
        return broker.received(RequestCode.PULL_MESSAGE).stream()
            .filter(r -> r.extFields().get("topic").equals(q.topic())
                && r.extFields().get("queueId").equals(Integer.toString(q.queueId()))).count();
    }

    private static long flowControlTimes(PetrelPushConsumer c) {
        return Long.parseLong(c.runningInfo().userConsumerInfo().getOrDefault("flowControlTimes", "0"));
    }

    private static int cached(PetrelPushConsumer c, MessageQueue q) {
        ConsumerRunningInfo info = c.runningInfo();
        ProcessQueueInfo pq = info.mqTable().get(q);
        return pq == null ? 0 : pq.cachedMsgCount();
    }

    @Test
    void orderlyListenerSeesEachQueueInOrderEvenAfterARetry() {
        Map<Integer, List<Integer>> order = new ConcurrentHashMap<>();
        AtomicInteger failures = new AtomicInteger();
        started(consumer("og", "o1").subscribe("T", "*").consumeBatchSize(3).orderlyListener((msgs, ctx) -> {
            if (failures.get() == 0 && msgs.stream().anyMatch(m -> m.bodyAsString().equals("o-5"))) {
                failures.incrementAndGet();
                return ConsumeResult.RETRY_LATER;
            }
            for (ReceivedMessage m : msgs) {
                order.computeIfAbsent(m.queueId(), k -> new CopyOnWriteArrayList<>())
                    .add(Integer.parseInt(m.bodyAsString().substring(2)));
            }
            return ConsumeResult.SUCCESS;
        }));
        for (int i = 0; i < 40; i++) {
            producer.send(Message.of("T", "o-" + i), MessageQueueSelector.byHash(), i % 2);
        }
        Await.until(WAIT, "40 consumed", () -> order.values().stream().mapToInt(List::size).sum() == 40);
        assertThat(order.values()).allSatisfy(list -> assertThat(list).isSorted());
        assertThat(failures.get()).isEqualTo(1);
    }

    @Test
    void pullsCarryTheSubscriptionVersionAndCommitOffsets() {
        Set<String> got = ConcurrentHashMap.newKeySet();
        started(consumer("wire", "w1").subscribe("T", "*").listener((msgs, ctx) -> {
            msgs.forEach(m -> got.add(m.msgId()));
            return ConsumeResult.SUCCESS;
        }));
        List<String> ids = send(8, "w", null);
        Await.until(WAIT, "8 consumed", () -> got.containsAll(ids));
        send(4, "w2", null);
        Await.until(WAIT, "a pull that commits an offset", () -> broker.received(RequestCode.PULL_MESSAGE).stream()
            .anyMatch(r -> "3".equals(r.extFields().get("sysFlag"))));
        FakeBroker.Received firstPull = broker.received(RequestCode.PULL_MESSAGE).get(0);
        assertThat(firstPull.extFields()).containsEntry("consumerGroup", "wire").containsEntry("sysFlag", "2")
            .containsEntry("commitOffset", "-1").containsEntry("maxMsgNums", "32").containsEntry("maxMsgBytes", "262144")
            .containsEntry("suspendTimeoutMillis", "15000").containsEntry("expressionType", "TAG")
            .containsEntry("bname", "broker-a").containsKey("subVersion").doesNotContainKey("subscription");
    }
}
