package dev.petrel.server.launch;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.petrel.client.Message;
import dev.petrel.client.ReceivedMessage;
import dev.petrel.client.internal.Requests;
import dev.petrel.client.producer.LocalTransactionState;
import dev.petrel.client.producer.TransactionListener;
import dev.petrel.protocol.code.RequestCode;
import dev.petrel.protocol.code.ResponseCode;
import dev.petrel.protocol.frame.RemotingCommand;
import dev.petrel.protocol.header.RpcFields;
import dev.petrel.protocol.header.client.ConsumerSendMsgBackRequestHeader;
import dev.petrel.client.admin.PetrelAdmin;
import dev.petrel.client.consumer.PetrelPullConsumer;
import dev.petrel.client.consumer.PullResult;
import dev.petrel.client.consumer.PullStatus;
import dev.petrel.client.producer.PetrelProducer;
import dev.petrel.client.producer.SendStatus;
import dev.petrel.common.config.Config;
import dev.petrel.common.time.Clock;
import dev.petrel.metrics.MetricsConfig;
import dev.petrel.protocol.body.MessageQueue;
import dev.petrel.protocol.body.topic.TopicConfig;
import dev.petrel.server.role.RoleFactory;
import dev.petrel.server.role.RoleMetrics;
import dev.petrel.server.role.Roles;
import dev.petrel.server.role.ServerRole;
import dev.petrel.testkit.Await;
import dev.petrel.testkit.FreePorts;
import dev.petrel.testkit.PrometheusText;
import io.prometheus.metrics.model.snapshots.MetricSnapshots;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The metrics endpoints of a real NameServer and broker (in this JVM, through real sockets, started as the launcher
 * starts them): a known workload, then a scrape over HTTP, parsed strictly, with exact values.
 */
class MetricsEndpointTest {

    private static final Duration WAIT = Duration.ofSeconds(60);
    private static final String CLUSTER = "MetricsCluster";
    private static final String BROKER = "broker-m";
    private static final String TOPIC = "MetricsTopic";
    private static final String GROUP = "MetricsGroup";
    private static final int QUEUES = 4;
    private static final int PER_QUEUE = 10;

    @TempDir
    Path dir;

    private final List<AutoCloseable> open = new ArrayList<>();

    @AfterEach
    void closeAll() throws Exception {
        for (int i = open.size() - 1; i >= 0; i--) {
            open.get(i).close();
        }
    }

