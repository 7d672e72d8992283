package dev.petrel.interop.kinds.transaction;

import dev.petrel.client.testing.PatientClients;
import dev.petrel.client.ClientConfig;
import dev.petrel.client.Message;
import dev.petrel.client.ReceivedMessage;
import dev.petrel.client.admin.PetrelAdmin;
import dev.petrel.client.consumer.ConsumeResult;
import dev.petrel.client.consumer.PetrelPushConsumer;
import dev.petrel.client.consumer.StartPosition;
import dev.petrel.client.producer.LocalTransactionState;
import dev.petrel.client.producer.PetrelProducer;
import dev.petrel.client.producer.SendStatus;
import dev.petrel.client.producer.TransactionListener;
import dev.petrel.client.producer.TransactionSendResult;
import dev.petrel.protocol.body.topic.TopicConfig;
import dev.petrel.testkit.Await;
import dev.petrel.testkit.ChildJvm;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

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
 * Petrel's transactional producer against a Petrel broker (check-back every second, transactionTimeOut 2 s): commit
 * visible with its exact body, rollback never, UNKNOWN resolved by the check-back, and a half message whose producer
 * was killed with SIGKILL resolved by another producer of the group.
 */
class TransactionInteropTest {

    private static final Duration WAIT = Duration.ofSeconds(60);
    private static final AtomicInteger INSTANCES = new AtomicInteger();

    @TempDir
    static Path dir;
    private static PetrelStandalone petrel;
    private static PetrelAdmin admin;

    @BeforeAll
    static void start() {
        petrel = PetrelStandalone.start(dir.resolve("petrel"), Map.of("transactionCheckInterval", "1000",
            "transactionTimeOut", "2000", "transactionCheckMax", "60"));
        admin = PatientClients.admin(petrel.namesrvAddr()).instanceName(instance("admin")).build();
    }

    @AfterAll
    static void stop() {
        if (admin != null) {
            admin.close();
        }
        if (petrel != null) {
            petrel.close();
        }
    }

    private static String instance(String kind) {
        return "petrel-tx-interop-" + kind + "-" + ProcessHandle.current().pid() + "-" + INSTANCES.incrementAndGet();
    }

    private static void createTopic(String topic) {
        admin.createTopic("DefaultCluster", TopicConfig.of(topic, 2, 2, 6));
        Await.until(WAIT, "route of " + topic, () -> {
            try {
                return !admin.topicRoute(topic).queueDatas().isEmpty();
            } catch (RuntimeException e) {
                return false;
            }
        });
    }

    private static PetrelProducer producer(String group, Function<Message, LocalTransactionState> local,
                                           Function<ReceivedMessage, LocalTransactionState> check) {
        return PatientClients.producer(petrel.namesrvAddr()).group(group).instanceName(instance("producer"))
            .set(ClientConfig.MQ_CLIENT_API_TIMEOUT, 30_000) // route lookups on a busy machine (outcomes are tested)
            .transactionListener(new TransactionListener() {
                @Override
                public LocalTransactionState executeLocalTransaction(Message message, Object arg) {
                    return local.apply(message);
                }

                @Override
                public LocalTransactionState checkLocalTransaction(ReceivedMessage message) {
                    return check.apply(message);
                }
            }).build();
    }

    private static PetrelPushConsumer consumer(String group, String topic, List<ReceivedMessage> into) {
        return PatientClients.pushConsumer(petrel.namesrvAddr()).group(group)
            .set(ClientConfig.MQ_CLIENT_API_TIMEOUT, 30_000)
            .instanceName(instance("consumer")).subscribe(topic, "*").startFrom(StartPosition.FIRST_OFFSET)
            .listener((messages, ctx) -> {
                into.addAll(messages);
                return ConsumeResult.SUCCESS;
            }).build();
    }

