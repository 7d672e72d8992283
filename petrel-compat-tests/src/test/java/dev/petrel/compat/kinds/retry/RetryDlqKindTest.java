package dev.petrel.compat.kinds.retry;

import dev.petrel.compat.kinds.KindProcess;
import dev.petrel.testkit.Await;
import org.apache.rocketmq.client.consumer.DefaultMQPushConsumer;
import org.apache.rocketmq.client.consumer.listener.ConsumeConcurrentlyStatus;
import org.apache.rocketmq.client.consumer.listener.ConsumeOrderlyStatus;
import org.apache.rocketmq.client.consumer.listener.MessageListenerConcurrently;
import org.apache.rocketmq.client.consumer.listener.MessageListenerOrderly;
import org.apache.rocketmq.client.producer.DefaultMQProducer;
import org.apache.rocketmq.common.message.Message;
import org.apache.rocketmq.common.message.MessageClientIDSetter;
import org.apache.rocketmq.common.message.MessageConst;
import org.apache.rocketmq.common.message.MessageExt;
import org.apache.rocketmq.common.message.MessageQueue;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Retry and dead letter with the official 5.3.1 client against {@code petrel standalone}, whose delay levels are all
 * 1 s so a journey takes seconds: a listener that always fails sees the message exactly {@code maxReconsumeTimes + 1}
 * times, then the message sits in {@code %DLQ%<group>} with its original id, topic and properties. The concurrent
 * listener's redeliveries come through CONSUMER_SEND_MSG_BACK and {@code %RETRY%<group>}; the orderly listener's
 * stay in place, and its last failure is re-sent to {@code %RETRY%<group>}, which the broker dead-letters because
 * the group holds queue locks.
 */
class RetryDlqKindTest {

    private static final int MAX_RECONSUME = 2;
    /** The delay level of a redelivery after the last allowed one (the broker's {@code 3 + reconsumeTimes}). */
    private static final int NEXT_LEVEL = 3 + MAX_RECONSUME;
    private static final String MARKER = "marker";

    @TempDir
    static Path dir;
    static KindProcess petrel;

    @BeforeAll
    static void start() throws Exception {
        petrel = KindProcess.start(dir, Map.of("messageDelayLevel", "1s ".repeat(17) + "1s"));
    }

    @AfterAll
    static void stop() {
        if (petrel != null) {
            petrel.close();
        }
    }

    @Test
    void aConcurrentListenerThatAlwaysFailsSeesTheMessageMaxPlusOneTimesThenItIsDeadLettered() throws Exception {
        check("RetryKind", "retry-cg", false);
    }

    @Test
    void anOrderlyListenerRetriesInPlaceThenTheMessageIsDeadLettered() throws Exception {
        check("OrderlyRetryKind", "orderly-retry-cg", true);
    }