    @Test
    void theBrokersCountersMatchAKnownWorkloadAndTheNameServerServesItsOwn() throws Exception {
        int namesrvPort = FreePorts.next();
        int namesrvMetrics = FreePorts.next();
        ServerRole namesrv = start(Roles.namesrv(), Map.of("listenPort", Integer.toString(namesrvPort),
            "kvConfigPath", dir.resolve("ns/kv.json").toString(), "configStorePath", dir.resolve("ns/ns.properties").toString(),
            "metricsExporterType", "PROM", "metricsPromExporterHost", "127.0.0.1",
            "metricsPromExporterPort", Integer.toString(namesrvMetrics), "metricsLabel", "env:test"));
        int brokerMetrics = FreePorts.next();
        String namesrvAddr = "127.0.0.1:" + namesrvPort;
        ServerRole broker = start(Roles.broker().orElseThrow(), brokerProperties(namesrvAddr, Map.of(
            "metricsExporterType", "PROM", "metricsPromExporterHost", "127.0.0.1",
            "metricsPromExporterPort", Integer.toString(brokerMetrics))));
        List<MetricsRole> endpoints = MetricsRole.plan(List.of(namesrv, broker));
        assertThat(endpoints).hasSize(2);
        for (MetricsRole endpoint : endpoints) {
            open.add(endpoint);
            endpoint.start();
        }

        // The workload: 10 messages of equal size into each of 4 queues; the group takes 10 of queue 0, 4 of queue 1
        // (committing both) and 6 of queue 2 (committing 2); it never reads queue 3.
        long before = System.currentTimeMillis();
        try (PetrelAdmin admin = PetrelAdmin.builder().namesrvAddr(namesrvAddr).build()) {
            admin.createTopic(CLUSTER, TopicConfig.of(TOPIC, QUEUES, QUEUES, 6));
            Await.until(WAIT, "the topic's route", () -> {
                try {
                    return admin.topicRoute(TOPIC) != null;
                } catch (RuntimeException e) {
                    return false;
                }
            });
        }
        try (PetrelProducer producer = PetrelProducer.builder().namesrvAddr(namesrvAddr).group("MetricsProducer")
            .sendTimeout(Duration.ofSeconds(30)).build()) {
            for (int q = 0; q < QUEUES; q++) {
                for (int i = 0; i < PER_QUEUE; i++) {
                    byte[] body = String.format("payload-%d%d", q, i).getBytes(StandardCharsets.UTF_8);
                    assertThat(producer.send(Message.of(TOPIC, body), new MessageQueue(TOPIC, BROKER, q)).status())
                        .isEqualTo(SendStatus.SEND_OK);
                }
            }
            try (PetrelPullConsumer consumer = PetrelPullConsumer.builder().namesrvAddr(namesrvAddr).group(GROUP)
                .build()) {
                take(consumer, 0, 10, 10);
                take(consumer, 1, 4, 4);
                take(consumer, 2, 6, 2);

                PrometheusText scrape = PrometheusText.scrape(brokerMetrics);
                String[] broker1 = {"cluster", CLUSTER, "node_type", "broker", "node_id", BROKER};
                assertThat(scrape.type("rocketmq_messages_in_total")).isEqualTo("counter");
                assertThat(scrape.value("rocketmq_messages_in_total", with(broker1, "topic", TOPIC,
                    "message_type", "normal", "is_system", "false"))).contains(40.0);
                double stored = scrape.value("rocketmq_storage_size_bytes", broker1).orElseThrow();
                assertThat(stored).isPositive();
                assertThat(stored % 40).isZero(); // equal records: each is stored / 40 bytes
                double record = stored / 40;
                assertThat(scrape.value("rocketmq_throughput_in_total", with(broker1, "topic", TOPIC)))
                    .contains(stored);
                assertThat(scrape.value("rocketmq_messages_out_total", with(broker1, "topic", TOPIC,
                    "consumer_group", GROUP))).contains(20.0);
                assertThat(scrape.value("rocketmq_throughput_out_total", with(broker1, "topic", TOPIC,
                    "consumer_group", GROUP))).contains(20 * record);

                String[] queueOf = {"consumer_group", GROUP, "topic", TOPIC};
                assertThat(scrape.value("petrel_consumer_queue_lag_messages", with(queueOf, "queue_id", "0")))
                    .contains(0.0);
                assertThat(scrape.value("petrel_consumer_queue_lag_messages", with(queueOf, "queue_id", "1")))
                    .contains(6.0);
                assertThat(scrape.value("petrel_consumer_queue_lag_messages", with(queueOf, "queue_id", "2")))
                    .contains(8.0);
                assertThat(scrape.value("petrel_consumer_queue_lag_messages", with(queueOf, "queue_id", "3")))
                    .isEmpty(); // the group has no offset there
                String[] groupOf = with(broker1, "consumer_group", GROUP, "topic", TOPIC, "is_retry", "false");
                assertThat(scrape.value("rocketmq_consumer_lag_messages", groupOf)).contains(14.0);
                assertThat(scrape.value("rocketmq_consumer_inflight_messages", groupOf)).contains(4.0);
                assertThat(scrape.value("rocketmq_consumer_ready_messages", groupOf)).contains(10.0);
                // the oldest uncommitted message (queue 1's fifth or queue 2's third) was stored after `before`
                double lagAge = scrape.value("rocketmq_consumer_lag_latency_milliseconds", groupOf).orElseThrow();
                assertThat(lagAge).isBetween(0.0, (double) (System.currentTimeMillis() - before));
                // the oldest unpulled message (queue 2's seventh; queue 3 has no offset of the group) likewise
                double queueingAge = scrape.value("rocketmq_consumer_queueing_latency_milliseconds", groupOf)
                    .orElseThrow();
                assertThat(queueingAge).isBetween(0.0, (double) (System.currentTimeMillis() - before));

                // A producer is known to the broker by its heartbeat (the first 1 s after its start, then every
                // 30 s), not by its sends, which can all be over before it.
                String[] javaProducers = with(broker1, "language", "java");
                Await.until(WAIT, "the producer's heartbeat in the scrape", () -> PrometheusText.scrape(brokerMetrics)
                    .value("rocketmq_producer_connections", javaProducers).isPresent());
                assertThat(PrometheusText.scrape(brokerMetrics).value("rocketmq_producer_connections", javaProducers))
                    .contains(1.0);
                assertThat(scrape.value("rocketmq_topic_number", broker1).orElseThrow()).isGreaterThan(1);
                assertThat(scrape.value("rocketmq_broker_permission", broker1)).contains(6.0);
                assertThat(scrape.value("rocketmq_processor_watermark", with(broker1, "processor", "send")))
                    .contains(0.0);
                // 40 sends answered, each counted once in the V2 code's histogram (the +Inf bucket is the count).
                assertThat(scrape.value("rocketmq_rpc_latency_milliseconds_count", with(broker1,
                    "request_code", "send_message_v2"))).contains(40.0);
                assertThat(scrape.value("rocketmq_rpc_latency_milliseconds_bucket", with(broker1,
                    "request_code", "send_message_v2", "le", "+Inf"))).contains(40.0);
                assertThat(scrape.value("rocketmq_rpc_latency_milliseconds_count", with(broker1,
                    "request_code", "pull_message"))).contains(3.0);
                assertThat(scrape.find("jvm_memory_used_bytes")).isNotEmpty();
            }
        }

        PrometheusText ns = PrometheusText.scrape(namesrvMetrics);
        String[] namesrvLabels = {"node_type", "namesrv", "env", "test"};
        assertThat(ns.value("petrel_namesrv_broker_addresses", namesrvLabels)).contains(1.0);
        assertThat(ns.value("petrel_namesrv_cluster_brokers", with(namesrvLabels, "cluster", CLUSTER))).contains(1.0);
        assertThat(ns.value("petrel_namesrv_topics", namesrvLabels).orElseThrow()).isGreaterThanOrEqualTo(1);
        assertThat(ns.value("petrel_remoting_frames_in_total", namesrvLabels).orElseThrow()).isPositive();
        assertThat(ns.find("jvm_threads_current")).isNotEmpty();
    }

