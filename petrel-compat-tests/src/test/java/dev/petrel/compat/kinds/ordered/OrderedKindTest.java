package dev.petrel.compat.kinds.ordered;

import dev.petrel.compat.kinds.KindProcess;
import dev.petrel.testkit.Await;
import dev.petrel.testkit.BackgroundTask;
import org.apache.rocketmq.client.consumer.DefaultMQPushConsumer;
import org.apache.rocketmq.client.consumer.listener.ConsumeOrderlyStatus;
import org.apache.rocketmq.client.consumer.listener.MessageListenerOrderly;
import org.apache.rocketmq.client.producer.DefaultMQProducer;
import org.apache.rocketmq.client.producer.SendStatus;
import org.apache.rocketmq.client.producer.selector.SelectMessageQueueByHash;
import org.apache.rocketmq.common.message.Message;
import org.apache.rocketmq.common.message.MessageExt;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.IntStream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Ordered consumption with the official 5.3.1 client against {@code petrel standalone}: two {@code
 * MessageListenerOrderly} consumers of one group split a topic of 8 queues (locking them with LOCK_BATCH_MQ), a
 * producer sends 16 keys' sequences with {@code SelectMessageQueueByHash}, one consumer shuts down mid-stream, and
 * every key's messages are consumed in send order: each member sees a key's sequence strictly increasing, and the
 * first deliveries of every key are its whole sequence in order. (The 5.3.1 consumer unlocks its queues before it
 * persists its offsets at shutdown, so the member taking over may see a few messages again; order still holds.)
 */
class OrderedKindTest {

    private static final String TOPIC = "OrderedKind";
    private static final String GROUP = "ordered-cg";
    private static final int KEYS = 16;
    private static final int PER_KEY = 40;

    @TempDir
    Path dir;

    /** One delivery: which member got which key's sequence number. */
    private record Delivery(String member, String key, int seq) {
    }

    @Test
    void perKeyOrderHoldsAcrossAConsumerLeavingMidStream() throws Exception {
        try (KindProcess petrel = KindProcess.start(dir, Map.of())) {
            petrel.createTopic(TOPIC, 8);
            List<Delivery> deliveries = new CopyOnWriteArrayList<>();
            Map<String, AtomicInteger> perMember = new ConcurrentHashMap<>();
            DefaultMQPushConsumer first = consumer(petrel, "first", deliveries, perMember);
            DefaultMQPushConsumer second = consumer(petrel, "second", deliveries, perMember);
            DefaultMQProducer producer = petrel.producer("ordered-pg");
            try {
                petrel.startRebalanced(first);
                petrel.startRebalanced(second);
                try (BackgroundTask sender = BackgroundTask.start("ordered-sender", () -> {
                    for (int seq = 0; seq < PER_KEY; seq++) {
                        for (int k = 0; k < KEYS; k++) {
                            String key = "key-" + k;
                            Message m = new Message(TOPIC, "T", key, (key + ":" + seq).getBytes(StandardCharsets.UTF_8));
                            assertThat(producer.send(m, new SelectMessageQueueByHash(), key).getSendStatus())
                                .isEqualTo(SendStatus.SEND_OK);
                        }
                    }
                })) {
                    Await.until(KindProcess.WAIT, "both consumers to be consuming", () -> {
                        sender.rethrowIfFailed(); // a failed sender fails here with its cause, not as a timeout
                        return count(perMember, "first") >= 20 && count(perMember, "second") >= 20;
                    });
                    first.shutdown(); // mid-stream: its queues move to the second consumer
                    sender.join(KindProcess.WAIT);
                }
                Await.until(KindProcess.WAIT, "every key's whole sequence consumed",
                    () -> deliveries.stream().map(d -> d.key() + ":" + d.seq()).distinct().count() == KEYS * PER_KEY);
                List<Integer> expected = IntStream.range(0, PER_KEY).boxed().toList();
                for (int k = 0; k < KEYS; k++) {
                    String key = "key-" + k;
                    LinkedHashSet<Integer> firstSeen = new LinkedHashSet<>();
                    Map<String, List<Integer>> byMember = new ConcurrentHashMap<>();
                    for (Delivery d : deliveries) {
                        if (d.key().equals(key)) {
                            firstSeen.add(d.seq());
                            byMember.computeIfAbsent(d.member(), x -> new ArrayList<>()).add(d.seq());
                        }
                    }
                    assertThat(new ArrayList<>(firstSeen)).as("first deliveries of %s", key).containsExactlyElementsOf(expected);
                    byMember.forEach((member, seqs) -> assertThat(seqs).as("%s as %s saw it", key, member)
                        .isSortedAccordingTo(Integer::compare).doesNotHaveDuplicates());
                }
                assertThat(count(perMember, "first")).isLessThan(KEYS * PER_KEY);
            } finally {
                producer.shutdown();
                first.shutdown();
                second.shutdown();
            }
        }
    }

    private static int count(Map<String, AtomicInteger> perMember, String member) {
        AtomicInteger n = perMember.get(member);
        return n == null ? 0 : n.get();
    }

    private static DefaultMQPushConsumer consumer(KindProcess petrel, String member, List<Delivery> deliveries,
                                                  Map<String, AtomicInteger> perMember) throws Exception {
        DefaultMQPushConsumer c = petrel.pushConsumer(GROUP);
        c.subscribe(TOPIC, "*");
        c.registerMessageListener((MessageListenerOrderly) (msgs, ctx) -> {
            for (MessageExt m : msgs) {
                String[] parts = new String(m.getBody(), StandardCharsets.UTF_8).split(":");
                deliveries.add(new Delivery(member, parts[0], Integer.parseInt(parts[1])));
                perMember.computeIfAbsent(member, x -> new AtomicInteger()).incrementAndGet();
            }
            return ConsumeOrderlyStatus.SUCCESS;
        });
        return c;
    }
}
