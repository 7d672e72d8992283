package dev.petrel.client.internal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.petrel.client.Message;
import dev.petrel.client.consumer.ConsumeResult;
import dev.petrel.client.consumer.PetrelPushConsumer;
import dev.petrel.client.consumer.StartPosition;
import dev.petrel.client.producer.PetrelProducer;
import dev.petrel.client.testing.FakeBroker;
import dev.petrel.client.testing.FakeNameServer;
import dev.petrel.client.testing.PatientClients;
import dev.petrel.protocol.body.MessageQueue;
import dev.petrel.protocol.body.client.CMResult;
import dev.petrel.protocol.body.client.ConsumeMessageDirectlyResult;
import dev.petrel.protocol.body.client.ConsumerRunningInfo;
import dev.petrel.protocol.body.client.GetConsumerStatusBody;
import dev.petrel.protocol.body.client.ResetOffsetBody;
import dev.petrel.protocol.code.RequestCode;
import dev.petrel.protocol.code.ResponseCode;
import dev.petrel.protocol.frame.RemotingCommand;
import dev.petrel.testkit.Await;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The requests a broker sends to a client over the client's own connection (request-codes.md §6). */
class BrokerRequestsTest {

    private static final Duration WAIT = Duration.ofSeconds(15);
    private static final MessageQueue Q0 = new MessageQueue("T", "broker-a", 0);

    private FakeNameServer namesrv;
    private FakeBroker broker;
    private PetrelProducer producer;
    private PetrelPushConsumer consumer;
    private final List<String> bodies = java.util.Collections.synchronizedList(new ArrayList<>());

    @BeforeEach
    void start() {
        namesrv = new FakeNameServer();
        broker = new FakeBroker("broker-a", namesrv).createTopic("T", 1);
        producer = PatientClients.producer(namesrv.address()).group("pg").instanceName("p").build();
        consumer = PatientClients.pushConsumer(namesrv.address()).group("cg").instanceName("c")
            .startFrom(StartPosition.FIRST_OFFSET).subscribe("T", "*").listener((msgs, ctx) -> {
                msgs.forEach(m -> bodies.add(m.bodyAsString()));
                return ConsumeResult.SUCCESS;
            }).build();
        for (int i = 0; i < 5; i++) {
            producer.send(Message.of("T", "m" + i));
        }
        Await.until(WAIT, "5 consumed", () -> bodies.size() == 5);
    }

    @AfterEach
    void stop() {
        consumer.close();
        producer.close();
        broker.close();
        namesrv.close();
    }

    private static RemotingCommand request(int code, Map<String, String> fields, byte[] body) {
        return RemotingCommand.request(code, new LinkedHashMap<>(fields), body);
    }

    @Test
    void runningInfoDescribesQueuesAndSettings() throws Exception {
        RemotingCommand r = broker.callClient("cg", request(RequestCode.GET_CONSUMER_RUNNING_INFO,
            Map.of("consumerGroup", "cg", "clientId", consumer.clientId(), "jstackEnable", "true"), null));
        assertThat(r.code()).isEqualTo(ResponseCode.SUCCESS);
        ConsumerRunningInfo info = ConsumerRunningInfo.CODEC.decode(r.body());
        assertThat(info.mqTable()).containsKey(Q0);
        Await.until(WAIT, "offset 5 in memory", () -> consumer.consumedOffset(Q0) == 5);
        assertThat(info.properties()).containsEntry(ConsumerRunningInfo.PROP_CONSUME_TYPE, "CONSUME_PASSIVELY")
            .containsEntry(ConsumerRunningInfo.PROP_CONSUME_ORDERLY, "false").containsEntry("consumerGroup", "cg")
            .containsKey(ConsumerRunningInfo.PROP_CONSUMER_START_TIMESTAMP);
        assertThat(info.jstack()).contains("petrel-push-cg-pull");
        RemotingCommand unknown = broker.callClient("cg", request(RequestCode.GET_CONSUMER_RUNNING_INFO,
            Map.of("consumerGroup", "nobody", "clientId", "x"), null));
        assertThat(unknown.code()).isEqualTo(ResponseCode.SYSTEM_ERROR);
        assertThat(unknown.remark()).isEqualTo("The Consumer Group <nobody> not exist in this consumer");
    }

