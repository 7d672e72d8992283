package dev.petrel.compat.kinds.filter;

import dev.petrel.compat.filter.LooseSelectorGenerator;
import dev.petrel.compat.namesrv.PetrelProcess;
import dev.petrel.testkit.Await;
import org.apache.rocketmq.broker.filter.MessageEvaluationContext;
import org.apache.rocketmq.client.consumer.DefaultLitePullConsumer;
import org.apache.rocketmq.client.consumer.DefaultMQPullConsumer;
import org.apache.rocketmq.client.consumer.DefaultMQPushConsumer;
import org.apache.rocketmq.client.consumer.MessageSelector;
import org.apache.rocketmq.client.consumer.PullResult;
import org.apache.rocketmq.client.consumer.PullStatus;
import org.apache.rocketmq.client.consumer.listener.ConsumeConcurrentlyStatus;
import org.apache.rocketmq.client.consumer.listener.MessageListenerConcurrently;
import org.apache.rocketmq.client.exception.MQBrokerException;
import org.apache.rocketmq.client.exception.MQClientException;
import org.apache.rocketmq.client.producer.DefaultMQProducer;
import org.apache.rocketmq.client.producer.SendStatus;
import org.apache.rocketmq.common.TopicConfig;
import org.apache.rocketmq.common.consumer.ConsumeFromWhere;
import org.apache.rocketmq.common.filter.ExpressionType;
import org.apache.rocketmq.common.message.Message;
import org.apache.rocketmq.common.message.MessageConst;
import org.apache.rocketmq.common.message.MessageExt;
import org.apache.rocketmq.common.message.MessageQueue;
import org.apache.rocketmq.filter.FilterFactory;
import org.apache.rocketmq.filter.expression.Expression;
import org.apache.rocketmq.tools.admin.DefaultMQAdminExt;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Tag and SQL92 filters with the official 5.3.1 client against Petrel's standalone process started with
 * {@code enablePropertyFilter=true}: a SQL92 push consumer receives exactly the messages whose properties match, a
 * consumer with an expression that does not compile fails to start with the broker's explanation, tag expressions
 * select by tag, and the broker's SQL92 pull result equals Apache's own filter evaluated on the stored messages, for
 * random expressions.
 */
class FilterKindTest {

    private static final Duration WAIT = Duration.ofSeconds(30);
    private static final AtomicInteger INSTANCES = new AtomicInteger();

    @TempDir
    static Path dir;
    static PetrelProcess petrel;
    static DefaultMQAdminExt admin;
    static DefaultMQProducer producer;
    static String brokerAddr;

    @BeforeAll
    static void start() throws Exception {
        petrel = PetrelProcess.standalone(dir).property("enablePropertyFilter", "true").start();
        admin = new DefaultMQAdminExt(5_000);
        admin.setNamesrvAddr(petrel.namesrvAddr());
        admin.setInstanceName(instance("admin"));
        admin.start();
        brokerAddr = admin.examineBrokerClusterInfo().getBrokerAddrTable().values().iterator().next()
            .getBrokerAddrs().get(0L);
        producer = new DefaultMQProducer("filter-producer");
        producer.setNamesrvAddr(petrel.namesrvAddr());
        producer.setInstanceName(instance("producer"));
        producer.start();
    }

    @AfterAll
    static void stop() {
        if (producer != null) {
            producer.shutdown();
        }
        if (admin != null) {
            admin.shutdown();
        }
        if (petrel != null) {
            petrel.close();
        }
    }

    private static String instance(String kind) {
        return "filter-" + kind + "-" + ProcessHandle.current().pid() + "-" + INSTANCES.incrementAndGet();
    }

    /** A topic with {@code queues} queues that the NameServer already routes, so consumers find it at start. */
    private static void createTopic(String topic, int queues) throws Exception {
        admin.createAndUpdateTopicConfig(brokerAddr, new TopicConfig(topic, queues, queues, 6));
        Await.until(WAIT, "route of " + topic, () -> {
            try {
                return !admin.examineTopicRouteInfo(topic).getQueueDatas().isEmpty();
            } catch (Exception e) {
                return false;
            }
        });
    }

