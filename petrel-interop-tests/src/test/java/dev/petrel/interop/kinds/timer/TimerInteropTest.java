package dev.petrel.interop.kinds.timer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.petrel.client.testing.PatientClients;
import dev.petrel.client.BrokerException;
import dev.petrel.client.Message;
import dev.petrel.client.ReceivedMessage;
import dev.petrel.client.admin.PetrelAdmin;
import dev.petrel.client.consumer.ConsumeResult;
import dev.petrel.client.consumer.PetrelPushConsumer;
import dev.petrel.client.consumer.StartPosition;
import dev.petrel.client.producer.PetrelProducer;
import dev.petrel.client.producer.SendResult;
import dev.petrel.client.producer.SendStatus;
import dev.petrel.interop.ServerProcesses;
import dev.petrel.protocol.body.MessageQueue;
import dev.petrel.protocol.body.topic.TopicConfig;
import dev.petrel.protocol.code.ResponseCode;
import dev.petrel.testkit.Await;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Timer messages with Petrel's client ({@code Message.Builder.deliverAfter} / {@code deliverAt}) against Petrel's
 * broker in real processes: consumed not before their time and not long after ({@link #LATENESS_BOUND_MS}), singly
 * and in a batch; a time beyond
 * {@code timerMaxDelaySec} is refused with MESSAGE_ILLEGAL; a message due after a SIGKILL and restart is delivered
 * exactly once.
 */
class TimerInteropTest {

    private static final Duration WAIT = Duration.ofSeconds(60);
    /**
     * How late a delivery may be here: generous, so that it catches "never" or "held until something else happens"
     * but not "slow" (a loaded 2-core CI machine stalls processes for seconds). The timing property itself (delivered at the requested millisecond) is
     * tested with a manual clock in petrel-store's TimerEngineTest and measured in TimerDeliveryBench (docs/benchmarks.md).
     */
    private static final long LATENESS_BOUND_MS = 30_000;
    private static final AtomicInteger INSTANCES = new AtomicInteger();
    private static final int QUEUES = 2;
    private static Path dir;
    private static ServerProcesses.Server namesrv;
    private static ServerProcesses.Server broker;

    /** A consumed message and the wall-clock time the listener saw it. */
    record Receipt(ReceivedMessage message, long atMillis) {
    }

    @BeforeAll
    static void startServers() throws Exception {
        dir = ServerProcesses.serverDir("interop-timer-");
        namesrv = ServerProcesses.petrelNameServer(dir);
        broker = ServerProcesses.petrelBroker(dir, "broker-a", namesrv.address(), Map.of("timerMaxDelaySec", "120"));
        ServerProcesses.awaitRegistered(namesrv.address(), "broker-a");
    }

    @AfterAll
    static void stopServers() {
        ServerProcesses.stopAll(dir, broker, namesrv);
    }

    private static String instance(String kind) {
        return "timer-" + kind + "-" + INSTANCES.incrementAndGet();
    }

    private static PetrelAdmin admin() {
        return PatientClients.admin(namesrv.address()).instanceName(instance("admin")).build();
    }

    private static void createTopic(String topic) {
        try (PetrelAdmin admin = admin()) {
            admin.createTopic("DefaultCluster", TopicConfig.of(topic, QUEUES, QUEUES, 6));
            Await.value(WAIT, "the route of " + topic, () -> admin.topicRoute(topic), r -> !r.queueDatas().isEmpty());
        }
    }

    private static long stored(String topic) {
        try (PetrelAdmin admin = admin()) {
            long n = 0;
            for (int q = 0; q < QUEUES; q++) {
                n += admin.maxOffset(new MessageQueue(topic, "broker-a", q));
            }
            return n;
        }
    }

    private static PetrelProducer producer() {
        String name = instance("producer");
        return PatientClients.producer(namesrv.address()).group("timerPG").instanceName(name).build();
    }

    private static PetrelPushConsumer consumer(String topic, List<Receipt> into) {
        return PatientClients.pushConsumer(namesrv.address()).group("timerCG-" + topic)
            .instanceName(instance("consumer")).startFrom(StartPosition.FIRST_OFFSET)
            .awaitTerminationOnClose(Duration.ofSeconds(5)).subscribe(topic, "*")
            .listener((messages, context) -> {
                long now = System.currentTimeMillis();
                messages.forEach(m -> into.add(new Receipt(m, now)));
                return ConsumeResult.SUCCESS;
            }).build();
    }

    private static Map<String, String> runtime() {
        try (PetrelAdmin admin = admin()) {
            return admin.brokerRuntimeInfo(broker.address());
        }
    }

    @Test
    void deliverAfterAndDeliverAtAreConsumedNotBeforeDue() {
        String topic = "PetrelTimerTopic";
        createTopic(topic);
        List<Receipt> got = new CopyOnWriteArrayList<>();
        Map<String, long[]> window = new ConcurrentHashMap<>();
        try (PetrelPushConsumer consumer = consumer(topic, got); PetrelProducer producer = producer()) {
            // the consumer is pulling before the clock starts: its start-up is not the broker's lateness
            producer.send(Message.of(topic, "warm-up"));
            Await.until(WAIT, "the warm-up consumed", () -> got.size() == 1);
            got.clear();
            long before = System.currentTimeMillis();
            SendResult after = producer.send(Message.builder(topic).body("after").tags("A").property("p", "1")
                .deliverAfter(Duration.ofMillis(2_000)).build());
            window.put("after", new long[] {before + 2_000, System.currentTimeMillis() + 2_000});
            long at = System.currentTimeMillis() + 3_000;
            SendResult atResult = producer.send(Message.builder(topic).body("at").deliverAt(Instant.ofEpochMilli(at))
                .build());
            window.put("at", new long[] {at, at});
            before = System.currentTimeMillis();
            List<SendResult> batch = producer.sendBatch(List.of(
                Message.builder(topic).body("batch-0").deliverAfter(Duration.ofMillis(2_500)).build(),
                Message.builder(topic).body("batch-1").deliverAfter(Duration.ofMillis(1_500)).build()));
            long afterBatch = System.currentTimeMillis();
            window.put("batch-0", new long[] {before + 2_500, afterBatch + 2_500});
            window.put("batch-1", new long[] {before + 1_500, afterBatch + 1_500});
            assertThat(after.status()).isEqualTo(SendStatus.SEND_OK);
            assertThat(atResult.status()).isEqualTo(SendStatus.SEND_OK);
            assertThat(batch).extracting(SendResult::status).containsOnly(SendStatus.SEND_OK);

            Await.until(WAIT, "four messages consumed", () -> got.size() >= 4);
            Await.until(WAIT, "the timer empty", () -> runtime().get("petrelTimerBacklog").equals("0"));
            assertThat(got).extracting(r -> r.message().bodyAsString())
                .containsExactlyInAnyOrder("after", "at", "batch-0", "batch-1");
            for (Receipt r : got) {
                long[] w = window.get(r.message().bodyAsString());
                assertThat(r.atMillis()).as("%s not before its time", r.message().bodyAsString())
                    .isGreaterThanOrEqualTo(w[0]);
                assertThat(r.atMillis()).as("%s not long after its time", r.message().bodyAsString())
                    .isLessThanOrEqualTo(w[1] + LATENESS_BOUND_MS);
            }
            ReceivedMessage a = got.stream().map(Receipt::message).filter(m -> m.bodyAsString().equals("after"))
                .findFirst().orElseThrow();
            assertThat(a.tags()).isEqualTo("A");
            assertThat(a.property("p")).isEqualTo("1");
            assertThat(a.msgId()).isEqualTo(after.msgId());
            assertThat(a.queueId()).isEqualTo(after.queue().queueId());
            assertThat(stored(topic)).isEqualTo(5);
        }
    }

    @Test
    void beyondTimerMaxDelaySecIsRefusedWithMessageIllegal() {
        String topic = "PetrelTimerMaxTopic";
        createTopic(topic);
        try (PetrelProducer producer = producer()) {
            assertThatThrownBy(() -> producer.send(Message.builder(topic).body("far")
                .deliverAfter(Duration.ofSeconds(121)).build()))
                .isInstanceOfSatisfying(BrokerException.class, e -> {
                    assertThat(e.responseCode()).isEqualTo(ResponseCode.MESSAGE_ILLEGAL);
                    assertThat(e.getMessage()).contains("timerMaxDelaySec");
                });
            assertThat(stored(topic)).isZero();
        }
    }

    @Test
    void aTimedMessageDueAfterAKillAndRestartIsDeliveredExactlyOnce() {
        String topic = "PetrelTimerRestartTopic";
        createTopic(topic);
        long due;
        try (PetrelProducer producer = producer()) {
            producer.send(Message.builder(topic).body("early").deliverAfter(Duration.ofMillis(500)).build());
            due = System.currentTimeMillis() + 12_000;
            producer.send(Message.builder(topic).body("late").deliverAt(Instant.ofEpochMilli(due)).build());
            Await.until(WAIT, "the early message delivered", () -> stored(topic) == 1);
        }
        broker = ServerProcesses.restartPetrelBroker(dir, "broker-a", namesrv.address(), broker);
        long restarted = System.currentTimeMillis();
        ServerProcesses.awaitRegistered(namesrv.address(), "broker-a");
        List<Receipt> got = new CopyOnWriteArrayList<>();
        try (PetrelPushConsumer consumer = consumer(topic, got)) {
            Await.until(WAIT, "the late message consumed",
                () -> got.stream().anyMatch(r -> r.message().bodyAsString().equals("late")));
            Receipt late = got.stream().filter(r -> r.message().bodyAsString().equals("late")).findFirst().orElseThrow();
            // not before its time; not long after it, or after the restart if the broker was still down then (the
            // broker's own delivery time, TIMER_DEQUEUE_MS, so a slow consumer start on a loaded machine is not counted)
            assertThat(late.atMillis()).isGreaterThanOrEqualTo(due);
            assertThat(Long.parseLong(late.message().property("TIMER_DEQUEUE_MS")))
                .isBetween(due, Math.max(due, restarted) + LATENESS_BOUND_MS);
            Await.until(WAIT, "the timer empty", () -> runtime().get("petrelTimerBacklog").equals("0"));
            assertThat(stored(topic)).isEqualTo(2);
            assertThat(got).extracting(r -> r.message().bodyAsString()).containsOnlyOnce("late");
        }
    }
}
