package dev.petrel.embedded;

import dev.petrel.client.testing.PatientClients;
import dev.petrel.client.Message;
import dev.petrel.client.ReceivedMessage;
import dev.petrel.client.consumer.PetrelPullConsumer;
import dev.petrel.client.consumer.PullResult;
import dev.petrel.client.producer.PetrelProducer;
import dev.petrel.common.config.ConfigException;
import dev.petrel.protocol.body.MessageQueue;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The embedded instance on its own: ports, store directory, topics, the schedule clock, configuration errors. */
class EmbeddedPetrelTest {

    private static final AtomicInteger INSTANCES = new AtomicInteger();

    private static String instanceName() {
        return "embedded-test-" + ProcessHandle.current().pid() + "-" + INSTANCES.incrementAndGet();
    }

    private static int port(String address) {
        return Integer.parseInt(address.substring(address.lastIndexOf(':') + 1));
    }

    private static boolean accepts(String address) {
        try (Socket s = new Socket()) {
            s.connect(new InetSocketAddress("127.0.0.1", port(address)), 1_000);
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    @Test
    void listensOnLoopbackFreePortsAndDeletesItsTemporaryStoreOnClose() {
        EmbeddedPetrel petrel = EmbeddedPetrel.start();
        Path store;
        String namesrv;
        String broker;
        try {
            namesrv = petrel.namesrvAddr();
            broker = petrel.brokerAddr();
            store = petrel.storeDir();
            assertThat(namesrv).startsWith("127.0.0.1:");
            assertThat(broker).startsWith("127.0.0.1:");
            assertThat(port(namesrv)).isNotEqualTo(9876).isNotEqualTo(port(broker));
            assertThat(accepts(namesrv)).isTrue();
            assertThat(accepts(broker)).isTrue();
            assertThat(store.resolve("broker")).isDirectory();
            assertThat(petrel.startTime()).isPositive();
            // No metrics port of its own; the families are there to collect.
            assertThat(petrel.metrics().get(0).collect().stream().map(m -> m.getMetadata().getName()))
                .contains("rocketmq_messages_in", "rocketmq_consumer_lag_messages");
        } finally {
            petrel.close();
        }
        assertThat(Files.exists(store)).isFalse();
        assertThat(accepts(namesrv)).isFalse();
        assertThat(accepts(broker)).isFalse();
        petrel.close(); // idempotent
    }

    @Test
    void twoInstancesRunSideBySide() {
        try (EmbeddedPetrel a = EmbeddedPetrel.start(); EmbeddedPetrel b = EmbeddedPetrel.start()) {
            assertThat(a.namesrvAddr()).isNotEqualTo(b.namesrvAddr());
            assertThat(a.brokerAddr()).isNotEqualTo(b.brokerAddr());
            assertThat(a.storeDir()).isNotEqualTo(b.storeDir());
        }
    }

    @Test
    void advancingTheScheduleClockMovesStoreTimestampsAndNotTheProducersClock() {
        try (EmbeddedPetrel petrel = EmbeddedPetrel.start();
             PetrelProducer producer = PatientClients.producer(petrel.namesrvAddr()).group("embedded-clock")
                 .instanceName(instanceName()).build();
             PetrelPullConsumer pull = PatientClients.pullConsumer(petrel.namesrvAddr())
                 .group("embedded-clock-pull").instanceName(instanceName()).build()) {
            petrel.createTopic("ClockTopic", 1);
            producer.send(Message.of("ClockTopic", "before"));
            petrel.advance(Duration.ofSeconds(10));
            petrel.advance(Duration.ofDays(3));
            producer.send(Message.of("ClockTopic", "after"));

            MessageQueue q = pull.fetchSubscribeQueues("ClockTopic").iterator().next();
            PullResult r = pull.pull(q, "*", 0, 32);
            List<ReceivedMessage> m = r.messages();
            assertThat(m).extracting(ReceivedMessage::bodyAsString).containsExactly("before", "after");
            long stored = m.get(1).storeTimestamp() - m.get(0).storeTimestamp();
            long born = m.get(1).bornTimestamp() - m.get(0).bornTimestamp();
            long advanced = Duration.ofSeconds(10).plusDays(3).toMillis();
            // Store time moved by the advance plus the real time between the sends; born time only by the latter. They
            // differ by how much longer one send took from born to stored than the other: seconds at most even on a
            // loaded machine, so the generous margin still tells a 3-day advance from none.
            assertThat(stored - born).isBetween(advanced - 30_000, advanced + 30_000);
            assertThat(born).isLessThan(advanced);
            assertThat(petrel.now().toEpochMilli()).isGreaterThanOrEqualTo(m.get(1).storeTimestamp());
        }
    }

    @Test
    void anAdvanceWakesWhatWaitsOnTheScheduleClock() {
        try (EmbeddedPetrel petrel = EmbeddedPetrel.start()) {
            AtomicInteger woken = new AtomicInteger();
            petrel.scheduleClock().onAdvance(woken::incrementAndGet);
            petrel.advance(Duration.ofSeconds(10));
            assertThat(woken).hasValue(1);
            assertThat(petrel.scheduleClock().shift()).isEqualTo(Duration.ofSeconds(10));
        }
    }

    @Test
    void createTopicReturnsOnceTheNameServerRoutesIt() {
        try (EmbeddedPetrel petrel = EmbeddedPetrel.start();
             PetrelPullConsumer pull = PatientClients.pullConsumer(petrel.namesrvAddr())
                 .group("embedded-topics").instanceName(instanceName()).build()) {
            petrel.createTopic("EightQueues", 8);
            assertThat(pull.fetchSubscribeQueues("EightQueues")).hasSize(8)
                .allSatisfy(q -> assertThat(q.brokerName()).isEqualTo(EmbeddedPetrel.BROKER_NAME));
            assertThatThrownBy(() -> petrel.createTopic("bad topic name"))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageStartingWith("the embedded broker refused topic bad topic name: ");
        }
    }

    @Test
    void aKeptStoreSurvivesCloseAndAReservedOrUnknownPropertyIsRefused(@TempDir Path dir) {
        try (EmbeddedPetrel petrel = EmbeddedPetrel.builder().storeDir(dir).start()) {
            assertThat(petrel.storeDir()).isEqualTo(dir);
        }
        assertThat(dir.resolve("broker").resolve("config")).isDirectory();

        assertThatThrownBy(() -> EmbeddedPetrel.builder().brokerProperty("listenPort", "10911"))
            .isInstanceOf(IllegalArgumentException.class)
            .hasMessageStartingWith("listenPort is chosen by the embedded mode");
        assertThatThrownBy(() -> EmbeddedPetrel.builder().brokerProperty("noSuchProperty", "1").start())
            .isInstanceOf(ConfigException.class)
            .hasMessageContaining("noSuchProperty");
    }
}