    private static void check(String topic, String group, boolean orderly) throws Exception {
        petrel.createTopic(topic, 2);
        List<MessageExt> deliveries = new CopyOnWriteArrayList<>();
        // The orderly 5.3.1 consumer offers the same MessageExt again, raising its count in place: note it per call.
        List<Integer> counts = new CopyOnWriteArrayList<>();
        List<MessageExt> markers = new CopyOnWriteArrayList<>();
        DefaultMQPushConsumer consumer = petrel.pushConsumer(group);
        consumer.setMaxReconsumeTimes(MAX_RECONSUME);
        // The 5.3.1 consumer looks up %RETRY%<group>'s route before its first heartbeat creates that topic, then only
        // every pollNameServerInterval (30 s): ask more often so the first redelivery is not held up by the lookup.
        consumer.setPollNameServerInterval(1_000);
        consumer.subscribe(topic, "*");
        if (orderly) {
            consumer.registerMessageListener((MessageListenerOrderly) (msgs, ctx) -> {
                if (isMarker(msgs)) {
                    markers.addAll(msgs);
                    return ConsumeOrderlyStatus.SUCCESS;
                }
                msgs.forEach(x -> counts.add(x.getReconsumeTimes()));
                deliveries.addAll(msgs);
                ctx.setSuspendCurrentQueueTimeMillis(200);
                return ConsumeOrderlyStatus.SUSPEND_CURRENT_QUEUE_A_MOMENT;
            });
        } else {
            consumer.registerMessageListener((MessageListenerConcurrently) (msgs, ctx) -> {
                if (isMarker(msgs)) {
                    markers.addAll(msgs);
                    // Its first delivery is retried through the level a redelivery after the last one would use.
                    ctx.setDelayLevelWhenNextConsume(NEXT_LEVEL);
                    return markers.size() == 1 ? ConsumeConcurrentlyStatus.RECONSUME_LATER
                        : ConsumeConcurrentlyStatus.CONSUME_SUCCESS;
                }
                msgs.forEach(x -> counts.add(x.getReconsumeTimes()));
                deliveries.addAll(msgs);
                return ConsumeConcurrentlyStatus.RECONSUME_LATER;
            });
        }
        DefaultMQProducer producer = petrel.producer(group + "-pg");
        String dlq = "%DLQ%" + group;
        try {
            petrel.startRebalanced(consumer);
            Message m = new Message(topic, "TagR", "order-7", "always-fails".getBytes(StandardCharsets.UTF_8));
            m.putUserProperty("customer", "c-42");
            String id = producer.send(m).getMsgId();
            List<MessageExt> dead = Await.value(KindProcess.WAIT, "the message in " + dlq, () -> petrel.readAll(dlq),
                list -> !list.isEmpty());
            assertThat(deliveries).as("deliveries").hasSize(MAX_RECONSUME + 1);
            assertThat(deliveries).allSatisfy(d -> {
                assertThat(d.getMsgId()).isEqualTo(id);
                assertThat(d.getTopic()).isEqualTo(topic);
                assertThat(new String(d.getBody(), StandardCharsets.UTF_8)).isEqualTo("always-fails");
                assertThat(d.getUserProperty("customer")).isEqualTo("c-42");
            });
            assertThat(counts).containsExactly(0, 1, 2);
            assertThat(dead).singleElement().satisfies(d -> {
                assertThat(MessageClientIDSetter.getUniqID(d)).isEqualTo(id);
                assertThat(new String(d.getBody(), StandardCharsets.UTF_8)).isEqualTo("always-fails");
                assertThat(d.getTags()).isEqualTo("TagR");
                assertThat(d.getKeys()).isEqualTo("order-7");
                assertThat(d.getUserProperty("customer")).isEqualTo("c-42");
                assertThat(d.getProperty(MessageConst.PROPERTY_RETRY_TOPIC)).isEqualTo(topic);
            });
            awaitWitness(producer, topic, deliveries.get(0), markers, orderly);
            assertThat(deliveries).as("no delivery after the dead letter").hasSize(MAX_RECONSUME + 1);
            assertThat(counts).containsExactly(0, 1, 2);
        } finally {
            producer.shutdown();
            consumer.shutdown();
        }
    }

    /**
     * Waits for a marker message that would arrive after any further delivery of the dead-lettered one, so that "no
     * more deliveries" is checked after a period in which one could have shown up, however slow the machine. Orderly:
     * the marker goes to the dead message's queue, which hands it out only once that message is done with. Concurrent:
     * the marker fails once and is retried through {@link #NEXT_LEVEL}, the delay level and retry topic a redelivery
     * after the last one would take, so it queues behind such a redelivery in both.
     */
    private static void awaitWitness(DefaultMQProducer producer, String topic, MessageExt dead, List<MessageExt> markers,
                                     boolean orderly) throws Exception {
        Message marker = new Message(topic, MARKER.getBytes(StandardCharsets.UTF_8));
        if (orderly) {
            MessageQueue queue = producer.fetchPublishMessageQueues(topic).stream()
                .filter(q -> q.getQueueId() == dead.getQueueId()).findFirst().orElseThrow();
            producer.send(marker, queue);
        } else {
            producer.send(marker);
        }
        int witnessed = orderly ? 1 : 2;
        Await.until(KindProcess.WAIT, "the marker consumed after the dead letter", () -> markers.size() >= witnessed);
    }

    private static boolean isMarker(List<MessageExt> msgs) {
        return msgs.size() == 1 && new String(msgs.get(0).getBody(), StandardCharsets.UTF_8).equals(MARKER);
    }
}
