package dev.petrel.compat.kinds.transaction;

import dev.petrel.compat.namesrv.PetrelProcess;
import dev.petrel.testkit.Await;
import dev.petrel.testkit.ChildJvm;
import org.apache.rocketmq.client.consumer.DefaultMQPushConsumer;
import org.apache.rocketmq.client.consumer.listener.ConsumeConcurrentlyStatus;
import org.apache.rocketmq.client.consumer.listener.MessageListenerConcurrently;
import org.apache.rocketmq.client.exception.MQClientException;
import org.apache.rocketmq.client.producer.LocalTransactionState;
import org.apache.rocketmq.client.producer.SendStatus;
import org.apache.rocketmq.client.producer.TransactionListener;
import org.apache.rocketmq.client.producer.TransactionMQProducer;
import org.apache.rocketmq.client.producer.TransactionSendResult;
import org.apache.rocketmq.common.TopicConfig;
import org.apache.rocketmq.common.consumer.ConsumeFromWhere;
import org.apache.rocketmq.common.message.Message;
import org.apache.rocketmq.common.message.MessageExt;
import org.apache.rocketmq.tools.admin.DefaultMQAdminExt;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The official 5.3.1 {@link TransactionMQProducer} against a Petrel broker (standalone process, check-back every
 * second, transactionTimeOut 2 s): a commit is visible with its exact body, a rollback never, an UNKNOW is resolved by
 * the check-back, and a half message whose producer was killed with SIGKILL is resolved by another producer of the
 * group.
 */
class TransactionCompatTest {

    private static final Duration WAIT = Duration.ofSeconds(60);
    private static final AtomicInteger INSTANCES = new AtomicInteger();

    @TempDir
    static Path dir;
    private static PetrelProcess petrel;
    private static String ns;
    private static DefaultMQAdminExt admin;

    @BeforeAll
    static void startPetrel() throws Exception {
        petrel = PetrelProcess.standalone(dir.resolve("petrel")).property("transactionCheckInterval", "1000")
            .property("transactionTimeOut", "2000").property("transactionCheckMax", "60").start();
        ns = petrel.namesrvAddr();
        admin = new DefaultMQAdminExt(5_000);
        admin.setNamesrvAddr(ns);
        admin.setInstanceName(instance("admin"));
        admin.start();
    }

    @AfterAll
    static void stopPetrel() {
        if (admin != null) {
            admin.shutdown();
        }
        if (petrel != null) {
            petrel.close();
        }
    }

    private static String instance(String kind) {
        return "petrel-tx-" + kind + "-" + ProcessHandle.current().pid() + "-" + INSTANCES.incrementAndGet();
    }

    private static void createTopic(String topic) throws Exception {
        String broker = admin.examineBrokerClusterInfo().getBrokerAddrTable().values().iterator().next()
            .getBrokerAddrs().get(0L);
        admin.createAndUpdateTopicConfig(broker, new TopicConfig(topic, 2, 2, 6));
        Await.value(WAIT, "route of " + topic, () -> admin.examineTopicRouteInfo(topic), r -> !r.getQueueDatas().isEmpty());
    }

    private static TransactionMQProducer producer(String group, Function<Message, LocalTransactionState> local,
                                                  Function<MessageExt, LocalTransactionState> check)
        throws MQClientException {
        TransactionMQProducer p = new TransactionMQProducer(group);
        p.setNamesrvAddr(ns);
        p.setInstanceName(instance("producer"));
        p.setTransactionListener(new TransactionListener() {
            @Override
            public LocalTransactionState executeLocalTransaction(Message msg, Object arg) {
                return local.apply(msg);
            }

            @Override
            public LocalTransactionState checkLocalTransaction(MessageExt msg) {
                return check.apply(msg);
            }
        });
        p.start();
        return p;
    }

    private static DefaultMQPushConsumer consumer(String group, String topic, List<MessageExt> into) throws MQClientException {
        DefaultMQPushConsumer c = new DefaultMQPushConsumer(group);
        c.setNamesrvAddr(ns);
        c.setInstanceName(instance("consumer"));
        c.setConsumeFromWhere(ConsumeFromWhere.CONSUME_FROM_FIRST_OFFSET);
        c.subscribe(topic, "*");
        c.registerMessageListener((MessageListenerConcurrently) (msgs, ctx) -> {
            into.addAll(msgs);
            return ConsumeConcurrentlyStatus.CONSUME_SUCCESS;
        });
        c.start();
        c.getDefaultMQPushConsumerImpl().getmQClientFactory().rebalanceImmediately();
        return c;
    }

    private static long messagesIn(String topic) throws Exception {
        return admin.examineTopicStats(topic).getOffsetTable().values().stream()
            .mapToLong(o -> o.getMaxOffset()).sum();
    }

    private static String body(MessageExt m) {
        return new String(m.getBody(), StandardCharsets.UTF_8);
    }