    @Test
    void commitIsVisibleRollbackNeverAndUnknownIsResolvedByTheCheckBack() {
        String topic = "TxInterop";
        createTopic(topic);
        Set<String> checked = ConcurrentHashMap.newKeySet();
        List<ReceivedMessage> received = new CopyOnWriteArrayList<>();
        try (PetrelProducer p = producer("txInteropPG", m -> switch (m.bodyAsString()) {
            case "commit-me" -> LocalTransactionState.COMMIT;
            case "roll-me-back" -> LocalTransactionState.ROLLBACK;
            default -> LocalTransactionState.UNKNOWN;
        }, m -> {
            // END_TRANSACTION is oneway: if one is lost on a busy machine, the check-back decides that message too,
            // so the checker answers what the local transaction decided.
            checked.add(m.bodyAsString());
            return m.bodyAsString().equals("roll-me-back") ? LocalTransactionState.ROLLBACK : LocalTransactionState.COMMIT;
        }); PetrelPushConsumer c = consumer("txInteropCG", topic, received)) {
            TransactionSendResult rollback = p.sendInTransaction(Message.of(topic, "roll-me-back"), null);
            assertThat(rollback.sendResult().status()).isEqualTo(SendStatus.SEND_OK);
            assertThat(rollback.localState()).isEqualTo(LocalTransactionState.ROLLBACK);
            TransactionSendResult commit = p.sendInTransaction(Message.builder(topic).tags("TagA").body("commit-me")
                .build(), null);
            assertThat(commit.localState()).isEqualTo(LocalTransactionState.COMMIT);
            long sentAt = System.currentTimeMillis();
            TransactionSendResult unknown = p.sendInTransaction(Message.of(topic, "decide-later"), null);
            assertThat(unknown.localState()).isEqualTo(LocalTransactionState.UNKNOWN);

            Await.until(WAIT, "the committed message", () -> received.stream().anyMatch(m -> m.bodyAsString()
                .equals("commit-me")));
            ReceivedMessage m = received.stream().filter(x -> x.bodyAsString().equals("commit-me")).findFirst()
                .orElseThrow();
            assertThat(m.tags()).isEqualTo("TagA");
            assertThat(m.msgId()).isEqualTo(commit.sendResult().msgId());
            Await.until(WAIT, "the message decided by the check-back",
                () -> received.stream().anyMatch(x -> x.bodyAsString().equals("decide-later")));
            assertThat(System.currentTimeMillis() - sentAt).isGreaterThanOrEqualTo(2_000);
            assertThat(checked).as("the undecided message is checked back").contains("decide-later");
            assertThat(received).extracting(ReceivedMessage::bodyAsString)
                .containsExactlyInAnyOrder("commit-me", "decide-later");
        }
    }

    @Test
    void halfMessageOfAKilledProducerIsResolvedByAnotherProducerOfTheGroup() {
        String topic = "TxInteropOrphan";
        String group = "txInteropOrphanPG";
        createTopic(topic);
        ChildJvm orphan = ChildJvm.start("undecided-petrel-producer", System.getProperty("java.class.path"),
            List.of("-Xmx128m", "-XX:+UseSerialGC"), UndecidedPetrelProducerMain.class.getName(),
            List.of(petrel.namesrvAddr(), group, topic, "orphaned-body"), Map.of(), dir.resolve("undecided.out"));
        List<ReceivedMessage> received = new CopyOnWriteArrayList<>();
        try {
            String sent = orphan.awaitLine(WAIT, "the half message sent", line -> line.startsWith("SENT "));
            assertThat(sent).contains("SEND_OK");
            orphan.awaitLine(WAIT, "a check-back to the first producer", line -> line.startsWith("CHECKED "));
            orphan.kill9();
            Set<String> checkedByHeir = ConcurrentHashMap.newKeySet();
            try (PetrelProducer heir = producer(group, m -> LocalTransactionState.UNKNOWN, m -> {
                checkedByHeir.add(m.msgId());
                return LocalTransactionState.COMMIT;
            }); PetrelPushConsumer c = consumer("txInteropOrphanCG", topic, received)) {
                heir.publishQueues(topic); // learns the broker, and says hello to it at once
                Await.until(WAIT, "the orphaned half message committed by the other producer",
                    () -> received.stream().anyMatch(m -> m.bodyAsString().equals("orphaned-body")));
                assertThat(checkedByHeir).containsExactly(sent.split(" ")[1]);
                assertThat(received).extracting(ReceivedMessage::bodyAsString).containsExactly("orphaned-body");
            }
        } finally {
            orphan.kill9();
        }
    }
}
