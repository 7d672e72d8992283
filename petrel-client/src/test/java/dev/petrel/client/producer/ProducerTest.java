package dev.petrel.client.producer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.petrel.client.BrokerException;
import dev.petrel.client.Message;
import dev.petrel.client.NetworkException;
import dev.petrel.client.NoRouteException;
import dev.petrel.client.testing.FakeBroker;
import dev.petrel.client.testing.FakeNameServer;
import dev.petrel.client.testing.PatientClients;
import dev.petrel.message.DecodedMessage;
import dev.petrel.message.PropertiesCodec;
import dev.petrel.protocol.body.MessageQueue;
import dev.petrel.protocol.body.heartbeat.HeartbeatData;
import dev.petrel.protocol.body.heartbeat.ProducerData;
import dev.petrel.protocol.code.RequestCode;
import dev.petrel.protocol.code.ResponseCode;
import dev.petrel.testkit.Await;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The producer against in-process fake brokers over real sockets: what goes on the wire, retries, fault latency. */
class ProducerTest {

    private FakeNameServer namesrv;
    private final List<AutoCloseable> closeables = new ArrayList<>();

    @BeforeEach
    void start() {
        namesrv = new FakeNameServer();
    }

    @AfterEach
    void stop() throws Exception {
        for (int i = closeables.size() - 1; i >= 0; i--) {
            closeables.get(i).close();
        }
        namesrv.close();
    }

    private FakeBroker broker(String name) {
        FakeBroker b = new FakeBroker(name, namesrv);
        closeables.add(b);
        return b;
    }

    private PetrelProducer producer(String instance, boolean latency) {
        // Generous time budgets (PatientClients); tests of timeouts give their own short budget.
        PetrelProducer p = PatientClients.producer(namesrv.address()).group("pg").instanceName(instance)
            .latencyFaultEnabled(latency).build();
        closeables.add(p);
        return p;
    }

    @Test
    void syncAsyncOnewayAndBatchSendsArriveWithTheV2Header() throws Exception {
        FakeBroker broker = broker("broker-a").createTopic("T", 4);
        PetrelProducer producer = producer("modes", false);
        SendResult sync = producer.send(Message.builder("T").body("sync").tags("A").keys("k1").build());
        assertThat(sync.status()).isEqualTo(SendStatus.SEND_OK);
        assertThat(sync.queue().brokerName()).isEqualTo("broker-a");
        SendResult async = producer.sendAsync(Message.of("T", "async")).get(5, TimeUnit.SECONDS);
        producer.sendOneway(Message.of("T", "oneway"));
        List<Message> batch = List.of(Message.of("T", "b1"), Message.of("T", "b2"), Message.of("T", "b3"));
        List<SendResult> batchResults = producer.sendBatch(batch);
        assertThat(batchResults).hasSize(1);
        assertThat(batchResults.get(0).msgId().split(",")).hasSize(3);
        Await.until(Duration.ofSeconds(5), "all 6 messages stored", () -> broker.messageCount("T") == 6);

        FakeBroker.Received first = broker.received(RequestCode.SEND_MESSAGE_V2).get(0);
        assertThat(first.extFields()).containsEntry("a", "pg").containsEntry("b", "T").containsEntry("c", "TBW102")
            .containsEntry("d", "4").containsEntry("f", "0").containsEntry("h", "0").containsEntry("j", "0")
            .containsEntry("k", "false").containsEntry("m", "false").containsEntry("n", "broker-a")
            .doesNotContainKeys("l", "bname");
        assertThat(PropertiesCodec.decode(first.extFields().get("i"))).containsEntry("TAGS", "A").containsEntry("KEYS", "k1")
            .containsEntry("WAIT", "true").containsEntry("UNIQ_KEY", sync.msgId());
        assertThat(sync.msgId()).hasSize(32).matches("[0-9A-F]+");
        assertThat(sync.offsetMsgId()).hasSize(32).isNotEqualTo(sync.msgId());
        assertThat(async.msgId()).isNotEqualTo(sync.msgId());
        assertThat(broker.received(RequestCode.SEND_MESSAGE_V2)).anyMatch(FakeBroker.Received::oneway);
        assertThat(broker.received(RequestCode.SEND_BATCH_MESSAGE).get(0).extFields()).containsEntry("m", "true");
        DecodedMessage stored = broker.messages("T", sync.queue().queueId()).get((int) sync.queueOffset());
        assertThat(new String(stored.body())).isEqualTo("sync");
        assertThat(stored.clientMsgId()).isEqualTo(sync.msgId());
    }

