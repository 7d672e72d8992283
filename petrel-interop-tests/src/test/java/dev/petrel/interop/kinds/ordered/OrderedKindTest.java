package dev.petrel.interop.kinds.ordered;

import static org.assertj.core.api.Assertions.assertThat;

import dev.petrel.client.Message;
import dev.petrel.client.ReceivedMessage;
import dev.petrel.client.consumer.ConsumeResult;
import dev.petrel.client.consumer.OrderlyMessageListener;
import dev.petrel.client.consumer.PetrelPushConsumer;
import dev.petrel.client.producer.MessageQueueSelector;
import dev.petrel.client.producer.PetrelProducer;
import dev.petrel.client.producer.SendStatus;
import dev.petrel.interop.kinds.KindServers;
import dev.petrel.testkit.Await;
import dev.petrel.testkit.BackgroundTask;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/**
 * Ordered consumption with Petrel's client against Petrel's broker process: two orderly consumers of one group split
 * a topic of 8 queues (each holding its queues' broker locks), a producer sends 16 keys' sequences with a key-hash
 * selector, one consumer leaves mid-stream, and every key's messages are still consumed in send order, each once.
 */
class OrderedKindTest {

    private static final String TOPIC = "OrderedKind";
    private static final String GROUP = "ordered-cg";
    private static final int KEYS = 16;
    private static final int PER_KEY = 40;

    @Test
    void perKeyOrderHoldsAcrossAConsumerLeavingMidStream() throws Exception {
        try (KindServers servers = startServers()) {
            servers.createTopic(TOPIC, 8);
            Map<String, List<Integer>> byKey = new ConcurrentHashMap<>();
            AtomicInteger consumed = new AtomicInteger();
            Map<String, AtomicInteger> perMember = new ConcurrentHashMap<>();
            PetrelPushConsumer first = servers.pushConsumer(GROUP).subscribe(TOPIC, "*")
                .orderlyListener(recording("first", byKey, consumed, perMember)).build();
            try (PetrelPushConsumer second = servers.pushConsumer(GROUP).subscribe(TOPIC, "*")
                     .orderlyListener(recording("second", byKey, consumed, perMember)).build();
                 PetrelProducer producer = servers.producer("ordered-pg")) {
                Await.until(KindServers.WAIT, "each consumer to hold 4 of the 8 queues",
                    () -> owned(first) == 4 && owned(second) == 4);
                // The sender's assertions fail the test through the task (on a bare thread they would be lost).
                try (BackgroundTask sender = BackgroundTask.start("ordered-sender", () -> {
                    for (int seq = 0; seq < PER_KEY; seq++) {
                        for (int k = 0; k < KEYS; k++) {
                            String key = "key-" + k;
                            assertThat(producer.send(Message.builder(TOPIC).body(key + ":" + seq).keys(key).build(),
                                MessageQueueSelector.byHash(), key).status()).isEqualTo(SendStatus.SEND_OK);
                        }
                    }
                })) {
                    Await.until(KindServers.WAIT, "both consumers to be consuming", () -> {
                        sender.rethrowIfFailed();
                        return perMember.getOrDefault("first", new AtomicInteger()).get() >= 20
                            && perMember.getOrDefault("second", new AtomicInteger()).get() >= 20;
                    });
                    first.close(); // mid-stream: its queues move to the second consumer
                    sender.join(KindServers.WAIT);
                }
                Await.until(KindServers.WAIT, "the second consumer to hold all 8 queues", () -> owned(second) == 8);
                Await.until(KindServers.WAIT, "every message consumed", () -> consumed.get() >= KEYS * PER_KEY);
                assertThat(consumed.get()).isEqualTo(KEYS * PER_KEY);
                List<Integer> expected = IntStream.range(0, PER_KEY).boxed().toList();
                assertThat(byKey).hasSize(KEYS);
                byKey.forEach((key, seqs) -> assertThat(seqs).as("the order of %s", key).containsExactlyElementsOf(expected));
                assertThat(perMember.get("first").get()).isLessThan(KEYS * PER_KEY);
            } finally {
                first.close();
            }
        }
    }

    /** The servers of this class: Petrel's; {@link OrderedApacheBrokerTest} runs the same test against Apache's. */
    KindServers startServers() throws IOException {
        return KindServers.start("kinds-ordered-", Map.of());
    }

    private static long owned(PetrelPushConsumer c) {
        return c.assignedQueues().stream().filter(q -> q.topic().equals(TOPIC)).count();
    }

    private static OrderlyMessageListener recording(String member, Map<String, List<Integer>> byKey,
                                                    AtomicInteger consumed, Map<String, AtomicInteger> perMember) {
        return (msgs, ctx) -> {
            for (ReceivedMessage m : msgs) {
                String[] parts = m.bodyAsString().split(":");
                byKey.computeIfAbsent(parts[0], k -> new CopyOnWriteArrayList<>()).add(Integer.parseInt(parts[1]));
                consumed.incrementAndGet();
                perMember.computeIfAbsent(member, x -> new AtomicInteger()).incrementAndGet();
            }
            return ConsumeResult.SUCCESS;
        };
    }
}
