package dev.petrel.interop;

import static org.assertj.core.api.Assertions.assertThat;

import dev.petrel.client.testing.PatientClients;
import dev.petrel.client.Message;
import dev.petrel.client.admin.PetrelAdmin;
import dev.petrel.client.producer.PetrelProducer;
import dev.petrel.protocol.body.topic.TopicConfig;
import dev.petrel.testkit.Await;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The fault-latency mechanism against two real Apache 5.3.1 brokers: broker-b registers 127.0.0.2 as its address and
 * listens on 127.0.0.1, and a {@link DelayingProxy} on 127.0.0.2 stands between it and the clients. Stalling the proxy
 * makes broker-b slow; sends move to broker-a within a few sends and come back once the stall ends.
 */
class FaultLatencyInteropTest {

    private static final Duration WAIT = Duration.ofSeconds(60);

    private static Path dir;
    private static ServerProcesses.Server namesrv;
    private static ServerProcesses.Server brokerA;
    private static ServerProcesses.Server brokerB;
    private static DelayingProxy proxy;

    @BeforeAll
    static void startServers() throws Exception {
        dir = ServerProcesses.serverDir("interop-latency-");
        namesrv = ServerProcesses.petrelNameServer(dir);
        brokerA = ServerProcesses.apacheBroker(dir, "broker-a", namesrv.address(), Map.of());
        brokerB = ServerProcesses.apacheBroker(dir, "broker-b", namesrv.address(),
            Map.of("brokerIP1", "127.0.0.2", "bindAddress", "127.0.0.1"));
        ServerProcesses.awaitRegistered(namesrv.address(), "broker-a", "broker-b");
        proxy = new DelayingProxy(new InetSocketAddress("127.0.0.2", brokerB.port()),
            new InetSocketAddress("127.0.0.1", brokerB.port()));
    }

    @AfterAll
    static void stopServers() {
        if (proxy != null) {
            proxy.close();
        }
        for (ServerProcesses.Server s : new ServerProcesses.Server[] {brokerB, brokerA, namesrv}) {
            if (s != null) {
                s.close();
            }
        }
        ServerProcesses.deleteStores(dir);
    }

    @Test
    void sendsAvoidAStalledBrokerAndReturnAfterTheStall() {
        try (PetrelAdmin admin = PatientClients.admin(namesrv.address()).instanceName("admin").build()) {
            admin.createTopic("DefaultCluster", TopicConfig.of("Latency", 2, 2, 6));
            Await.value(WAIT, "the topic routed on both brokers", () -> admin.topicRoute("Latency"),
                r -> r.queueDatas().size() == 2);
        }
        try (PetrelProducer producer = PetrelProducer.builder().namesrvAddr(namesrv.address()).group("latency-pg")
            .instanceName("latency").latencyFaultEnabled(true).build()) {
            List<String> warmUp = brokersOf(producer, 8, "warm-up");
            assertThat(warmUp).contains("broker-a", "broker-b");

            proxy.delayMillis(800);
            long start = System.nanoTime();
            List<String> stalled = brokersOf(producer, 40, "stalled");
            long elapsedMillis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
            // An 800 ms answer (>= 550 ms) keeps broker-b out for 2 s, so it gets at most about one send per 2 s of
            // sending: the bound follows from the time the sends took, not from how fast a loaded machine makes them.
            // Without the fault strategy it would get every other send, 800 ms each, far more than this bound.
            long toB = stalled.stream().filter("broker-b"::equals).count();
            assertThat(toB).as("sends to the stalled broker in %d ms: %s", elapsedMillis, stalled)
                .isLessThanOrEqualTo(2 + elapsedMillis / 2_000);

            proxy.delayMillis(0);
            Await.until(WAIT, "sends to reach broker-b again after the stall",
                () -> producer.send(Message.of("Latency", "after")).queue().brokerName().equals("broker-b"));
        }
    }

    private static List<String> brokersOf(PetrelProducer producer, int n, String prefix) {
        List<String> out = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            out.add(producer.send(Message.of("Latency", prefix + "-" + i)).queue().brokerName());
        }
        return out;
    }
}
