package dev.petrel.compat.ha;

import dev.petrel.testkit.Await;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.rocketmq.client.consumer.DefaultMQPushConsumer;
import org.apache.rocketmq.client.consumer.PullResult;
import org.apache.rocketmq.client.consumer.listener.ConsumeConcurrentlyStatus;
import org.apache.rocketmq.client.consumer.listener.MessageListenerConcurrently;
import org.apache.rocketmq.client.consumer.store.OffsetStore;
import org.apache.rocketmq.client.consumer.store.ReadOffsetType;
import org.apache.rocketmq.client.consumer.store.RemoteBrokerOffsetStore;
import org.apache.rocketmq.client.exception.MQBrokerException;
import org.apache.rocketmq.client.exception.MQClientException;
import org.apache.rocketmq.client.impl.CommunicationMode;
import org.apache.rocketmq.client.impl.MQClientAPIImpl;
import org.apache.rocketmq.client.impl.MQClientManager;
import org.apache.rocketmq.client.impl.factory.MQClientInstance;
import org.apache.rocketmq.client.producer.DefaultMQProducer;
import org.apache.rocketmq.client.producer.SendResult;
import org.apache.rocketmq.client.producer.SendStatus;
import org.apache.rocketmq.common.consumer.ConsumeFromWhere;
import org.apache.rocketmq.common.message.Message;
import org.apache.rocketmq.common.message.MessageExt;
import org.apache.rocketmq.common.message.MessageQueue;
import org.apache.rocketmq.common.sysflag.PullSysFlag;
import org.apache.rocketmq.remoting.exception.RemotingException;
import org.apache.rocketmq.remoting.protocol.header.PullMessageRequestHeader;
import org.apache.rocketmq.remoting.protocol.header.QueryConsumerOffsetRequestHeader;
import org.apache.rocketmq.remoting.protocol.heartbeat.MessageModel;
import org.apache.rocketmq.tools.admin.DefaultMQAdminExt;

/** The official 5.3.1 client objects the HA tests use, and direct calls to one broker address (not via routes). */
final class HaClients {

    private static final AtomicInteger INSTANCES = new AtomicInteger();
    /** How often clients ask the NameServer for routes: they should notice a dead master in seconds, not 30 s. */
    static final int POLL_NAMESERVER_MILLIS = 1_000;

    private HaClients() {
    }

    static String instance(String kind) {
        return "petrel-ha-" + kind + "-" + ProcessHandle.current().pid() + "-" + INSTANCES.incrementAndGet();
    }

    static DefaultMQAdminExt admin(String namesrvAddr) throws MQClientException {
        DefaultMQAdminExt admin = new DefaultMQAdminExt(10_000);
        admin.setNamesrvAddr(namesrvAddr);
        admin.setInstanceName(instance("admin"));
        admin.setPollNameServerInterval(POLL_NAMESERVER_MILLIS);
        admin.start();
        return admin;
    }

    static DefaultMQProducer producer(String namesrvAddr, String group) throws MQClientException {
        DefaultMQProducer p = new DefaultMQProducer(group);
        p.setNamesrvAddr(namesrvAddr);
        p.setInstanceName(instance("producer"));
        p.setPollNameServerInterval(POLL_NAMESERVER_MILLIS);
        // Outcomes are tested, not speed: a busy 2-core machine must not turn a slow SEND_OK into a failure.
        p.setSendMsgTimeout(30_000);
        p.start();
        return p;
    }

    /**
     * Sends {@code count} messages with keys {@code prefix-0 ..} and bodies equal to the keys, one at a time, and
     * returns the keys of those answered SEND_OK (all of them unless the broker refused some).
     */
    static Set<String> sendAcknowledged(DefaultMQProducer producer, String topic, String prefix, int count)
        throws Exception {
        return sendAcknowledged(producer, topic, prefix, count, 1);
    }

    /**
     * Sends {@code count} keyed messages synchronously from {@code senders} threads sharing the producer (each takes
     * every {@code senders}-th key) and returns the keys answered SEND_OK. A send that throws fails the call.
     */
    static Set<String> sendAcknowledged(DefaultMQProducer producer, String topic, String prefix, int count,
                                        int senders) throws Exception {
        Set<String> acked = ConcurrentHashMap.newKeySet();
        java.util.concurrent.ExecutorService pool = java.util.concurrent.Executors.newFixedThreadPool(senders);
        try {
            List<java.util.concurrent.Future<?>> running = new java.util.ArrayList<>();
            for (int s = 0; s < senders; s++) {
                int first = s;
                running.add(pool.submit(() -> {
                    for (int i = first; i < count; i += senders) {
                        String key = prefix + "-" + i;
                        Message m = new Message(topic, "tag", key, key.getBytes(StandardCharsets.UTF_8));
                        SendResult r = producer.send(m);
                        if (r.getSendStatus() == SendStatus.SEND_OK) {
                            acked.add(key);
                        }
                    }
                    return null;
                }));
            }
            for (java.util.concurrent.Future<?> f : running) {
                try {
                    f.get();
                } catch (java.util.concurrent.ExecutionException e) {
                    throw e.getCause() instanceof Exception cause ? cause : e;
                }
            }
        } finally {
            pool.shutdownNow();
        }
        return acked;
    }

