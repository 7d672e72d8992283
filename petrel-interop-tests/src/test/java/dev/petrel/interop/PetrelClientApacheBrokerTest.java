package dev.petrel.interop;

import static org.assertj.core.api.Assertions.assertThat;

import dev.petrel.client.Message;
import dev.petrel.client.admin.PetrelAdmin;
import dev.petrel.client.consumer.ConsumeResult;
import dev.petrel.client.consumer.PetrelPushConsumer;
import dev.petrel.client.producer.PetrelProducer;
import dev.petrel.dashboard.DashboardConfig;
import dev.petrel.dashboard.DashboardServer;
import dev.petrel.protocol.body.MessageQueue;
import dev.petrel.protocol.body.client.ConsumerRunningInfo;
import dev.petrel.protocol.body.client.ProcessQueueInfo;
import dev.petrel.testkit.Await;
import dev.petrel.testkit.FreePorts;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Matrix column "Petrel client ↔ Apache RocketMQ 5.3.1 broker", the broker registered with Petrel's NameServer; plus
 * the flow-control acceptance test, observed through the broker's relay of GET_CONSUMER_RUNNING_INFO.
 */
class PetrelClientApacheBrokerTest extends InteropMatrix {

    private static Path dir;
    private static ServerProcesses.Server namesrv;
    private static ServerProcesses.Server broker;

    @BeforeAll
    static void startServers() throws Exception {
        dir = ServerProcesses.serverDir("interop-apache-");
        namesrv = ServerProcesses.petrelNameServer(dir);
        broker = ServerProcesses.apacheBroker(dir, "broker-a", namesrv.address(), Map.of());
        ServerProcesses.awaitRegistered(namesrv.address(), "broker-a");
    }

    @AfterAll
    static void stopServers() {
        ServerProcesses.stopAll(dir, broker, namesrv);
    }

    @Override
    String namesrv() {
        return namesrv.address();
    }

    /**
     * The web dashboard administers Apache's broker through the admin protocol alone: it creates a topic, sends to it,
     * and reads the broker's version, the topic's config (GET_ALL_TOPIC_CONFIG), offsets, the message and its key.
     */
    @Test
    @SuppressWarnings("unchecked")
    void theDashboardAdministersAnApacheBroker() {
        try (DashboardServer dashboard = new DashboardServer(new DashboardConfig.Settings(true, namesrv(), "127.0.0.1",
            FreePorts.next(), false, 1 << 20, 4, 30_000)).start()) {
            DashboardApi api = new DashboardApi(dashboard.port());
            api.post("topic/createOrUpdate", Map.of("topic", "DashApache", "readQueueNums", 2, "writeQueueNums", 2));
            try (PetrelAdmin admin = admin()) {
                Await.value(WAIT, "the route of DashApache", () -> admin.topicRoute("DashApache"),
                    r -> !r.queueDatas().isEmpty());
            }
            Map<String, Object> sent = (Map<String, Object>) api.post("message/send", Map.of("topic", "DashApache",
                "body", "hello <apache>", "key", "k-apache"));
            assertThat(sent).containsEntry("status", "SEND_OK").containsEntry("brokerName", "broker-a");

            Map<String, Object> overview = (Map<String, Object>) api.get("overview", Map.of());
            assertThat((List<Map<String, Object>>) overview.get("brokers")).singleElement()
                .satisfies(b -> assertThat(b).containsEntry("version", "V5_3_1").containsEntry("role", "MASTER"));
            Map<String, Object> topics = (Map<String, Object>) api.get("topics", Map.of());
            assertThat((List<Map<String, Object>>) topics.get("topics")).anySatisfy(t -> assertThat(t)
                .containsEntry("topic", "DashApache").containsEntry("readQueues", 2).containsEntry("type", "NORMAL"));
            Map<String, Object> detail = (Map<String, Object>) api.get("topic", Map.of("topic", "DashApache"));
            assertThat(detail).containsEntry("totalMessages", 1);
            Map<String, Object> message = (Map<String, Object>) api.get("message", Map.of("topic", "DashApache",
                "msgId", sent.get("msgId")));
            assertThat(message).containsEntry("bodyText", "hello <apache>").containsEntry("keys", List.of("k-apache"));
            // Apache indexes keys asynchronously
            Await.until(WAIT, "the key in Apache's index", () -> !((List<?>) ((Map<String, Object>) api.get(
                "messages/byKey", Map.of("topic", "DashApache", "key", "k-apache"))).get("messages")).isEmpty());
            assertThat((List<?>) api.get("groups", Map.of())).isNotNull();
        }
    }

