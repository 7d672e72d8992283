package dev.petrel.interop.kinds.filter;

import dev.petrel.client.testing.PatientClients;
import dev.petrel.client.BrokerException;
import dev.petrel.client.Message;
import dev.petrel.client.ReceivedMessage;
import dev.petrel.client.admin.PetrelAdmin;
import dev.petrel.client.consumer.ConsumeResult;
import dev.petrel.client.consumer.MessageSelector;
import dev.petrel.client.consumer.PetrelLitePullConsumer;
import dev.petrel.client.consumer.PetrelPullConsumer;
import dev.petrel.client.consumer.PetrelPushConsumer;
import dev.petrel.client.consumer.PullResult;
import dev.petrel.client.consumer.PullStatus;
import dev.petrel.client.consumer.StartPosition;
import dev.petrel.client.producer.PetrelProducer;
import dev.petrel.interop.ServerProcesses;
import dev.petrel.protocol.body.MessageQueue;
import dev.petrel.protocol.body.topic.TopicConfig;
import dev.petrel.testkit.Await;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Petrel's client with tag and SQL92 selectors against Petrel's NameServer and broker processes
 * ({@code enablePropertyFilter=true}): SQL92 in the push, lite pull and pull consumers, a bad expression refused at
 * subscribe time, a broker that refuses SQL92 failing the consumer's start with its remark, and tag expressions with
 * the exact-string re-check dropping a tag whose hash collides.
 */
class PetrelClientFilterTest {

    private static final Duration WAIT = Duration.ofSeconds(30);
    private static final AtomicInteger INSTANCES = new AtomicInteger();

    private static Path dir;
    private static ServerProcesses.Server namesrv;
    private static ServerProcesses.Server broker;
    private static PetrelAdmin admin;
    private static PetrelProducer producer;

    @BeforeAll
    static void startServers() throws Exception {
        dir = ServerProcesses.serverDir("interop-filter-");
        namesrv = ServerProcesses.petrelNameServer(dir);
        broker = ServerProcesses.petrelBroker(dir, "broker-a", namesrv.address(), Map.of("enablePropertyFilter", "true"));
        ServerProcesses.awaitRegistered(namesrv.address(), "broker-a");
        admin = PatientClients.admin(namesrv.address()).instanceName(instance()).build();
        producer = PatientClients.producer(namesrv.address()).group("filter-producer")
            .instanceName(instance()).build();
    }

    @AfterAll
    static void stopServers() {
        if (producer != null) {
            producer.close();
        }
        if (admin != null) {
            admin.close();
        }
        if (broker != null) {
            broker.close();
        }
        if (namesrv != null) {
            namesrv.close();
        }
        ServerProcesses.deleteStores(dir);
    }

    private static String instance() {
        return "filter-" + INSTANCES.incrementAndGet();
    }

    private static void createTopic(String topic, int queues) {
        admin.createTopicOnBroker(broker.address(), TopicConfig.of(topic, queues, queues, 6));
        Await.until(WAIT, "route of " + topic, () -> {
            try {
                return !admin.topicRoute(topic).queueDatas().isEmpty();
            } catch (RuntimeException e) {
                return false;
            }
        });
    }

    private static void send(String topic, String body, String tags, Map<String, String> properties) {
        Message.Builder m = Message.builder(topic).body(body);
        if (tags != null) {
            m.tags(tags);
        }
        properties.forEach(m::property);
        producer.send(m.build());
    }

    private static PetrelPushConsumer push(String group, String topic, MessageSelector selector, List<String> received) {
        return PatientClients.pushConsumer(namesrv.address()).group(group).instanceName(instance())
            .subscribe(topic, selector).startFrom(StartPosition.FIRST_OFFSET).consumeThreads(1)
            .listener((messages, context) -> {
                messages.forEach(m -> received.add(m.bodyAsString()));
                return ConsumeResult.SUCCESS;
            })
            .build();
    }

    @Test
    void sql92PushConsumerReceivesExactlyTheMessagesWhosePropertiesMatch() {
        String topic = "PcFilterSql";
        createTopic(topic, 1);
        List<String> expected = new ArrayList<>();
        for (int i = 0; i < 30; i++) {
            String region = i % 2 == 0 ? "eu" : "us";
            send(topic, "order-" + i, null, Map.of("amount", Integer.toString(i), "region", region));
            if (i >= 10 && i <= 20 && region.equals("eu")) {
                expected.add("order-" + i);
            }
        }
        send(topic, "sentinel", null, Map.of("amount", "15", "region", "eu"));
        expected.add("sentinel");
        List<String> received = new CopyOnWriteArrayList<>();
        try (PetrelPushConsumer c = push("pc-filter-sql", topic,
            MessageSelector.bySql("amount BETWEEN 10 AND 20 AND region = 'eu'"), received)) {
            Await.until(WAIT, "the sentinel", () -> received.contains("sentinel"));
            assertThat(received).containsExactlyElementsOf(expected);
        }
    }

