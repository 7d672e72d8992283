package dev.petrel.compat.broker;

import dev.petrel.testkit.Await;
import org.apache.rocketmq.client.consumer.DefaultLitePullConsumer;
import org.apache.rocketmq.client.consumer.DefaultMQPushConsumer;
import org.apache.rocketmq.client.consumer.listener.ConsumeConcurrentlyStatus;
import org.apache.rocketmq.client.consumer.listener.MessageListenerConcurrently;
import org.apache.rocketmq.client.exception.MQClientException;
import org.apache.rocketmq.client.producer.DefaultMQProducer;
import org.apache.rocketmq.client.producer.SendStatus;
import org.apache.rocketmq.common.consumer.ConsumeFromWhere;
import org.apache.rocketmq.common.message.Message;
import org.apache.rocketmq.common.message.MessageExt;
import org.apache.rocketmq.remoting.protocol.heartbeat.MessageModel;
import org.apache.rocketmq.tools.admin.DefaultMQAdminExt;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;

/** The official 5.3.1 client objects, each with its own instance name (so each is its own client with its own id). */
final class Clients {

    private static final AtomicInteger INSTANCES = new AtomicInteger();

    static {
        // Broadcasting consumers keep their offsets in local files named after the client id; a fresh directory per
        // test JVM (and ids that differ between JVMs) keeps an earlier run's offsets from leaking into this one.
        try {
            System.setProperty("rocketmq.client.localOffsetStoreDir",
                java.nio.file.Files.createTempDirectory("petrel-compat-offsets").toString());
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    private Clients() {
    }

    static String instance(String kind) {
        return "petrel-compat-" + kind + "-" + ProcessHandle.current().pid() + "-" + INSTANCES.incrementAndGet();
    }

    static DefaultMQProducer producer(String namesrvAddr, String group) throws MQClientException {
        DefaultMQProducer p = new DefaultMQProducer(group);
        p.setNamesrvAddr(namesrvAddr);
        p.setInstanceName(instance("producer"));
        // The client's 3 s default is about speed; these tests are about outcomes, on a busy 2-core machine.
        p.setSendMsgTimeout(30_000);
        p.start();
        return p;
    }

    static DefaultMQAdminExt admin(String namesrvAddr) throws MQClientException {
        DefaultMQAdminExt admin = new DefaultMQAdminExt(5_000);
        admin.setNamesrvAddr(namesrvAddr);
        admin.setInstanceName(instance("admin"));
        admin.start();
        return admin;
    }

    /** A push consumer with a concurrent listener that records every message it receives. */
    static final class Recording implements AutoCloseable {
        final DefaultMQPushConsumer consumer;
        final List<MessageExt> received = new CopyOnWriteArrayList<>();

        Recording(String namesrvAddr, String group, String topic, String expression, MessageModel model)
            throws MQClientException {
            consumer = new DefaultMQPushConsumer(group);
            consumer.setNamesrvAddr(namesrvAddr);
            consumer.setInstanceName(instance("consumer"));
            consumer.setMessageModel(model);
            consumer.setConsumeFromWhere(ConsumeFromWhere.CONSUME_FROM_FIRST_OFFSET);
            consumer.subscribe(topic, expression);
            consumer.registerMessageListener((MessageListenerConcurrently) (msgs, ctx) -> {
                received.addAll(msgs);
                return ConsumeConcurrentlyStatus.CONSUME_SUCCESS;
            });
        }

        Recording start() throws MQClientException {
            consumer.start();
            // The 5.3.1 client rebalances at start only if its start-up heartbeat won a race with its own scheduled
            // heartbeat (tryLock); otherwise its first rebalance comes 20 s later. Ask for it now, as a
            // NOTIFY_CONSUMER_IDS_CHANGED would, so tests do not wait for that timer.
            consumer.getDefaultMQPushConsumerImpl().getmQClientFactory().rebalanceImmediately();
            return this;
        }

        List<String> bodies() {
            return received.stream().map(m -> new String(m.getBody(), StandardCharsets.UTF_8)).toList();
        }

        @Override
        public void close() {
            consumer.shutdown();
        }
    }

    /**
     * Sends m0, m1 and m2 to {@code topic} with {@code producer}, starts {@code consumer} (not started, its namesrv
     * set) on the topic from its first offset and waits until it received exactly those three bodies; shuts the
     * consumer down. For tests whose point is how the two clients are configured (TLS, ACL credentials).
     */
    static void sendThreeAndConsumeThem(DefaultMQProducer producer, DefaultMQPushConsumer consumer, String topic,
                                        Duration wait) throws Exception {
        Set<String> received = ConcurrentHashMap.newKeySet();
        consumer.setConsumeFromWhere(ConsumeFromWhere.CONSUME_FROM_FIRST_OFFSET);
        consumer.subscribe(topic, "*");
        consumer.registerMessageListener((MessageListenerConcurrently) (msgs, ctx) -> {
            msgs.forEach(m -> received.add(new String(m.getBody(), StandardCharsets.UTF_8)));
            return ConsumeConcurrentlyStatus.CONSUME_SUCCESS;
        });
        try {
            for (int i = 0; i < 3; i++) {
                assertThat(producer.send(new Message(
                    topic, ("m" + i).getBytes(StandardCharsets.UTF_8))).getSendStatus())
                    .isEqualTo(SendStatus.SEND_OK);
            }
            consumer.start();
            Await.until(wait, "3 messages consumed", () -> received.size() == 3);
            assertThat(received).containsExactlyInAnyOrder("m0", "m1", "m2");
        } finally {
            consumer.shutdown();
        }
    }

    static DefaultLitePullConsumer litePull(String namesrvAddr, String group) throws MQClientException {
        DefaultLitePullConsumer c = new DefaultLitePullConsumer(group);
        c.setNamesrvAddr(namesrvAddr);
        c.setInstanceName(instance("lite"));
        c.setAutoCommit(true);
        return c;
    }
}
