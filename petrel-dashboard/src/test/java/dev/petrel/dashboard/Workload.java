package dev.petrel.dashboard;

import dev.petrel.client.ClientConfig;
import dev.petrel.client.Message;
import dev.petrel.client.admin.PetrelAdmin;
import dev.petrel.client.consumer.ConsumeResult;
import dev.petrel.client.consumer.PetrelPushConsumer;
import dev.petrel.client.consumer.StartPosition;
import dev.petrel.client.internal.Requests;
import dev.petrel.client.producer.PetrelProducer;
import dev.petrel.client.producer.SendResult;
import dev.petrel.client.testing.PatientClients;
import dev.petrel.embedded.EmbeddedPetrel;
import dev.petrel.message.PropertyNames;
import dev.petrel.protocol.body.MessageQueue;
import dev.petrel.protocol.body.stats.OffsetWrapper;
import dev.petrel.protocol.body.subscription.SubscriptionGroupConfig;
import dev.petrel.protocol.body.topic.CreateTopicListRequestBody;
import dev.petrel.protocol.body.topic.TopicConfig;
import dev.petrel.protocol.code.RequestCode;
import dev.petrel.protocol.code.ResponseCode;
import dev.petrel.protocol.frame.RemotingCommand;
import dev.petrel.testkit.Await;
import dev.petrel.testkit.FreePorts;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A known workload on a real in-process NameServer and broker, for the dashboard's API and browser tests (one per
 * test class): topic {@value #TOPIC} with 4 queues and 13 messages (keys {@code order-0} … {@code order-12}, bodies
 * with markup and quotes, which the pages must show as text); group {@value #LAGGING} committed the first 10 and has no
 * member, so its lag is exactly 3; group {@value #LIVE} stays connected (one member) and consumes all ({@link #awaitLiveCaughtUp}); producer
 * group {@value #PRODUCER} stays connected; one dead-letter message of {@value #LAGGING} whose original topic is
 * {@value #RESEND}. Tests that add messages send them to {@value #RESEND} (one message there to start with, key
 * {@code resend-me}), so {@value #TOPIC}'s figures stay exact whatever the order of the tests.
 */
final class Workload implements AutoCloseable {

    static final String TOPIC = "DashOrders";
    static final String LAGGING = "dash-billing";
    static final String LIVE = "dash-live";
    static final String PRODUCER = "dash-producer";
    static final String DLQ = "%DLQ%" + LAGGING;
    static final String RESEND = "DashResend";
    static final int QUEUES = 4;
    static final int MESSAGES = 13;
    static final int LAG = 3;
    static final Duration WAIT = Duration.ofSeconds(60);

    final EmbeddedPetrel petrel;
    final PetrelProducer producer;
    final PetrelAdmin admin;
    final List<SendResult> sent = new ArrayList<>();
    final SendResult deadLetter;
    final SendResult resendable;
    private final List<PetrelPushConsumer> consumers = new ArrayList<>();

    Workload() {
        petrel = EmbeddedPetrel.start();
        String ns = petrel.namesrvAddr();
        admin = PatientClients.admin(ns).build();
        // heartbeats every 200 ms (not 30 s), so the brokers list the producer's connection at once
        producer = PatientClients.producer(ns).group(PRODUCER).instanceName("workload-producer")
            .set(ClientConfig.HEARTBEAT_BROKER_INTERVAL, 200).build();
        petrel.createTopic(TOPIC, QUEUES);
        for (int i = 0; i < 10; i++) {
            sent.add(send(i));
        }
        caughtUpGroup(LAGGING);
        for (int i = 10; i < MESSAGES; i++) {
            sent.add(send(i));
        }
        // the live group consumes in the background: tests that need it caught up call awaitLiveCaughtUp()
        consumers.add(consumer(LIVE, new AtomicInteger()));
        petrel.createTopic(RESEND, 2);
        resendable = producer.send(Message.builder(RESEND).keys("resend-me").tags("TagR")
            .body("resend <em>me</em>".getBytes(StandardCharsets.UTF_8)).build());
        petrel.createTopic(DLQ, 1);
        Map<String, String> properties = new LinkedHashMap<>();
        properties.put(PropertyNames.KEYS, "dead-1");
        properties.put(PropertyNames.RETRY_TOPIC, RESEND);
        deadLetter = producer.send(Message.withProperties(DLQ, "dead letter <i>1</i>".getBytes(StandardCharsets.UTF_8), 0,
            properties), new MessageQueue(DLQ, EmbeddedPetrel.BROKER_NAME, 0));
    }

    static String body(int i) {
        return "<b>order " + i + "</b> & \"quotes\" <script>window.pwned=1</script>";
    }

    private SendResult send(int i) {
        Message m = Message.builder(TOPIC).keys("order-" + i).tags("TagA").body(body(i).getBytes(StandardCharsets.UTF_8))
            .build();
        return producer.send(m, new MessageQueue(TOPIC, EmbeddedPetrel.BROKER_NAME, i % QUEUES));
    }

    String ns() {
        return petrel.namesrvAddr();
    }

    /** A dashboard's settings for this workload: loopback, a free port, patient admin calls (30 s). */
    DashboardConfig.Settings dashboard(boolean readOnly, int maxRequestBytes) {
        return new DashboardConfig.Settings(true, ns(), "127.0.0.1", FreePorts.next(), readOnly, maxRequestBytes, 4,
            PatientClients.TIMEOUT.toMillis());
    }

    /**
     * A group that has consumed every message the topic has now and has no member online: the group and its retry
     * topic exist and its committed offsets (UPDATE_CONSUMER_OFFSET, as a consumer commits them) are the queues' ends.
     * Quicker and more exact than a consumer that starts, consumes, commits and leaves.
     */
    void caughtUpGroup(String group) {
        admin.createGroup(EmbeddedPetrel.CLUSTER, SubscriptionGroupConfig.of(group));
        petrel.createTopic("%RETRY%" + group, 1);
        for (int q = 0; q < QUEUES; q++) {
            MessageQueue queue = new MessageQueue(TOPIC, EmbeddedPetrel.BROKER_NAME, q);
            admin.updateConsumerOffset(group, queue, admin.maxOffset(queue));
        }
    }

    private PetrelPushConsumer consumer(String group, AtomicInteger consumed) {
        // offsets committed every 100 ms (not 5 s), so the workload is ready as soon as it is consumed; a client
        // instance of its own, since the interval is an instance's setting
        return PatientClients.pushConsumer(ns()).group(group).instanceName("workload-" + group)
            .set(ClientConfig.PERSIST_CONSUMER_OFFSET_INTERVAL, 100)
            .subscribe(TOPIC, "*").startFrom(StartPosition.FIRST_OFFSET)
            .listener((messages, context) -> {
                consumed.addAndGet(messages.size());
                return ConsumeResult.SUCCESS;
            }).build();
    }

    /** Waits until the live group has committed every message of the topic. */
    void awaitLiveCaughtUp() {
        awaitConsumed(LIVE, MESSAGES);
    }

    private void awaitConsumed(String group, long count) {
        Await.until(WAIT, group + " committed offsets for " + count + " messages", () ->
            admin.consumeStats(group, TOPIC).offsetTable().values().stream().mapToLong(OffsetWrapper::consumerOffset)
                .sum() == count);
    }

    /** {@code n} more topics {@code prefix0} … in one UPDATE_AND_CREATE_TOPIC_LIST request (1 queue each). */
    void createTopics(String prefix, int n) {
        List<TopicConfig> configs = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            configs.add(TopicConfig.of(prefix + i, 1, 1, 6));
        }
        RemotingCommand r = admin.invoke(petrel.brokerAddr(), Requests.bare(RequestCode.UPDATE_AND_CREATE_TOPIC_LIST,
            CreateTopicListRequestBody.CODEC.encode(new CreateTopicListRequestBody(configs))), "create " + n + " topics");
        if (r.code() != ResponseCode.SUCCESS) {
            throw new IllegalStateException("the broker refused the topic list: " + r.remark());
        }
    }

    long maxOffset(int queue) {
        return admin.maxOffset(new MessageQueue(TOPIC, EmbeddedPetrel.BROKER_NAME, queue));
    }

    /** Closes each of {@code things} that is not null, in order (a class's fixtures, after a start that may have failed). */
    static void closeAll(AutoCloseable... things) throws Exception {
        for (AutoCloseable t : things) {
            if (t != null) {
                t.close();
            }
        }
    }

    @Override
    public void close() {
        consumers.forEach(PetrelPushConsumer::close);
        producer.close();
        admin.close();
        petrel.close();
    }
}
