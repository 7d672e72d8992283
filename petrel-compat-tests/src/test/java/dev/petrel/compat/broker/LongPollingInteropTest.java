package dev.petrel.compat.broker;

import dev.petrel.compat.namesrv.PetrelProcess;
import dev.petrel.testkit.Await;
import org.apache.rocketmq.client.producer.DefaultMQProducer;
import org.apache.rocketmq.common.TopicConfig;
import org.apache.rocketmq.common.message.Message;
import org.apache.rocketmq.common.message.MessageExt;
import org.apache.rocketmq.remoting.protocol.heartbeat.MessageModel;
import org.apache.rocketmq.tools.admin.DefaultMQAdminExt;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.locks.LockSupport;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Long polling with the official 5.3.1 push consumer: a consumer whose pulls are held on an empty queue (15 s suspend
 * timeout) gets a new message long before the timeout, and held pulls cost the broker no busy loop: its process CPU
 * time grows by less than 0.5 s over 10 idle seconds with 100 held pulls.
 */
class LongPollingInteropTest {

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
        producer = Clients.producer(namesrv.namesrvAddr(), "longPollPG");
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

    private static void createTopic(String topic, int queues) throws Exception {
        admin.createAndUpdateTopicConfig(broker.address(), new TopicConfig(topic, queues, queues, 6));
        Await.value(WAIT, "route of " + topic, () -> admin.examineTopicRouteInfo(topic), r -> !r.getQueueDatas().isEmpty());
    }

    /** Pulls held by the broker, from GET_BROKER_RUNTIME_INFO (a Petrel key). */
    private static int heldPulls() {
        try {
            return Integer.parseInt(admin.fetchBrokerRuntimeStats(broker.address()).getTable().get("petrelHeldPulls"));
        } catch (Exception e) {
            throw new AssertionError("GET_BROKER_RUNTIME_INFO failed", e);
        }
    }

    @Test
    void aHeldConsumerGetsANewMessageLongBeforeItsSuspendTimeout() throws Exception {
        String topic = "LongPollLatency";
        createTopic(topic, 1);
        try (Clients.Recording c = new Clients.Recording(namesrv.namesrvAddr(), "longPollLatencyCG", topic, "*",
            MessageModel.CLUSTERING).start()) {
            // The pull of the topic's one queue is held (the group's retry queue joins after the client's next route
            // refresh; pulls of closed consumers are dropped with their connection, so the count is this consumer's).
            long t0 = System.nanoTime();
            Await.until(WAIT, "the consumer's pull held", () -> heldPulls() >= 1);
            System.out.printf("long polling: first pull held %d ms after start%n", (System.nanoTime() - t0) / 1_000_000);
            for (int round = 0; round < 3; round++) {
                int before = c.received.size();
                long sent = System.nanoTime();
                producer.send(new Message(topic, ("wake-" + round).getBytes(StandardCharsets.UTF_8)));
                Await.until(WAIT, "delivery of wake-" + round, () -> c.received.size() > before);
                long millis = (System.nanoTime() - sent) / 1_000_000;
                MessageExt got = c.received.get(before);
                assertThat(new String(got.getBody(), StandardCharsets.UTF_8)).isEqualTo("wake-" + round);
                System.out.printf("long polling: wake-%d delivered %d ms after the send call%n", round, millis);
                // Woken by the send, not answered at the hold's end: the 5.3.1 consumer's pulls are held for 15 s, and
                // this pull was held afresh just before the send. 10 s leaves a loaded machine room to be slow; how
                // soon is measured (printed above) and, in-process with a manual hold, in petrel-broker's PullTest.
                assertThat(millis).as("delivery of a message to a held consumer, ms").isLessThan(10_000);
                Await.until(WAIT, "the pull held again", () -> heldPulls() >= 1);
            }
        }
    }

    @Test
    void oneHundredHeldPullsCostNoBusyLoop() throws Exception {
        String topic = "LongPollIdle";
        createTopic(topic, 100);
        try (Clients.Recording c = new Clients.Recording(namesrv.namesrvAddr(), "longPollIdleCG", topic, "*",
            MessageModel.CLUSTERING).start()) {
            long t0 = System.nanoTime();
            Await.until(WAIT, "100 pulls held", () -> heldPulls() >= 100);
            System.out.printf("long polling: 100 pulls held %d ms after the consumer started%n",
                (System.nanoTime() - t0) / 1_000_000);
            ProcessHandle process = ProcessHandle.of(broker.pid()).orElseThrow();
            Duration before = process.info().totalCpuDuration().orElseThrow();
            long until = System.nanoTime() + Duration.ofSeconds(10).toNanos();
            while (System.nanoTime() < until) {
                LockSupport.parkNanos(until - System.nanoTime()); // the measured quantity is idle time itself
            }
            Duration after = process.info().totalCpuDuration().orElseThrow();
            System.out.printf("long polling: broker CPU over 10 idle s with %d held pulls: %d ms%n", heldPulls(),
                after.minus(before).toMillis());
            // Pulls were held through the window (100 at its start; each hold ends after 15 s and the client pulls
            // again, later on a loaded machine, so fewer may be held at its end: under stress-ng 24 were).
            assertThat(heldPulls()).isPositive();
            // A busy loop would burn most of a core (seconds of CPU even on a loaded machine, where it gets a share);
            // an idle broker's CPU is its housekeeping plus whatever JIT and GC still do, tens to hundreds of ms (the
            // printed figure). CPU time, unlike wall time, is not stretched by load, but the bound stays generous.
            assertThat(after.minus(before)).as("broker CPU time over 10 idle seconds with 100 held pulls")
                .isLessThan(Duration.ofSeconds(2));
        }
    }
}