    /** The broker's CommitLog max offset from GET_BROKER_RUNTIME_INFO (commitLogMaxOffset), asked at its address. */
    static long maxOffset(DefaultMQAdminExt admin, String brokerAddr) {
        try {
            return Long.parseLong(admin.fetchBrokerRuntimeStats(brokerAddr).getTable().get("commitLogMaxOffset"));
        } catch (Exception e) {
            throw new IllegalStateException("GET_BROKER_RUNTIME_INFO at " + brokerAddr + ": " + e, e);
        }
    }

    private static MQClientAPIImpl api(DefaultMQAdminExt admin) {
        return admin.getDefaultMQAdminExtImpl().getMqClientInstance().getMQClientAPIImpl();
    }

    /**
     * Whether the broker at {@code brokerAddr} has {@code topic} in its GET_ALL_TOPIC_CONFIG (a slave serves pulls of
     * a topic only once its metadata sync has copied it from the master).
     */
    static boolean knowsTopic(DefaultMQAdminExt admin, String brokerAddr, String topic) {
        try {
            return api(admin).getAllTopicConfig(brokerAddr, 10_000).getTopicConfigTable().containsKey(topic);
        } catch (Exception e) {
            throw new IllegalStateException("GET_ALL_TOPIC_CONFIG at " + brokerAddr + ": " + e, e);
        }
    }

    /** GET_MAX_OFFSET of one queue, asked at {@code brokerAddr} (a slave answers from its own ConsumeQueue). */
    static long queueMaxOffset(DefaultMQAdminExt admin, String brokerAddr, String topic, int queueId) throws Exception {
        return api(admin).getMaxOffset(brokerAddr, new MessageQueue(topic, "unused", queueId), 10_000);
    }

    /** QUERY_CONSUMER_OFFSET at {@code brokerAddr}; -1 when the broker has none for the group and queue. */
    static long committedOffset(DefaultMQAdminExt admin, String brokerAddr, String group, String topic, int queueId)
        throws Exception {
        QueryConsumerOffsetRequestHeader h = new QueryConsumerOffsetRequestHeader();
        h.setConsumerGroup(group);
        h.setTopic(topic);
        h.setQueueId(queueId);
        try {
            return api(admin).queryConsumerOffset(brokerAddr, h, 10_000);
        } catch (MQBrokerException notFound) {
            if (notFound.getResponseCode() == 22) { // QUERY_NOT_FOUND
                return -1;
            }
            throw notFound;
        }
    }

    /**
     * One PULL_MESSAGE straight to {@code brokerAddr} (no routes, no suggestion follow-up), without committing an
     * offset. A broker that refuses the pull throws MQBrokerException with its response code.
     */
    static PullResult pullOnce(DefaultMQAdminExt admin, String brokerAddr, String group, String topic, int queueId,
                               long offset) throws Exception {
        PullMessageRequestHeader h = new PullMessageRequestHeader();
        h.setConsumerGroup(group);
        h.setTopic(topic);
        h.setQueueId(queueId);
        h.setQueueOffset(offset);
        h.setMaxMsgNums(32);
        h.setSysFlag(PullSysFlag.buildSysFlag(false, false, true, false));
        h.setCommitOffset(0L);
        h.setSuspendTimeoutMillis(0L);
        h.setSubscription("*");
        h.setSubVersion(0L);
        h.setExpressionType("TAG");
        return api(admin).pullMessage(brokerAddr, h, 10_000, CommunicationMode.SYNC, null);
    }

    /** A clustering push consumer from the first offset that counts every delivery per key. */
    static final class CountingConsumer implements AutoCloseable {
        final DefaultMQPushConsumer consumer;
        /**
         * Deliveries per stored message, by its position {@code queueId:queueOffset} (a re-delivery counts again; two
         * stored copies of one key, say a client's retry, are two messages, not a re-delivery).
         */
        final Map<String, Integer> deliveries = new ConcurrentHashMap<>();
        /** Keys received (each message's KEYS). */
        final Set<String> keys = ConcurrentHashMap.newKeySet();

        private final String topic;
        private final FreezableOffsetStore offsets;