    private static void send(String topic, String body, String tags, Map<String, String> properties) throws Exception {
        Message m = new Message(topic, body.getBytes(StandardCharsets.UTF_8));
        if (tags != null) {
            m.setTags(tags);
        }
        properties.forEach(m::putUserProperty);
        assertThat(producer.send(m).getSendStatus()).isEqualTo(SendStatus.SEND_OK);
    }

    private static DefaultMQPushConsumer pushConsumer(String group, String topic, MessageSelector selector,
                                                      List<String> received) throws MQClientException {
        DefaultMQPushConsumer c = new DefaultMQPushConsumer(group);
        c.setNamesrvAddr(petrel.namesrvAddr());
        c.setInstanceName(instance("push"));
        c.setConsumeFromWhere(ConsumeFromWhere.CONSUME_FROM_FIRST_OFFSET);
        c.setConsumeThreadMin(1);
        c.setConsumeThreadMax(1);
        c.subscribe(topic, selector);
        c.registerMessageListener((MessageListenerConcurrently) (msgs, ctx) -> {
            msgs.forEach(m -> received.add(new String(m.getBody(), StandardCharsets.UTF_8)));
            return ConsumeConcurrentlyStatus.CONSUME_SUCCESS;
        });
        return c;
    }

    private static void startRebalanced(DefaultMQPushConsumer c) throws MQClientException {
        c.start();
        // The 5.3.1 client's first rebalance may find the group without members (its start-up heartbeat lost a race)
        // and then waits 20 s for the next; once the broker lists the member, ask for a rebalance now.
        Await.until(WAIT, "the broker to list the consumer", () -> {
            try {
                return !admin.examineConsumerConnectionInfo(c.getConsumerGroup()).getConnectionSet().isEmpty();
            } catch (Exception e) {
                return false;
            }
        });
        long initialVersion = c.getDefaultMQPushConsumerImpl().getRebalanceImpl().getSubscriptionInner().values()
            .stream().mapToLong(s -> s.getSubVersion()).max().orElseThrow();
        var factory = c.getDefaultMQPushConsumerImpl().getmQClientFactory();
        factory.rebalanceImmediately();
        // Taking its queue, the client raises its subscription's version and heartbeats it, but only if its heartbeat
        // lock is free; otherwise its pulls get SUBSCRIPTION_NOT_LATEST (from Apache's broker too) until the next
        // rebalance 20 s later. Make sure the new version reaches the broker.
        Await.until(WAIT, "the rebalance to raise the subscription version", () -> c.getDefaultMQPushConsumerImpl()
            .getRebalanceImpl().getSubscriptionInner().values().stream().anyMatch(s -> s.getSubVersion() > initialVersion));
        Await.until(WAIT, "a full heartbeat", () -> factory.sendHeartbeatToAllBrokerWithLockV2(true));
    }

    @Test
    void sql92PushConsumerReceivesExactlyTheMessagesWhosePropertiesMatch() throws Exception {
        String topic = "FilterSqlPush";
        createTopic(topic, 1);
        List<String> expected = new ArrayList<>();
        for (int i = 0; i < 40; i++) {
            String region = i % 3 == 0 ? "eu" : "us";
            send(topic, "order-" + i, null, Map.of("amount", Integer.toString(i * 10), "region", region));
            if (i * 10 > 150 && region.equals("eu")) {
                expected.add("order-" + i);
            }
        }
        send(topic, "no-properties", null, Map.of());
        send(topic, "sentinel", null, Map.of("amount", "1000", "region", "eu"));
        expected.add("sentinel");
        List<String> received = new CopyOnWriteArrayList<>();
        DefaultMQPushConsumer c = pushConsumer("filter-sql-push", topic,
            MessageSelector.bySql("amount > 150 AND region = 'eu'"), received);
        try {
            startRebalanced(c);
            // One queue and one consume thread: the sentinel, sent last, is consumed last.
            Await.until(WAIT, "the sentinel", () -> received.contains("sentinel"));
            assertThat(received).containsExactlyElementsOf(expected);
        } finally {
            c.shutdown();
        }
    }