    @Test
    void slowListenerWithALargeBacklogKeepsTheCacheBounded() throws Exception {
        String topic = "Backlog";
        createTopic(topic, 1);
        MessageQueue q = new MessageQueue(topic, "broker-a", 0);
        // Acknowledged sends: a oneway send carries no guarantee (Apache's broker drops one whose request waited too
        // long in its send queue, which a loaded machine makes likely), so a backlog built of them has no known size.
        try (PetrelProducer producer = producer("backlog")) {
            for (int i = 0; i < 2000; i++) {
                // A returned result (whatever its flush status) means stored; a failure throws.
                producer.send(Message.of(topic, "backlog-" + i + "-" + "p".repeat(1000)), Duration.ofSeconds(30));
            }
        }
        long stored;
        try (PetrelAdmin admin = admin()) {
            // Every send was answered, so nothing is in flight: the offset is final. It is the backlog's size (a
            // send retried after a lost answer could have stored one more copy, which the consumer also receives).
            stored = admin.maxOffset(q);
        }
        assertThat(stored).as("the backlog stored").isGreaterThanOrEqualTo(2000);
        CountDownLatch release = new CountDownLatch(1);
        AtomicInteger consumed = new AtomicInteger();
        try (PetrelPushConsumer consumer = pushConsumer("slow-cg", "slow").subscribe(topic, "*").consumeThreads(2)
                 .pullThresholdForQueue(100).listener((msgs, ctx) -> {
                     try {
                         release.await(2, TimeUnit.MINUTES);
                     } catch (InterruptedException e) {
                         Thread.currentThread().interrupt();
                     }
                     consumed.addAndGet(msgs.size());
                     return ConsumeResult.SUCCESS;
                 }).build();
             PetrelAdmin admin = admin()) {
            ConsumerRunningInfo full = Await.value(WAIT, "the queue's cache to pass its threshold and flow control to "
                    + "hold pulls", () -> admin.consumerRunningInfo("slow-cg", consumer.clientId(), false),
                info -> cached(info, q) > 100 && flowControlTimes(info) >= 20);
            ProcessQueueInfo pq = full.mqTable().get(q);
            assertThat(pq.cachedMsgCount()).as("cached messages: threshold plus at most one pull batch")
                .isBetween(101, 100 + 32);
            assertThat(pq.cachedMsgSizeInMiB()).isZero();
            ConsumerRunningInfo later = Await.value(WAIT, "more held pulls", () -> admin.consumerRunningInfo("slow-cg",
                consumer.clientId(), false), info -> flowControlTimes(info) >= flowControlTimes(full) + 20);
            assertThat(later.mqTable().get(q).cachedMsgCount()).as("no pull while full")
                .isEqualTo(pq.cachedMsgCount());
            release.countDown();
            Await.until(WAIT, "the backlog drained", () -> consumed.get() == stored);
        }
    }

    private static int cached(ConsumerRunningInfo info, MessageQueue q) {
        ProcessQueueInfo pq = info.mqTable().get(q);
        return pq == null ? 0 : pq.cachedMsgCount();
    }

    private static long flowControlTimes(ConsumerRunningInfo info) {
        return Long.parseLong(info.userConsumerInfo().getOrDefault("flowControlTimes", "0"));
    }
}