    @Test
    void compressedBodiesArriveCompressed() {
        FakeBroker broker = broker("broker-a").createTopic("T", 1);
        SendResult r = producer("zip", false).send(Message.of("T", "x".repeat(10_000)));
        DecodedMessage stored = broker.messages("T", 0).get((int) r.queueOffset());
        assertThat(stored.sysFlag() & 0x301).isEqualTo(0x301);
        assertThat(stored.body().length).isLessThan(200);
    }

    @Test
    void unknownTopicGetsAnActionableError() {
        broker("broker-a").createTopic("Other", 1);
        assertThatThrownBy(() -> producer("noroute", false).send(Message.of("Missing", "x")))
            .isInstanceOf(NoRouteException.class)
            .hasMessageContaining("no route for topic Missing from NameServers [" + namesrv.address() + "]")
            .hasMessageContaining("mqadmin updateTopic").hasMessageContaining("autoCreateTopicEnable");
    }

    @Test
    void unknownTopicGoesThroughTbw102WithFourQueues() {
        FakeBroker broker = broker("broker-a").createTopic("TBW102", 8);
        SendResult r = producer("auto", false).send(Message.of("Fresh", "x"));
        assertThat(r.status()).isEqualTo(SendStatus.SEND_OK);
        assertThat(broker.messageCount("Fresh")).isEqualTo(1);
        assertThat(namesrv.route("Fresh").queueDatas().get(0).writeQueueNums()).isEqualTo(4);
    }

    @Test
    void aFailedSendIsRetriedOnTheOtherBroker() {
        FakeBroker a = broker("broker-a").createTopic("T", 2);
        FakeBroker b = broker("broker-b").createTopic("T", 2);
        PetrelProducer producer = producer("retry", false);
        producer.send(Message.of("T", "warm-up"));
        a.close();
        Set<String> brokers = new HashSet<>();
        for (int i = 0; i < 6; i++) {
            brokers.add(producer.send(Message.of("T", "m" + i)).queue().brokerName());
        }
        assertThat(brokers).containsExactly("broker-b");
        assertThat(b.messageCount("T")).isGreaterThanOrEqualTo(6);
    }

    @Test
    void aBrokerErrorOnEveryAttemptSurfacesAsTheBrokersError() {
        broker("broker-a").createTopic("T", 1);
        PetrelProducer producer = producer("illegal", false);
        // the NameServer routes Ghost to a broker that does not have it: TOPIC_NOT_EXIST (retryable) on every attempt
        namesrv.register("Ghost", "broker-a", namesrv.route("T").brokerDatas().get(0).brokerAddrs().get(0L), 1, 6);
        assertThatThrownBy(() -> producer.send(Message.of("Ghost", "x")))
            .isInstanceOf(BrokerException.class)
            .satisfies(e -> assertThat(((BrokerException) e).responseCode()).isEqualTo(ResponseCode.TOPIC_NOT_EXIST));
    }

    @Test
    void aSendSlowerThanItsBudgetTimesOut() {
        FakeBroker a = broker("broker-a").createTopic("T", 1);
        PetrelProducer producer = producer("timeout", false);
        producer.send(Message.of("T", "warm-up"));
        a.delaySends(1_500);
        assertThatThrownBy(() -> producer.send(Message.of("T", "slow"), Duration.ofMillis(300)))
            .isInstanceOf(NetworkException.class).hasMessageContaining("timed out");
    }

    @Test
    void faultLatencyMovesSendsAwayFromAStalledBrokerAndBack() {
        FakeBroker a = broker("broker-a").createTopic("T", 2);
        FakeBroker b = broker("broker-b").createTopic("T", 2);
        PetrelProducer producer = producer("latency", true);
        for (int i = 0; i < 4; i++) {
            producer.send(Message.of("T", "warm-up"));
        }
        b.delaySends(700);
        List<String> during = new ArrayList<>();
        long start = System.nanoTime();
        for (int i = 0; i < 30; i++) {
            during.add(producer.send(Message.of("T", "stalled-" + i)).queue().brokerName());
        }
        long elapsedMillis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
        // One slow send to broker-b (700 ms >= 550 ms) keeps it out for 2 s, so it gets at most about one send per
        // 2 s of sending: a bound from the time the sends took, not from how fast a loaded machine makes them (without
        // the fault table it would get every other send). The table's rules: LatencyFaultTableTest, on a manual clock.
        assertThat(during.stream().filter("broker-b"::equals).count()).as("in %d ms: %s", elapsedMillis, during)
            .isLessThanOrEqualTo(2 + elapsedMillis / 2_000);
        b.delaySends(0);
        Await.until(Duration.ofSeconds(10), "sends to reach broker-b again",
            () -> producer.send(Message.of("T", "after")).queue().brokerName().equals("broker-b"));
        assertThat((long) a.messageCount("T")).as("the sends that named broker-a landed there")
            .isGreaterThanOrEqualTo(during.stream().filter("broker-a"::equals).count());
    }

