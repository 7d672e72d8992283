package dev.petrel.client.internal.producer;

import static org.assertj.core.api.Assertions.assertThat;

import dev.petrel.protocol.body.MessageQueue;
import dev.petrel.protocol.body.route.BrokerData;
import dev.petrel.protocol.body.route.QueueData;
import dev.petrel.protocol.body.route.TopicRouteData;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * Two first sends to a new topic race: the first finds no route and falls back to TBW102, the second already finds
 * the topic's own route. Before the fix the first one's TBW102 queues, installed last, replaced the real route for
 * good (the route did not change again, so nothing corrected it) and the producer kept sending through TBW102.
 */
class PublishTableRaceTest {

    private static TopicRouteData routeOf(String broker, int queues) {
        return new TopicRouteData(List.of(new BrokerData(Map.of(0L, "10.0.0.1:10911"), broker, "c", false, null)),
            Map.of(), null, List.of(new QueueData(broker, 6, queues, 0, queues)), null);
    }

    @Test
    void aLateFallbackToTbw102DoesNotReplaceTheTopicsOwnRoute() throws Exception {
        CountDownLatch templateAsked = new CountDownLatch(1);
        CountDownLatch realInstalled = new CountDownLatch(1);
        AtomicInteger refreshes = new AtomicInteger();
        PublishTable table = new PublishTable(new PublishTable.Routes() {
            @Override
            public TopicRouteData refreshRoute(String topic) {
                // The first send finds no route yet; by the second one the broker has registered the topic.
                return refreshes.getAndIncrement() == 0 ? null : routeOf("broker-real", 8);
            }

            @Override
            public TopicRouteData route(String topic) {
                templateAsked.countDown();
                try {
                    // Hold the first sender between "no route" and installing its TBW102 queues.
                    assertThat(realInstalled.await(10, TimeUnit.SECONDS)).isTrue();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                return routeOf("broker-tbw", 4);
            }

            @Override
            public List<String> nameServerAddresses() {
                return List.of("127.0.0.1:9876");
            }
        }, "TBW102", 4);

        CompletableFuture<PublishQueues> first = CompletableFuture.supplyAsync(() -> table.get("NewT"));
        assertThat(templateAsked.await(10, TimeUnit.SECONDS)).isTrue();
        PublishQueues second = table.get("NewT");
        assertThat(second.fromDefaultTopic()).isFalse();
        realInstalled.countDown();
        first.get(10, TimeUnit.SECONDS);

        PublishQueues now = table.get("NewT");
        assertThat(now.fromDefaultTopic()).as("the topic's own route stays").isFalse();
        assertThat(now.queues()).hasSize(8).allSatisfy(q -> assertThat(q.brokerName()).isEqualTo("broker-real"));
        assertThat(now.queues()).extracting(MessageQueue::topic).containsOnly("NewT");
    }
}