    @Test
    void aBadExpressionIsRefusedWhenSubscribingWithTheCompilersExplanation() {
        assertThatThrownBy(() -> MessageSelector.bySql("amount > 5 AND"))
            .isInstanceOf(IllegalArgumentException.class)
            .hasMessageStartingWith("SQL92 expression \"amount > 5 AND\" is invalid at column 15:");
    }

    @Test
    void aBrokerThatRefusesSql92FailsTheConsumersStartWithItsRemark() {
        String topic = "PcFilterOff";
        createTopic(topic, 1);
        admin.updateBrokerConfig(broker.address(), Map.of("enablePropertyFilter", "false"));
        try {
            assertThatThrownBy(() -> push("pc-filter-off", topic, MessageSelector.bySql("a > 1"),
                new CopyOnWriteArrayList<>()))
                .isInstanceOfSatisfying(BrokerException.class, e -> {
                    assertThat(e.responseCode()).isEqualTo(1);
                    assertThat(e.remark()).isEqualTo("The broker does not support consumer to filter message by SQL92");
                });
        } finally {
            admin.updateBrokerConfig(broker.address(), Map.of("enablePropertyFilter", "true"));
        }
    }

    @Test
    void tagExpressionsSelectByTagAndTheClientDropsHashCollisions() {
        String topic = "PcFilterTags";
        createTopic(topic, 1);
        // "Aa" and "BB" share a String.hashCode(): the broker lets "BB" through, the client's exact re-check drops it.
        assertThat("Aa".hashCode()).isEqualTo("BB".hashCode());
        String[] tags = {"A", "B", "C", null, "Aa", "BB", "A", "CC", "C"};
        for (int i = 0; i < tags.length; i++) {
            send(topic, i + ":" + tags[i], tags[i], Map.of());
        }
        send(topic, "sentinel", "C", Map.of());
        List<String> received = new CopyOnWriteArrayList<>();
        try (PetrelPushConsumer c = push("pc-filter-tags", topic, MessageSelector.byTag("A || C || Aa"), received)) {
            Await.until(WAIT, "the sentinel", () -> received.contains("sentinel"));
            assertThat(received).containsExactly("0:A", "2:C", "4:Aa", "6:A", "8:C", "sentinel");
        }
        // The pull consumer shows what the broker sent: "BB" passes the broker's hash check, then is dropped here.
        try (PetrelPullConsumer pull = PatientClients.pullConsumer(namesrv.address()).group("pc-filter-raw")
            .instanceName(instance()).build()) {
            MessageQueue q = pull.fetchSubscribeQueues(topic).iterator().next();
            PullResult r = pull.pull(q, MessageSelector.byTag("Aa"), 0, 32);
            assertThat(r.messages()).extracting(ReceivedMessage::bodyAsString).containsExactly("4:Aa");
            assertThat(r.nextBeginOffset()).isEqualTo(10);
        }
    }

    @Test
    void sql92InTheLitePullAndPullConsumers() {
        String topic = "PcFilterSqlPull";
        createTopic(topic, 2);
        for (int i = 0; i < 20; i++) {
            send(topic, "m" + i, null, Map.of("n", Integer.toString(i)));
        }
        try (PetrelLitePullConsumer lite = PatientClients.litePullConsumer(namesrv.address())
            .group("pc-filter-lite").instanceName(instance()).build()) {
            lite.subscribe(topic, MessageSelector.bySql("n >= 15 OR n = 3"));
            List<String> received = new ArrayList<>();
            Await.until(WAIT, "six messages", () -> {
                lite.poll(Duration.ofMillis(200)).forEach(m -> received.add(m.bodyAsString()));
                return received.size() >= 6;
            });
            assertThat(received).containsExactlyInAnyOrder("m3", "m15", "m16", "m17", "m18", "m19");
        }
        try (PetrelPullConsumer pull = PatientClients.pullConsumer(namesrv.address())
            .group("pc-filter-pull").instanceName(instance()).build()) {
            int found = 0;
            for (MessageQueue q : pull.fetchSubscribeQueues(topic)) {
                long max = pull.maxOffset(q);
                PullResult none = pull.pull(q, MessageSelector.bySql("n > 100"), 0, 32);
                assertThat(none.status()).isEqualTo(PullStatus.NO_MATCHED_MSG);
                assertThat(none.nextBeginOffset()).isEqualTo(max);
                PullResult some = pull.pull(q, MessageSelector.bySql("n < 4"), 0, 32);
                found += some.messages().size();
                assertThat(some.messages()).allSatisfy(m -> assertThat(Integer.parseInt(m.property("n"))).isLessThan(4));
            }
            assertThat(found).isEqualTo(4);
        }
    }
}