    /**
     * RocketMQ's families of message sizes, dead letters, transactions and creations, and the flush figures, after a
     * known workload on a SYNC_FLUSH broker: one topic and one group created, three plain sends of equal size, two
     * transactions committed and one rolled back, one message sent back straight to the dead-letter topic.
     */
    @Test
    void sizesDeadLettersTransactionsCreationsAndFlushesMatchAKnownWorkload() throws Exception {
        int namesrvPort = FreePorts.next();
        ServerRole namesrv = start(Roles.namesrv(), Map.of("listenPort", Integer.toString(namesrvPort),
            "kvConfigPath", dir.resolve("ns/kv.json").toString(), "configStorePath", dir.resolve("ns/ns.properties").toString(),
            "metricsExporterType", "DISABLE"));
        String namesrvAddr = "127.0.0.1:" + namesrvPort;
        int brokerMetrics = FreePorts.next();
        Map<String, String> properties = brokerProperties(namesrvAddr, Map.of("metricsExporterType", "PROM",
            "metricsPromExporterHost", "127.0.0.1", "metricsPromExporterPort", Integer.toString(brokerMetrics),
            "flushDiskType", "SYNC_FLUSH"));
        ServerRole broker = start(Roles.broker().orElseThrow(), properties);
        String brokerAddr = "127.0.0.1:" + properties.get("listenPort");
        List<MetricsRole> endpoints = MetricsRole.plan(List.of(namesrv, broker));
        for (MetricsRole endpoint : endpoints) {
            open.add(endpoint);
            endpoint.start();
        }
        String deadGroup = "MetricsDeadGroup";
        try (PetrelAdmin admin = PetrelAdmin.builder().namesrvAddr(namesrvAddr).build()) {
            admin.createTopic(CLUSTER, TopicConfig.of(TOPIC, 1, 1, 6));
            admin.createGroup(CLUSTER, dev.petrel.protocol.body.subscription.SubscriptionGroupConfig.of(deadGroup));
            Await.until(WAIT, "the topic's route", () -> {
                try {
                    return admin.topicRoute(TOPIC) != null;
                } catch (RuntimeException e) {
                    return false;
                }
            });
            TransactionListener decide = new TransactionListener() {
                @Override
                public LocalTransactionState executeLocalTransaction(Message message, Object arg) {
                    return (LocalTransactionState) arg;
                }

                @Override
                public LocalTransactionState checkLocalTransaction(ReceivedMessage message) {
                    return LocalTransactionState.UNKNOWN;
                }
            };
            MessageQueue queue = new MessageQueue(TOPIC, BROKER, 0);
            try (PetrelProducer producer = PetrelProducer.builder().namesrvAddr(namesrvAddr).group("MetricsTxProducer")
                .sendTimeout(Duration.ofSeconds(30)).transactionListener(decide).build()) {
                for (int i = 0; i < 3; i++) {
                    assertThat(producer.send(Message.of(TOPIC, ("plain-" + i).getBytes(StandardCharsets.UTF_8)), queue)
                        .status()).isEqualTo(SendStatus.SEND_OK);
                }
                for (LocalTransactionState decision : List.of(LocalTransactionState.COMMIT, LocalTransactionState.COMMIT,
                    LocalTransactionState.ROLLBACK)) {
                    assertThat(producer.sendInTransaction(Message.of(TOPIC, "tx".getBytes(StandardCharsets.UTF_8)),
                        decision).sendResult().status()).isEqualTo(SendStatus.SEND_OK);
                }
            }
            // the first plain message, sent back by the group with delay level -1: straight to its dead-letter topic
            try (PetrelPullConsumer consumer = PetrelPullConsumer.builder().namesrvAddr(namesrvAddr).group(deadGroup)
                .build()) {
                ReceivedMessage first = consumer.pull(queue, "*", 0, 1).messages().get(0);
                RemotingCommand back = admin.invoke(brokerAddr, Requests.of(RequestCode.CONSUMER_SEND_MSG_BACK,
                    new ConsumerSendMsgBackRequestHeader(first.commitLogOffset(), deadGroup, -1, first.msgId(), TOPIC,
                        false, 16, RpcFields.NONE), null), "send back");
                assertThat(back.code()).isEqualTo(ResponseCode.SUCCESS);
            }
        }

        String[] broker1 = {"cluster", CLUSTER, "node_type", "broker", "node_id", BROKER};
        String[] ofTopic = with(broker1, "topic", TOPIC);
        Await.until(WAIT, "the rollback in the scrape", () -> PrometheusText.scrape(brokerMetrics)
            .value("rocketmq_rollback_messages_total", ofTopic).isPresent());
        Await.until(WAIT, "every appended byte forced", () -> PrometheusText.scrape(brokerMetrics)
            .value("rocketmq_storage_flush_behind_bytes", broker1).orElse(-1.0) == 0.0);
        PrometheusText scrape = PrometheusText.scrape(brokerMetrics);

        // sizes: one record per plain send, each of the same size: the sum is the three sends' stored bytes
        String[] normal = with(ofTopic, "message_type", "normal", "is_system", "false");
        assertThat(scrape.type("rocketmq_message_size")).isEqualTo("histogram");
        assertThat(scrape.value("rocketmq_message_size_count", normal)).contains(3.0);
        assertThat(scrape.value("rocketmq_message_size_bucket", with(normal, "le", "1024.0"))).contains(3.0);
        assertThat(scrape.value("rocketmq_message_size_sum", normal))
            .isEqualTo(scrape.value("rocketmq_throughput_in_total", normal));
        // the half messages are the transaction type's
        assertThat(scrape.value("rocketmq_message_size_count", with(ofTopic, "message_type", "transaction")))
            .contains(3.0);

        assertThat(scrape.value("rocketmq_commit_messages_total", ofTopic)).contains(2.0);
        assertThat(scrape.value("rocketmq_rollback_messages_total", ofTopic)).contains(1.0);
        assertThat(scrape.value("rocketmq_finish_message_latency_milliseconds_count", ofTopic)).contains(3.0);
        assertThat(scrape.value("rocketmq_finish_message_latency_milliseconds_bucket", with(ofTopic, "le", "5.0")))
            .contains(3.0); // decided within 5 s (the values are seconds)

        assertThat(scrape.value("rocketmq_send_to_dlq_messages_total", with(ofTopic, "consumer_group", deadGroup,
            "is_system", "false"))).contains(1.0);

        assertThat(scrape.value("rocketmq_topic_create_execution_time_milliseconds_count", with(broker1,
            "invocation_status", "success", "is_system", "false"))).contains(1.0);
        assertThat(scrape.value("rocketmq_topic_create_execution_time_milliseconds_count", with(broker1,
            "invocation_status", "failure"))).isEmpty();
        assertThat(scrape.value("rocketmq_consumer_group_create_execution_time_milliseconds_count", with(broker1,
            "invocation_status", "success"))).contains(1.0);

        // SYNC_FLUSH: every acknowledged send waited for a force, so there was at least one, each timed once
        double forces = scrape.value("petrel_storage_flush_latency_milliseconds_count", broker1).orElseThrow();
        assertThat(forces).isGreaterThanOrEqualTo(1);
        assertThat(scrape.value("petrel_storage_flush_latency_milliseconds_bucket", with(broker1, "le", "+Inf")))
            .contains(forces);
        assertThat(scrape.value("rocketmq_storage_flush_behind_bytes", with(broker1, "storage_type", "local")))
            .contains(0.0);
    }

