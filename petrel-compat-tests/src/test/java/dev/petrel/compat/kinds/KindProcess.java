package dev.petrel.compat.kinds;

import dev.petrel.compat.namesrv.PetrelProcess;
import dev.petrel.testkit.Await;
import org.apache.rocketmq.client.consumer.DefaultMQPullConsumer;
import org.apache.rocketmq.client.consumer.DefaultMQPushConsumer;
import org.apache.rocketmq.client.consumer.PullResult;
import org.apache.rocketmq.client.consumer.PullStatus;
import org.apache.rocketmq.client.exception.MQClientException;
import org.apache.rocketmq.client.producer.DefaultMQProducer;
import org.apache.rocketmq.common.TopicConfig;
import org.apache.rocketmq.common.consumer.ConsumeFromWhere;
import org.apache.rocketmq.common.message.MessageExt;
import org.apache.rocketmq.common.message.MessageQueue;
import org.apache.rocketmq.tools.admin.DefaultMQAdminExt;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * {@code petrel standalone} (NameServer and broker in one process) for one test class of the message kinds, driven
 * with the official 5.3.1 client: restartable on the same ports and store, with the client objects the kind tests
 * share.
 */
public final class KindProcess implements AutoCloseable {

    public static final Duration WAIT = Duration.ofSeconds(60);
    private static final AtomicInteger INSTANCES = new AtomicInteger();

    private final PetrelProcess.Builder builder;
    private PetrelProcess process;
    private final DefaultMQAdminExt admin;
    private final String brokerAddr;

    private KindProcess(Path dir, Map<String, String> brokerConfig) throws MQClientException {
        // Two shared cores under several test JVMs: a send may wait for a thread longer than the default 200 ms, which
        // the broker answers with "broker busy"; these tests are about message kinds, not about that flow control.
        this.builder = PetrelProcess.standalone(dir).property("waitTimeMillsInSendQueue", "5000");
        brokerConfig.forEach(builder::property);
        this.process = builder.start();
        this.admin = new DefaultMQAdminExt(5_000);
        admin.setNamesrvAddr(process.namesrvAddr());
        admin.setInstanceName(instance("admin"));
        admin.start();
        this.brokerAddr = Await.value(WAIT, "the broker's registration", () -> admin.examineBrokerClusterInfo()
            .getBrokerAddrTable().values().iterator().next().getBrokerAddrs().get(0L), a -> a != null);
    }

    /** Starts {@code petrel standalone} in {@code dir}; {@code brokerConfig} adds broker.conf keys. */
    public static KindProcess start(Path dir, Map<String, String> brokerConfig) throws MQClientException {
        return new KindProcess(dir, brokerConfig);
    }

    public String namesrvAddr() {
        return process.namesrvAddr();
    }

    /** The broker's address (the same after a restart). */
    public String brokerAddr() {
        return brokerAddr;
    }

    public DefaultMQAdminExt admin() {
        return admin;
    }

    /** SIGTERM (graceful), then the same command on the same configuration, ports and store. */
    public void restart() {
        process.sigterm(Duration.ofSeconds(30));
        process = builder.start();
        Await.until(WAIT, "the broker's registration after the restart", () -> {
            try {
                return !admin.examineBrokerClusterInfo().getBrokerAddrTable().isEmpty();
            } catch (Exception e) {
                return false;
            }
        });
    }

    public static String instance(String kind) {
        return "kinds-" + kind + "-" + ProcessHandle.current().pid() + "-" + INSTANCES.incrementAndGet();
    }

    /** A topic with {@code queues} queues that the NameServer already routes, so clients find it at start. */
    public void createTopic(String topic, int queues) throws Exception {
        admin.createAndUpdateTopicConfig(brokerAddr, new TopicConfig(topic, queues, queues, 6));
        Await.until(WAIT, "route of " + topic, () -> {
            try {
                return !admin.examineTopicRouteInfo(topic).getQueueDatas().isEmpty();
            } catch (Exception e) {
                return false;
            }
        });
    }

    public DefaultMQProducer producer(String group) throws MQClientException {
        DefaultMQProducer p = new DefaultMQProducer(group);
        p.setNamesrvAddr(namesrvAddr());
        p.setInstanceName(instance("producer"));
        // The client's 3 s default is about speed; these tests are about outcomes, on a busy 2-core machine.
        p.setSendMsgTimeout(30_000);
        p.setMqClientApiTimeout(30_000); // route lookups: one that times out fails the send
        p.start();
        return p;
    }

    /** A push consumer reading from the first offset; subscribe and register a listener, then {@link #startRebalanced}. */
    public DefaultMQPushConsumer pushConsumer(String group) {
        DefaultMQPushConsumer c = new DefaultMQPushConsumer(group);
        c.setNamesrvAddr(namesrvAddr());
        c.setInstanceName(instance("consumer"));
        c.setConsumeFromWhere(ConsumeFromWhere.CONSUME_FROM_FIRST_OFFSET);
        c.setMqClientApiTimeout(30_000);
        return c;
    }

    /**
     * Starts {@code c} and makes it rebalance now (the 5.3.1 client rebalances at start only if its start-up heartbeat
     * won a race with its scheduled one, otherwise 20 s later), and makes sure the broker has its new subscription.
     */
    public void startRebalanced(DefaultMQPushConsumer c) throws MQClientException {
        c.start();
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
        // Taking its queues, the client raises its subscription's version and heartbeats it, but only if its heartbeat
        // lock is free; otherwise its pulls get SUBSCRIPTION_NOT_LATEST (from Apache's broker too) until the next
        // rebalance 20 s later. Make sure the new version reaches the broker.
        Await.until(WAIT, "the rebalance to raise the subscription version", () -> c.getDefaultMQPushConsumerImpl()
            .getRebalanceImpl().getSubscriptionInner().values().stream().anyMatch(s -> s.getSubVersion() > initialVersion));
        Await.until(WAIT, "a full heartbeat", () -> factory.sendHeartbeatToAllBrokerWithLockV2(true));
    }

    /** Every message stored in {@code topic}, read with plain pulls; empty while the topic has no route yet. */
    public List<MessageExt> readAll(String topic) throws Exception {
        List<MessageExt> out = new ArrayList<>();
        DefaultMQPullConsumer pull = new DefaultMQPullConsumer("reader-" + instance("r"));
        pull.setNamesrvAddr(namesrvAddr());
        pull.setInstanceName(instance("reader"));
        pull.start();
        try {
            List<MessageQueue> queues;
            try {
                queues = new ArrayList<>(pull.fetchSubscribeMessageQueues(topic));
            } catch (MQClientException noRouteYet) {
                return out;
            }
            for (MessageQueue q : queues) {
                long offset = 0;
                while (true) {
                    PullResult r = pull.pull(q, "*", offset, 32);
                    if (r.getPullStatus() != PullStatus.FOUND) {
                        break;
                    }
                    out.addAll(r.getMsgFoundList());
                    offset = r.getNextBeginOffset();
                }
            }
        } finally {
            pull.shutdown();
        }
        return out;
    }

    @Override
    public void close() {
        admin.shutdown();
        process.close();
    }
}