    @Test
    void heartbeatsNameTheGroupAndCloseUnregisters() {
        FakeBroker broker = broker("broker-a").createTopic("T", 1);
        PetrelProducer producer = PatientClients.producer(namesrv.address()).group("hb-group")
            .instanceName("hb").build();
        producer.send(Message.of("T", "x"));
        Await.until(Duration.ofSeconds(10), "a heartbeat", () -> !broker.received(RequestCode.HEART_BEAT).isEmpty());
        HeartbeatData hb = HeartbeatData.CODEC.decode(broker.received(RequestCode.HEART_BEAT).get(0).body());
        assertThat(hb.producerDataSet()).extracting(ProducerData::groupName).contains("hb-group", "CLIENT_INNER_PRODUCER");
        assertThat(hb.clientID()).isEqualTo(producer.clientId()).endsWith("@hb");
        producer.close();
        assertThat(broker.received(RequestCode.UNREGISTER_CLIENT)).singleElement()
            .satisfies(r -> assertThat(r.extFields()).containsEntry("producerGroup", "hb-group")
                .containsEntry("clientID", producer.clientId()));
    }

    @Test
    void selectorKeepsEqualKeysOnOneQueue() {
        broker("broker-a").createTopic("T", 4);
        PetrelProducer producer = producer("order", false);
        Set<Integer> queues = new HashSet<>();
        for (int i = 0; i < 10; i++) {
            queues.add(producer.send(Message.of("T", "o" + i), MessageQueueSelector.byHash(), "order-17").queue().queueId());
        }
        assertThat(queues).containsExactly(Math.abs("order-17".hashCode() % 4));
    }

    @Test
    void orderedBatchesGoToTheSelectedQueueInListOrderAndBatchRulesHoldBeforeSending() {
        FakeBroker broker = broker("broker-a").createTopic("T", 4);
        PetrelProducer producer = producer("ordered-batch", false);
        List<Message> batch = List.of(Message.of("T", "e1"), Message.of("T", "e2"), Message.of("T", "e3"));
        int expected = Math.abs("order-9".hashCode() % 4);
        List<SendResult> results = producer.sendBatch(batch, MessageQueueSelector.byHash(), "order-9");
        assertThat(results).singleElement().satisfies(r -> assertThat(r.queue().queueId()).isEqualTo(expected));
        SendResult direct = producer.sendBatch(List.of(Message.of("T", "e4")), new MessageQueue("T", "broker-a", expected))
            .get(0);
        assertThat(direct.queue().queueId()).isEqualTo(expected);
        assertThat(broker.messages("T", expected)).extracting(m -> new String(m.body()))
            .containsExactly("e1", "e2", "e3", "e4");

        assertThatThrownBy(() -> producer.sendBatch(List.of(Message.of("T", "x")), new MessageQueue("U", "broker-a", 0)))
            .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("not a queue of topic T");
        assertThatThrownBy(() -> producer.sendBatch(List.of(Message.builder("T").body("x").delayLevel(2).build())))
            .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("delayed messages cannot be sent in a batch");
        assertThatThrownBy(() -> producer.sendBatch(List.of(Message.of("%RETRY%g", "x"))))
            .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> producer.sendBatch(List.of(), MessageQueueSelector.byHash(), "k"))
            .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void invalidMessagesAreRefusedBeforeSending() {
        broker("broker-a").createTopic("T", 1);
        PetrelProducer producer = producer("invalid", false);
        assertThatThrownBy(() -> producer.send(Message.of("bad topic", "x"))).isInstanceOf(IllegalArgumentException.class)
            .hasMessageContaining("contains ' '");
        assertThatThrownBy(() -> producer.send(Message.of("T", new byte[0]))).hasMessageContaining("empty body");
        assertThatThrownBy(() -> Message.builder("T").body("x").property("TAGS", "y"))
            .hasMessageContaining("reserved");
    }
}
