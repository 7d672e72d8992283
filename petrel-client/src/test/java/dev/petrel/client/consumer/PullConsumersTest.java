package dev.petrel.client.consumer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.petrel.client.Message;
import dev.petrel.client.ReceivedMessage;
import dev.petrel.client.producer.PetrelProducer;
import dev.petrel.client.testing.FakeBroker;
import dev.petrel.client.testing.FakeNameServer;
import dev.petrel.client.testing.PatientClients;
import dev.petrel.protocol.body.MessageQueue;
import dev.petrel.protocol.code.RequestCode;
import dev.petrel.testkit.Await;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Lite pull (assign, subscribe, seek, commits, pause) and plain pull against the fake broker. */
class PullConsumersTest {

    private static final Duration WAIT = Duration.ofSeconds(15);
    private static final MessageQueue Q0 = new MessageQueue("T", "broker-a", 0);

    private FakeNameServer namesrv;
    private FakeBroker broker;
    private PetrelProducer producer;

    @BeforeEach
    void start() {
        namesrv = new FakeNameServer();
        broker = new FakeBroker("broker-a", namesrv).createTopic("T", 2);
        producer = PatientClients.producer(namesrv.address()).group("pg").instanceName("p").build();
    }

    @AfterEach
    void stop() {
        producer.close();
        broker.close();
        namesrv.close();
    }

    private void sendToQueue0(int n, String prefix) {
        for (int i = 0; i < n; i++) {
            producer.send(Message.of("T", prefix + i), Q0);
        }
    }

    private static List<String> pollUntil(PetrelLitePullConsumer c, int n) {
        List<String> got = new ArrayList<>();
        Await.until(WAIT, n + " polled", () -> {
            for (ReceivedMessage m : c.poll(Duration.ofMillis(100))) {
                got.add(m.bodyAsString());
            }
            return got.size() >= n;
        });
        return got;
    }

    @Test
    void assignSeekAndManualCommit() {
        sendToQueue0(10, "m");
        try (PetrelLitePullConsumer c = PatientClients.litePullConsumer(namesrv.address()).group("lg")
            .instanceName("l1").autoCommit(false).startFrom(StartPosition.FIRST_OFFSET).build()) {
            assertThat(c.fetchMessageQueues("T")).containsExactly(Q0, new MessageQueue("T", "broker-a", 1));
            c.assign(List.of(Q0));
            assertThat(pollUntil(c, 10)).containsExactly("m0", "m1", "m2", "m3", "m4", "m5", "m6", "m7", "m8", "m9");
            assertThat(c.position(Q0)).isEqualTo(10);
            c.seek(Q0, 4);
            assertThat(pollUntil(c, 6)).containsExactly("m4", "m5", "m6", "m7", "m8", "m9");
            assertThatThrownBy(() -> c.seek(Q0, 11)).hasMessageContaining("holds offsets 0 to 10");
            assertThat(c.committed(Q0)).isEqualTo(-1);
            c.commitSync();
            assertThat(c.committed(Q0)).isEqualTo(10);
            assertThat(broker.committedOffset("lg", "T", 0)).isEqualTo(10);
            FakeBroker.Received pull = broker.received(RequestCode.LITE_PULL_MESSAGE).get(0);
            assertThat(pull.extFields()).containsEntry("sysFlag", Integer.toString(0x16)).containsEntry("subscription", "*")
                .containsEntry("suspendTimeoutMillis", "20000").containsEntry("maxMsgNums", "10");
        }
    }

    @Test
    void pausedQueuesAreNotFetched() {
        try (PetrelLitePullConsumer c = PatientClients.litePullConsumer(namesrv.address()).group("pz")
            .instanceName("l2").startFrom(StartPosition.FIRST_OFFSET).build()) {
            // Paused before it is assigned: a pull started before pause() could already wait at the broker.
            c.pause(List.of(Q0));
            c.assign(List.of(Q0));
            Await.until(WAIT, "the queue to be assigned", () -> c.assignment().contains(Q0));
            sendToQueue0(3, "p");
            assertThat(c.poll(Duration.ofMillis(300))).isEmpty();
            c.resume(List.of(Q0));
            assertThat(pollUntil(c, 3)).containsExactly("p0", "p1", "p2");
        }
    }

    @Test
    void subscribeModeGetsTheQueuesAndAutoCommitsOnClose() {
        PetrelLitePullConsumer c = PatientClients.litePullConsumer(namesrv.address()).group("sg")
            .instanceName("l3").startFrom(StartPosition.FIRST_OFFSET).build();
        c.subscribe("T", "*");
        Await.until(WAIT, "both queues assigned", () -> c.assignment().containsAll(Set.of(Q0, new MessageQueue("T", "broker-a", 1))));
        sendToQueue0(5, "s");
        assertThat(pollUntil(c, 5)).containsExactly("s0", "s1", "s2", "s3", "s4");
        c.close();
        assertThat(broker.committedOffset("sg", "T", 0)).isEqualTo(5);
    }

    @Test
    void subscribeAndAssignDoNotMix() {
        try (PetrelLitePullConsumer c = PatientClients.litePullConsumer(namesrv.address()).group("mx")
            .instanceName("l4").build()) {
            c.assign(List.of(Q0));
            assertThatThrownBy(() -> c.subscribe("T", "*")).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("cannot be mixed");
        }
    }

    @Test
    void plainPullWithOffsetsOnTheBroker() {
        sendToQueue0(5, "x");
        try (PetrelPullConsumer c = PatientClients.pullConsumer(namesrv.address()).group("plain")
            .instanceName("pl").build()) {
            assertThat(c.fetchSubscribeQueues("T")).contains(Q0);
            assertThat(c.fetchConsumeOffset(Q0)).isEqualTo(-1);
            PullResult r = c.pull(Q0, "*", 0, 3);
            assertThat(r.status()).isEqualTo(PullStatus.FOUND);
            assertThat(r.messages()).extracting(ReceivedMessage::bodyAsString).containsExactly("x0", "x1", "x2");
            assertThat(r.nextBeginOffset()).isEqualTo(3);
            c.commitOffset(Q0, r.nextBeginOffset());
            assertThat(c.fetchConsumeOffset(Q0)).isEqualTo(3);
            assertThat(c.pull(Q0, "*", 5, 3).status()).isEqualTo(PullStatus.NO_NEW_MSG);
            assertThat(c.pull(Q0, "*", 9, 3).status()).isEqualTo(PullStatus.OFFSET_ILLEGAL);
            assertThat(c.maxOffset(Q0)).isEqualTo(5);
            assertThat(c.minOffset(Q0)).isZero();
        }
    }
}