    @Test
    void aConsumerWhoseExpressionDoesNotCompileFailsToStartWithTheBrokersExplanation() throws Exception {
        String topic = "FilterSqlBad";
        createTopic(topic, 1);
        DefaultMQPushConsumer c = pushConsumer("filter-sql-bad", topic, MessageSelector.bySql("amount > 'x'"),
            new CopyOnWriteArrayList<>());
        try {
            assertThatThrownBy(c::start).isInstanceOf(MQClientException.class)
                .hasMessageContaining("CODE: 23")
                .hasMessageContaining("SQL92 expression \"amount > 'x'\" is invalid at column 10: '>' cannot compare with "
                    + "the string literal 'x'; use = or <> for strings");
        } finally {
            c.shutdown();
        }
    }

    @Test
    void tagExpressionsSelectByTagAndHashCollisionsAreDroppedByTheClient() throws Exception {
        String topic = "FilterTags";
        createTopic(topic, 1);
        // "Aa" and "BB" have the same String.hashCode(): the broker passes both, the client keeps only "Aa".
        assertThat("Aa".hashCode()).isEqualTo("BB".hashCode());
        String[] tags = {"A", "B", "C", null, "Aa", "BB", "A", "CC", "C"};
        for (int i = 0; i < tags.length; i++) {
            send(topic, i + ":" + tags[i], tags[i], Map.of());
        }
        send(topic, "sentinel", "C", Map.of());
        List<String> received = new CopyOnWriteArrayList<>();
        DefaultMQPushConsumer c = pushConsumer("filter-tags", topic, MessageSelector.byTag("A || C || Aa"), received);
        try {
            startRebalanced(c);
            Await.until(WAIT, "the sentinel", () -> received.contains("sentinel"));
            assertThat(received).containsExactly("0:A", "2:C", "4:Aa", "6:A", "8:C", "sentinel");
        } finally {
            c.shutdown();
        }
    }

    @Test
    void sql92LitePullConsumerCarriesItsExpressionInEveryPull() throws Exception {
        String topic = "FilterSqlLite";
        createTopic(topic, 2);
        for (int i = 0; i < 20; i++) {
            send(topic, "m" + i, null, Map.of("n", Integer.toString(i)));
        }
        DefaultLitePullConsumer c = new DefaultLitePullConsumer("filter-sql-lite");
        c.setNamesrvAddr(petrel.namesrvAddr());
        c.setInstanceName(instance("lite"));
        c.setConsumeFromWhere(ConsumeFromWhere.CONSUME_FROM_FIRST_OFFSET);
        c.subscribe(topic, MessageSelector.bySql("n BETWEEN 5 AND 9 OR n = 17"));
        c.start();
        try {
            List<String> received = new ArrayList<>();
            Await.until(WAIT, "ten messages", () -> {
                c.poll(200).forEach(m -> received.add(new String(m.getBody(), StandardCharsets.UTF_8)));
                return received.size() >= 6;
            });
            assertThat(received).containsExactlyInAnyOrder("m5", "m6", "m7", "m8", "m9", "m17");
        } finally {
            c.shutdown();
        }
    }