    @Test
    void commitIsVisibleRollbackNeverAndUnknownIsResolvedByTheCheckBack() throws Exception {
        String topic = "TxCompat";
        createTopic(topic);
        Set<String> checked = ConcurrentHashMap.newKeySet();
        TransactionMQProducer p = producer("txCompatPG", m -> switch (new String(m.getBody(), StandardCharsets.UTF_8)) {
            case "commit-me" -> LocalTransactionState.COMMIT_MESSAGE;
            case "roll-me-back" -> LocalTransactionState.ROLLBACK_MESSAGE;
            default -> LocalTransactionState.UNKNOW;
        }, m -> {
            // END_TRANSACTION is oneway: if one is lost on a busy machine, the check-back decides that message too,
            // so the checker answers what the local transaction decided.
            checked.add(body(m));
            return body(m).equals("roll-me-back") ? LocalTransactionState.ROLLBACK_MESSAGE
                : LocalTransactionState.COMMIT_MESSAGE;
        });
        List<MessageExt> received = new CopyOnWriteArrayList<>();
        DefaultMQPushConsumer c = consumer("txCompatCG", topic, received);
        try {
            TransactionSendResult rollback = p.sendMessageInTransaction(new Message(topic, "roll-me-back".getBytes(
                StandardCharsets.UTF_8)), null);
            assertThat(rollback.getSendStatus()).isEqualTo(SendStatus.SEND_OK);
            assertThat(rollback.getLocalTransactionState()).isEqualTo(LocalTransactionState.ROLLBACK_MESSAGE);
            TransactionSendResult commit = p.sendMessageInTransaction(new Message(topic, "TagA", "commit-me".getBytes(
                StandardCharsets.UTF_8)), null);
            assertThat(commit.getLocalTransactionState()).isEqualTo(LocalTransactionState.COMMIT_MESSAGE);
            long sentAt = System.currentTimeMillis();
            TransactionSendResult unknown = p.sendMessageInTransaction(new Message(topic, "decide-later".getBytes(
                StandardCharsets.UTF_8)), null);
            assertThat(unknown.getLocalTransactionState()).isEqualTo(LocalTransactionState.UNKNOW);

            Await.until(WAIT, "the committed message", () -> received.stream().anyMatch(m -> body(m).equals("commit-me")));
            MessageExt m = received.stream().filter(x -> body(x).equals("commit-me")).findFirst().orElseThrow();
            assertThat(m.getTags()).isEqualTo("TagA");
            assertThat(m.getMsgId()).isEqualTo(commit.getMsgId());
            assertThat(m.getTopic()).isEqualTo(topic);

            Await.until(WAIT, "the message decided by the check-back",
                () -> received.stream().anyMatch(x -> body(x).equals("decide-later")));
            assertThat(System.currentTimeMillis() - sentAt).as("not checked before transactionTimeOut")
                .isGreaterThanOrEqualTo(2_000);
            assertThat(checked).as("the undecided message is checked back").contains("decide-later");
            assertThat(received).extracting(TransactionCompatTest::body)
                .containsExactlyInAnyOrder("commit-me", "decide-later");
            assertThat(messagesIn(topic)).as("the rollback never reached the topic").isEqualTo(2);
        } finally {
            c.shutdown();
            p.shutdown();
        }
    }

    @Test
    void halfMessageOfAKilledProducerIsResolvedByAnotherProducerOfTheGroup() throws Exception {
        String topic = "TxOrphan";
        String group = "txOrphanPG";
        createTopic(topic);
        ChildJvm orphan = ChildJvm.start("undecided-producer", System.getProperty("java.class.path"),
            List.of("-Xmx128m", "-XX:+UseSerialGC"), UndecidedProducerMain.class.getName(),
            List.of(ns, group, topic, "orphaned-body"), Map.of(), dir.resolve("undecided.out"));
        List<MessageExt> received = new CopyOnWriteArrayList<>();
        DefaultMQPushConsumer c = null;
        TransactionMQProducer heir = null;
        try {
            String sent = orphan.awaitLine(WAIT, "the half message sent", line -> line.startsWith("SENT "));
            assertThat(sent).contains("SEND_OK");
            // The orphan's own producer is asked at least once and cannot decide.
            orphan.awaitLine(WAIT, "a check-back to the first producer", line -> line.startsWith("CHECKED "));
            orphan.kill9();
            Set<String> checkedByHeir = ConcurrentHashMap.newKeySet();
            heir = producer(group, m -> LocalTransactionState.UNKNOW, m -> {
                checkedByHeir.add(m.getTransactionId());
                return LocalTransactionState.COMMIT_MESSAGE;
            });
            // As an application's producer would once it sends: learn the broker and say hello now, rather than at the
            // client's next 30 s heartbeat.
            heir.getDefaultMQProducerImpl().getMqClientFactory().updateTopicRouteInfoFromNameServer(topic);
            heir.getDefaultMQProducerImpl().getMqClientFactory().sendHeartbeatToAllBrokerWithLock();
            c = consumer("txOrphanCG", topic, received);
            Await.until(WAIT, "the orphaned half message committed by the other producer",
                () -> received.stream().anyMatch(m -> body(m).equals("orphaned-body")));
            assertThat(checkedByHeir).containsExactly(sent.split(" ")[1]);
            assertThat(received).extracting(TransactionCompatTest::body).containsExactly("orphaned-body");
        } finally {
            orphan.kill9();
            if (c != null) {
                c.shutdown();
            }
            if (heir != null) {
                heir.shutdown();
            }
        }
    }
}
