package dev.petrel.namesrv.route;

import static dev.petrel.namesrv.route.Registrations.CLUSTER;
import static dev.petrel.namesrv.route.Registrations.master;
import static org.assertj.core.api.Assertions.assertThat;

import dev.petrel.common.time.ManualClock;
import dev.petrel.namesrv.NamesrvConfig;
import dev.petrel.protocol.body.route.BrokerData;
import dev.petrel.protocol.body.route.QueueData;
import dev.petrel.protocol.body.route.TopicRouteData;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/** Readers run alongside the writer without locks and always see a whole route. */
class RouteRegistryConcurrencyTest {

    @Test
    void readersAlwaysSeeConsistentRoutesWhileTheWriterChangesThem() throws Exception {
        RouteRegistry registry = new RouteRegistry(NamesrvConfig.defaults(), new ManualClock(0));
        registry.register(master("broker-a", "10.0.0.1:10911").topic("T", 4, 6).topic("U", 4, 6).build(), new Object());
        AtomicBoolean done = new AtomicBoolean();
        AtomicLong reads = new AtomicLong();
        List<String> problems = new CopyOnWriteArrayList<>();
        CountDownLatch started = new CountDownLatch(3);
        List<Thread> readers = new ArrayList<>();
        for (int r = 0; r < 3; r++) {
            Thread reader = new Thread(() -> {
                started.countDown();
                while (!done.get()) {
                    TopicRoute route = registry.route("T");
                    TopicRouteData data = route.data();
                    Set<String> brokers = data.brokerDatas().stream().map(BrokerData::brokerName).collect(Collectors.toSet());
                    Set<String> queues = data.queueDatas().stream().map(QueueData::brokerName).collect(Collectors.toSet());
                    if (!brokers.equals(queues)) {
                        problems.add("queues on " + queues + " but brokers " + brokers);
                    }
                    if (!TopicRouteData.CODEC.decode(route.body(true)).equals(data)) {
                        problems.add("cached body differs from its route");
                    }
                    reads.incrementAndGet();
                }
            }, "reader-" + r);
            reader.start();
            readers.add(reader);
        }
        started.await(10, TimeUnit.SECONDS);
        Object conn = new Object();
        for (int i = 1; i <= 2_000; i++) {
            registry.register(Registrations.broker(CLUSTER, "broker-b", 0, "10.0.0.3:10911").version(i)
                .topic("T", i % 16 + 1, 6).topic("U", 2, 6).build(), conn);
            registry.connectionClosed(conn);
        }
        done.set(true);
        for (Thread reader : readers) {
            reader.join(10_000);
        }
        assertThat(problems).isEmpty();
        assertThat(reads.get()).isPositive();
        assertThat(registry.route("T").data().queueDatas()).extracting(QueueData::brokerName).containsExactly("broker-a");
    }
}