    /**
     * The acceptance property: random SQL92 expressions (Apache's test generator, half of them invalid) pulled over
     * random messages stored in the broker. Every expression Apache's compiler accepts returns exactly the messages
     * on which Apache's own evaluator is TRUE, evaluated on each message's stored properties; every expression it
     * rejects is refused with SUBSCRIPTION_PARSE_FAILED and Petrel's explanation. Seeded, so a failure repeats.
     */
    @Test
    void theBrokersSql92PullEqualsApachesEvaluationOnRandomExpressionsAndMessages() throws Exception {
        long seed = 20250607L;
        Random random = new Random(seed);
        LooseSelectorGenerator generator = new LooseSelectorGenerator(random);
        String topic = "FilterSqlProperty";
        createTopic(topic, 1);
        for (int i = 0; i < 150; i++) {
            Map<String, String> properties = new HashMap<>(generator.properties());
            String tags = properties.remove("TAGS");
            // The producer refuses blank values (an empty value would not be stored anyway).
            properties.values().removeIf(v -> v.trim().isEmpty());
            send(topic, "p" + i, tags == null || tags.trim().isEmpty() ? null : tags, properties);
        }
        DefaultMQPullConsumer puller = new DefaultMQPullConsumer("filter-property");
        puller.setNamesrvAddr(petrel.namesrvAddr());
        puller.setInstanceName(instance("pull"));
        puller.start();
        try {
            MessageQueue mq = puller.fetchSubscribeMessageQueues(topic).iterator().next();
            List<MessageExt> stored = pullAll(puller, mq, MessageSelector.byTag("*"));
            assertThat(stored).hasSize(150);
            List<String> disagreements = new ArrayList<>();
            int accepted = 0;
            int refusedByBroker = 0;
            int matchedSomething = 0;
            for (int i = 0; i < 400 && disagreements.size() < 10; i++) {
                String selector = generator.next();
                Expression apache = apacheCompile(selector);
                if (apache == null) {
                    refusedByBroker += refused(puller, mq, selector) ? 1 : 0;
                    continue;
                }
                accepted++;
                List<Long> expected = new ArrayList<>();
                for (MessageExt m : stored) {
                    if (apacheMatches(apache, m)) {
                        expected.add(m.getQueueOffset());
                    }
                }
                List<Long> actual = pullAll(puller, mq, MessageSelector.bySql(selector)).stream()
                    .map(MessageExt::getQueueOffset).toList();
                matchedSomething += expected.isEmpty() ? 0 : 1;
                if (!actual.equals(expected)) {
                    disagreements.add("[" + selector + "]: broker " + actual + ", Apache's evaluation " + expected);
                }
            }
            assertThat(disagreements).as("seed %d", seed).isEmpty();
            assertThat(accepted).isGreaterThan(100);
            assertThat(refusedByBroker).isGreaterThan(100);
            assertThat(matchedSomething).isGreaterThan(30);
        } finally {
            puller.shutdown();
        }
    }

    private static Expression apacheCompile(String selector) {
        try {
            return FilterFactory.INSTANCE.get(ExpressionType.SQL92).compile(selector);
        } catch (Exception e) {
            return null;
        }
    }

    /** Apache's broker decision on one stored message: matched only on exactly TRUE, an exception is no match. */
    private static boolean apacheMatches(Expression expression, MessageExt stored) {
        Map<String, String> properties = new HashMap<>(stored.getProperties());
        // Added by the client after the pull; not part of what the broker evaluated.
        properties.remove(MessageConst.PROPERTY_MIN_OFFSET);
        properties.remove(MessageConst.PROPERTY_MAX_OFFSET);
        try {
            return Boolean.TRUE.equals(expression.evaluate(new MessageEvaluationContext(properties)));
        } catch (Exception e) {
            return false;
        }
    }

    /**
     * An expression Apache does not compile: the broker refuses it with SUBSCRIPTION_PARSE_FAILED and Petrel's
     * explanation (true), unless the client already refused to send it (false; it does so for an empty one).
     */
    private static boolean refused(DefaultMQPullConsumer puller, MessageQueue mq, String selector) {
        try {
            puller.pull(mq, MessageSelector.bySql(selector), 0, 32);
        } catch (MQBrokerException e) {
            assertThat(e.getResponseCode()).as("[%s]", selector).isEqualTo(23);
            assertThat(e.getErrorMessage()).as("[%s]", selector).startsWith("SQL92 expression");
            return true;
        } catch (MQClientException e) {
            return false;
        } catch (Exception e) {
            throw new AssertionError("[" + selector + "] failed unexpectedly", e);
        }
        throw new AssertionError("[" + selector + "] does not compile, yet the broker accepted it");
    }

    private static List<MessageExt> pullAll(DefaultMQPullConsumer puller, MessageQueue mq, MessageSelector selector)
        throws Exception {
        List<MessageExt> out = new ArrayList<>();
        long offset = 0;
        long max = puller.maxOffset(mq);
        while (offset < max) {
            PullResult r = puller.pull(mq, selector, offset, 32);
            if (r.getPullStatus() == PullStatus.FOUND) {
                out.addAll(r.getMsgFoundList());
            } else {
                assertThat(r.getPullStatus()).isIn(PullStatus.NO_MATCHED_MSG, PullStatus.NO_NEW_MSG);
            }
            assertThat(r.getNextBeginOffset()).isGreaterThan(offset);
            offset = r.getNextBeginOffset();
        }
        return out;
    }
}