    @Test
    void theOffSwitchLeavesNoPortOpen() throws Exception {
        int metricsPort = FreePorts.next();
        // A NameServer (cheaper to start than a broker; both roles answer metrics() from the same settings).
        ServerRole namesrv = start(Roles.namesrv(), Map.of("listenPort", Integer.toString(FreePorts.next()),
            "kvConfigPath", dir.resolve("ns/kv.json").toString(), "configStorePath", dir.resolve("ns/ns.properties").toString(),
            "metricsExporterType", "DISABLE", "metricsPromExporterHost", "127.0.0.1",
            "metricsPromExporterPort", Integer.toString(metricsPort)));
        assertThat(MetricsRole.plan(List.of(namesrv))).isEmpty();
        Config broker = Roles.broker().orElseThrow().definition().parse(Map.of("metricsExporterType", "disable"),
            unknown -> { });
        assertThat(MetricsConfig.settings(broker, MetricsConfig.BROKER_PROM_EXPORTER_PORT).enabled()).isFalse();
        try (ServerSocket probe = new ServerSocket()) {
            probe.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), metricsPort)); // nobody holds it
        }
    }

    @Test
    void aPortInUseFailsTheStartNamingTheProperty() throws IOException {
        try (ServerSocket taken = new ServerSocket()) {
            taken.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0));
            ServerRole role = fakeRole(taken.getLocalPort());
            MetricsRole endpoint = MetricsRole.plan(List.of(role)).get(0);
            assertThatThrownBy(endpoint::start).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("127.0.0.1:" + taken.getLocalPort())
                .hasMessageContaining("metricsPromExporterPort").hasMessageContaining("metricsExporterType=DISABLE");
            endpoint.close();
        }
    }

    @Test
    void rolesOnOnePortShareOneEndpoint() {
        int port = FreePorts.next();
        List<MetricsRole> endpoints = MetricsRole.plan(List.of(fakeRole(port), fakeRole(port)));
        assertThat(endpoints).hasSize(1);
    }

    private static ServerRole fakeRole(int port) {
        RoleMetrics metrics = new RoleMetrics(new MetricsConfig.Settings(true, "127.0.0.1", port, Map.of()),
            MetricSnapshots::new);
        return new ServerRole() {
            @Override
            public void start() {
            }

            @Override
            public String describe() {
                return "fake";
            }

            @Override
            public Optional<RoleMetrics> metrics() {
                return Optional.of(metrics);
            }

            @Override
            public void close() {
            }
        };
    }

    private static void take(PetrelPullConsumer consumer, int queue, int pull, int commit) {
        MessageQueue q = new MessageQueue(TOPIC, BROKER, queue);
        PullResult r = consumer.pull(q, "*", 0, pull);
        assertThat(r.status()).isEqualTo(PullStatus.FOUND);
        assertThat(r.messages()).hasSize(pull);
        consumer.commitOffset(q, commit);
    }

    private Map<String, String> brokerProperties(String namesrvAddr, Map<String, String> metrics) {
        Map<String, String> p = new HashMap<>();
        p.put("brokerClusterName", CLUSTER);
        p.put("brokerName", BROKER);
        p.put("brokerIP1", "127.0.0.1");
        p.put("listenPort", Integer.toString(FreePorts.next()));
        p.put("storePathRootDir", dir.resolve("store").toString());
        p.put("mappedFileSizeCommitLog", Integer.toString(16 * 1024 * 1024));
        p.put("mappedFileSizeConsumeQueue", Integer.toString(60_000));
        if (!namesrvAddr.isEmpty()) {
            p.put("namesrvAddr", namesrvAddr);
        }
        p.putAll(metrics);
        return p;
    }

    private ServerRole start(RoleFactory factory, Map<String, String> properties) throws Exception {
        Config config = factory.definition().parse(properties, unknown -> {
            throw new IllegalArgumentException("unknown key " + unknown);
        });
        ServerRole role = factory.create(config, Clock.system());
        open.add(role);
        role.start();
        return role;
    }

    private static String[] with(String[] base, String... more) {
        String[] all = new String[base.length + more.length];
        System.arraycopy(base, 0, all, 0, base.length);
        System.arraycopy(more, 0, all, base.length, more.length);
        return all;
    }
}