    @Test
    void consumerStatusListsTheTopicsOffsets() throws Exception {
        Await.until(WAIT, "offset 5 in memory", () -> consumer.consumedOffset(Q0) == 5);
        RemotingCommand r = broker.callClient("cg", request(RequestCode.GET_CONSUMER_STATUS_FROM_CLIENT,
            Map.of("topic", "T", "group", "cg"), null));
        assertThat(GetConsumerStatusBody.CODEC.decode(r.body()).messageQueueTable()).containsEntry(Q0, 5L);
    }

    @Test
    void resetOffsetMakesTheConsumerReadAgain() throws Exception {
        byte[] body = ResetOffsetBody.CODEC.encode(new ResetOffsetBody(Map.of(Q0, 2L)));
        broker.tellClient("cg", request(RequestCode.RESET_CONSUMER_CLIENT_OFFSET,
            Map.of("topic", "T", "group", "cg", "timestamp", "0", "isForce", "true"), body));
        Await.until(WAIT, "m2..m4 consumed again", () -> bodies.size() == 8);
        assertThat(bodies.subList(5, 8)).containsExactlyInAnyOrder("m2", "m3", "m4");
    }

    @Test
    void consumeDirectlyRunsTheListener() throws Exception {
        byte[] record = rawRecord();
        RemotingCommand r = broker.callClient("cg", request(RequestCode.CONSUME_MESSAGE_DIRECTLY,
            Map.of("consumerGroup", "cg", "clientId", consumer.clientId(), "brokerName", "broker-a"), record));
        assertThat(ConsumeMessageDirectlyResult.CODEC.decode(r.body()).consumeResult()).isEqualTo(CMResult.CR_SUCCESS);
        assertThat(bodies).contains("m0");
    }

    @Test
    void unknownBrokerRequestsAreRefused() throws Exception {
        RemotingCommand r = broker.callClient("cg", request(RequestCode.PULL_MESSAGE, Map.of(), null));
        assertThat(r.code()).isEqualTo(ResponseCode.REQUEST_CODE_NOT_SUPPORTED);
    }

    @Test
    void aPushedReplyNobodyWaitsForIsAcknowledged() throws Exception {
        Map<String, String> h = new LinkedHashMap<>();
        h.put("producerGroup", "replier");
        h.put("topic", "DefaultCluster_REPLY_TOPIC");
        h.put("defaultTopic", "TBW102");
        h.put("defaultTopicQueueNums", "4");
        h.put("queueId", "0");
        h.put("sysFlag", "0");
        h.put("bornTimestamp", "1");
        h.put("flag", "0");
        h.put("properties", "CORRELATION_ID\u0001late\u0002");
        h.put("bornHost", "127.0.0.1:1");
        h.put("storeHost", "127.0.0.1:2");
        h.put("storeTimestamp", "2");
        RemotingCommand r = broker.callClient("cg", request(RequestCode.PUSH_REPLY_MESSAGE_TO_CLIENT, h, new byte[] {1}));
        assertThat(r.code()).isEqualTo(ResponseCode.SUCCESS);
    }

    private byte[] rawRecord() throws Exception {
        RemotingCommand pull = RemotingCommand.request(RequestCode.PULL_MESSAGE, new LinkedHashMap<>(Map.of(
            "consumerGroup", "direct", "topic", "T", "queueId", "0", "queueOffset", "0", "maxMsgNums", "1", "sysFlag", "0",
            "commitOffset", "0", "suspendTimeoutMillis", "0", "subVersion", "0")), null);
        try (dev.petrel.remoting.RemotingClient client = new dev.petrel.remoting.RemotingClient("direct",
            dev.petrel.remoting.RemotingClientConfig.defaults(), dev.petrel.common.time.Clock.system())) {
            client.start();
            return client.invokeSync(broker.address(), pull, 5_000).body();
        }
    }

    @Test
    void nameServerFailoverFindsTheLiveOne() {
        Set<String> got = ConcurrentHashMap.newKeySet();
        try (PetrelProducer p = PatientClients.producer("127.0.0.1:1;" + namesrv.address()).group("fo")
            .instanceName("failover").build()) {
            for (int i = 0; i < 3; i++) {
                got.add(p.send(Message.of("T", "f" + i)).msgId());
            }
        }
        assertThat(got).hasSize(3);
    }
}