        CountingConsumer(String namesrvAddr, String group, String topic, int persistOffsetMillis)
            throws MQClientException {
            this.topic = topic;
            consumer = new DefaultMQPushConsumer(group);
            consumer.setNamesrvAddr(namesrvAddr);
            consumer.setInstanceName(instance("consumer"));
            consumer.setMessageModel(MessageModel.CLUSTERING);
            consumer.setConsumeFromWhere(ConsumeFromWhere.CONSUME_FROM_FIRST_OFFSET);
            consumer.setPollNameServerInterval(POLL_NAMESERVER_MILLIS);
            consumer.setPersistConsumerOffsetInterval(persistOffsetMillis);
            // The client's own remote offset store, wrapped so that a test can stop its commits (a crash); the
            // consumer's start finds this client instance by its id and uses it.
            MQClientInstance instance = MQClientManager.getInstance().getOrCreateMQClientInstance(consumer);
            offsets = new FreezableOffsetStore(new RemoteBrokerOffsetStore(instance, group));
            consumer.setOffsetStore(offsets);
            consumer.subscribe(topic, "*");
            consumer.registerMessageListener((MessageListenerConcurrently) (msgs, ctx) -> {
                for (MessageExt m : msgs) {
                    record(m);
                }
                return ConsumeConcurrentlyStatus.CONSUME_SUCCESS;
            });
        }

        private void record(MessageExt m) {
            String position = m.getQueueId() + ":" + m.getQueueOffset();
            deliveries.merge(position, 1, Integer::sum);
            keys.add(m.getKeys());
        }

        CountingConsumer start() throws MQClientException {
            consumer.start();
            // The 5.3.1 client rebalances at start only if its start-up heartbeat won a race with its scheduled one;
            // otherwise 20 s later. Ask now, as a NOTIFY_CONSUMER_IDS_CHANGED would.
            consumer.getDefaultMQPushConsumerImpl().getmQClientFactory().rebalanceImmediately();
            return this;
        }

        /**
         * Waits until the rebalance has given this consumer {@code queues} queues of its topic, asking for a rebalance
         * at most once a second meanwhile (a 5.3.1 client whose first rebalance found no consumer list waits 20 s).
         */
        CountingConsumer awaitQueues(Duration wait, int queues) {
            long[] lastAsked = {System.nanoTime()};
            Await.until(wait, queues + " queues of " + topic + " assigned to " + consumer.getInstanceName(), () -> {
                long mine = consumer.getDefaultMQPushConsumerImpl().getRebalanceImpl().getProcessQueueTable().keySet()
                    .stream().filter(mq -> topic.equals(mq.getTopic())).count();
                if (mine >= queues) {
                    return true;
                }
                if (System.nanoTime() - lastAsked[0] > 1_000_000_000L) {
                    consumer.getDefaultMQPushConsumerImpl().getmQClientFactory().rebalanceImmediately();
                    lastAsked[0] = System.nanoTime();
                }
                return false;
            });
            return this;
        }

        /** This consumer's offset of a queue as it holds it in memory (what it commits next). */
        long offsetInMemory(String brokerName, int queueId) {
            return offsets.readOffset(new MessageQueue(topic, brokerName, queueId), ReadOffsetType.READ_FROM_MEMORY);
        }

        /**
         * Stops like a killed process: no offset is committed any more (not even by the shutdown, which otherwise
         * commits them all), then the client shuts down.
         */
        void crash() {
            offsets.frozen = true;
            consumer.shutdown();
        }

        Set<String> keys() {
            return keys;
        }

        /** Positions delivered more than once. */
        List<String> redelivered() {
            return deliveries.entrySet().stream().filter(e -> e.getValue() > 1).map(Map.Entry::getKey).sorted()
                .toList();
        }

        @Override
        public void close() {
            consumer.shutdown();
        }
    }

    /** An offset store whose commits to brokers can be stopped; everything else is the client's own store. */
    static final class FreezableOffsetStore implements OffsetStore {
        private final OffsetStore delegate;
        volatile boolean frozen;

        FreezableOffsetStore(OffsetStore delegate) {
            this.delegate = delegate;
        }

        @Override
        public void load() throws MQClientException {
            delegate.load();
        }

        @Override
        public void updateOffset(MessageQueue mq, long offset, boolean increaseOnly) {
            delegate.updateOffset(mq, offset, increaseOnly);
        }

        @Override
        public void updateAndFreezeOffset(MessageQueue mq, long offset) {
            delegate.updateAndFreezeOffset(mq, offset);
        }

        @Override
        public long readOffset(MessageQueue mq, ReadOffsetType type) {
            return delegate.readOffset(mq, type);
        }

        @Override
        public void persistAll(Set<MessageQueue> mqs) {
            if (!frozen) {
                delegate.persistAll(mqs);
            }
        }

        @Override
        public void persist(MessageQueue mq) {
            if (!frozen) {
                delegate.persist(mq);
            }
        }

        @Override
        public void removeOffset(MessageQueue mq) {
            delegate.removeOffset(mq);
        }

        @Override
        public Map<MessageQueue, Long> cloneOffsetTable(String topic) {
            return delegate.cloneOffsetTable(topic);
        }

        @Override
        public void updateConsumeOffsetToBroker(MessageQueue mq, long offset, boolean isOneway)
            throws RemotingException, MQBrokerException, InterruptedException, MQClientException {
            if (!frozen) {
                delegate.updateConsumeOffsetToBroker(mq, offset, isOneway);
            }
        }
    }
}
