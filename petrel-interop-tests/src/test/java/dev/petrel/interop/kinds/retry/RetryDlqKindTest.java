package dev.petrel.interop.kinds.retry;

import static org.assertj.core.api.Assertions.assertThat;

import dev.petrel.client.Message;
import dev.petrel.client.ReceivedMessage;
import dev.petrel.client.consumer.ConsumeResult;
import dev.petrel.client.consumer.PetrelPushConsumer;
import dev.petrel.client.producer.PetrelProducer;
import dev.petrel.interop.kinds.KindServers;
import dev.petrel.protocol.body.MessageQueue;
import dev.petrel.testkit.Await;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * Retry and dead letter with Petrel's client against Petrel's broker process, whose delay levels are all 1 s so a
 * journey takes seconds: a listener that always fails sees the message exactly {@code maxReconsumeTimes + 1} times,
 * then the message sits in {@code %DLQ%<group>} with its original id, topic and properties. Concurrent listeners
 * go through {@code %RETRY%<group>}; orderly listeners retry in place on the original queue.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class RetryDlqKindTest {

    private static final int MAX_RECONSUME = 2;
    /** The delay level of a redelivery after the last allowed one (the broker's {@code 3 + reconsumeTimes}). */
    private static final int NEXT_LEVEL = 3 + MAX_RECONSUME;
    private static final String MARKER = "marker";
    static final Map<String, String> ONE_SECOND_LEVELS = Map.of("messageDelayLevel", "1s ".repeat(17) + "1s");
    private KindServers servers;

    /** The servers of this class: Petrel's; {@link RetryDlqApacheBrokerTest} runs the same tests against Apache's. */
    KindServers startServers() throws IOException {
        return KindServers.start("kinds-retry-", ONE_SECOND_LEVELS);
    }

    @BeforeAll
    void start() throws Exception {
        servers = startServers();
    }

    @AfterAll
    void stop() {
        if (servers != null) {
            servers.close();
        }
    }

    @Test
    void aConcurrentListenerThatAlwaysFailsSeesTheMessageMaxPlusOneTimesThenItIsDeadLettered() {
        check("RetryKind", "retry-cg", false);
    }

    @Test
    void anOrderlyListenerRetriesInPlaceThenTheMessageIsDeadLettered() {
        check("OrderlyRetryKind", "orderly-retry-cg", true);
    }

    private void check(String topic, String group, boolean orderly) {
        servers.createTopic(topic, 2);
        List<ReceivedMessage> deliveries = new CopyOnWriteArrayList<>();
        List<ReceivedMessage> markers = new CopyOnWriteArrayList<>();
        PetrelPushConsumer.Builder builder = servers.pushConsumer(group).subscribe(topic, "*")
            .maxReconsumeTimes(MAX_RECONSUME);
        if (orderly) {
            builder.orderlyListener((msgs, ctx) -> {
                if (isMarker(msgs)) {
                    markers.addAll(msgs);
                    return ConsumeResult.SUCCESS;
                }
                deliveries.addAll(msgs);
                ctx.suspendCurrentQueueTimeMillis(200);
                return ConsumeResult.RETRY_LATER;
            });
        } else {
            builder.consumeBatchSize(1).listener((msgs, ctx) -> {
                if (isMarker(msgs)) {
                    markers.addAll(msgs);
                    // Its first delivery is retried through the level a redelivery after the last one would use.
                    ctx.delayLevelWhenNextConsume(NEXT_LEVEL);
                    return markers.size() == 1 ? ConsumeResult.RETRY_LATER : ConsumeResult.SUCCESS;
                }
                deliveries.addAll(msgs);
                return ConsumeResult.RETRY_LATER;
            });
        }
        String dlq = "%DLQ%" + group;
        try (PetrelPushConsumer consumer = builder.build(); PetrelProducer producer = servers.producer(group + "-pg")) {
            String id = producer.send(Message.builder(topic).body("always-fails").tags("TagR").keys("order-7")
                .property("customer", "c-42").build()).msgId();
            List<ReceivedMessage> dead = Await.value(KindServers.WAIT, "the message in " + dlq, () -> servers.readAll(dlq),
                list -> !list.isEmpty());
            assertThat(deliveries).as("deliveries").hasSize(MAX_RECONSUME + 1);
            assertThat(deliveries).allSatisfy(m -> {
                assertThat(m.msgId()).isEqualTo(id);
                assertThat(m.topic()).isEqualTo(topic);
                assertThat(m.bodyAsString()).isEqualTo("always-fails");
                assertThat(m.property("customer")).isEqualTo("c-42");
            });
            assertThat(deliveries).extracting(ReceivedMessage::reconsumeTimes).containsExactly(0, 1, 2);
            if (orderly) {
                assertThat(deliveries).extracting(m -> m.queue().topic()).containsOnly(topic);
            } else {
                assertThat(deliveries.subList(1, deliveries.size())).extracting(m -> m.queue().topic())
                    .containsOnly("%RETRY%" + group);
            }
            assertThat(dead).singleElement().satisfies(m -> {
                assertThat(m.msgId()).isEqualTo(id);
                assertThat(m.bodyAsString()).isEqualTo("always-fails");
                assertThat(m.tags()).isEqualTo("TagR");
                assertThat(m.keys()).containsExactly("order-7");
                assertThat(m.property("customer")).isEqualTo("c-42");
                assertThat(m.property("RETRY_TOPIC")).isEqualTo(topic);
            });
            awaitWitness(producer, topic, deliveries.get(0).queue(), markers, orderly);
            assertThat(deliveries).as("no delivery after the dead letter").hasSize(MAX_RECONSUME + 1);
        }
    }

    /**
     * Waits for a marker message that would arrive after any further delivery of the dead-lettered one, so that "no
     * more deliveries" is checked after a period in which one could have shown up, however slow the machine. Orderly:
     * the marker goes to the dead message's queue, which hands it out only once that message is done with. Concurrent:
     * the marker fails once and is retried through {@link #NEXT_LEVEL}, the delay level and retry topic a redelivery
     * after the last one would take, so it queues behind such a redelivery in both.
     */
    private static void awaitWitness(PetrelProducer producer, String topic, MessageQueue queue,
                                     List<ReceivedMessage> markers, boolean orderly) {
        Message marker = Message.builder(topic).body(MARKER).build();
        if (orderly) {
            producer.send(marker, queue);
        } else {
            producer.send(marker);
        }
        int witnessed = orderly ? 1 : 2;
        Await.until(KindServers.WAIT, "the marker consumed after the dead letter", () -> markers.size() >= witnessed);
    }

    private static boolean isMarker(List<ReceivedMessage> msgs) {
        return msgs.size() == 1 && msgs.get(0).bodyAsString().equals(MARKER);
    }
}
