package dev.petrel.compat.broker;

import com.alibaba.fastjson.JSON;
import com.alibaba.fastjson.JSONObject;
import dev.petrel.compat.namesrv.PetrelProcess;
import dev.petrel.testkit.Await;
import org.apache.rocketmq.client.producer.DefaultMQProducer;
import org.apache.rocketmq.client.producer.SendResult;
import org.apache.rocketmq.client.producer.SendStatus;
import org.apache.rocketmq.common.TopicConfig;
import org.apache.rocketmq.common.message.Message;
import org.apache.rocketmq.common.message.MessageExt;
import org.apache.rocketmq.remoting.protocol.heartbeat.MessageModel;
import org.apache.rocketmq.tools.admin.DefaultMQAdminExt;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A broker under SYNC_FLUSH killed with SIGKILL while producers send to it, then started again on the same files:
 * every message a producer saw acknowledged (SEND_OK) is still there and delivered, and a consumer of the group
 * resumes from the offsets the broker had committed, not from the beginning.
 */
class CrashInteropTest {

    private static final Duration WAIT = Duration.ofSeconds(60);
    private static final String TOPIC = "CrashTopic";
    private static final String GROUP = "crashCG";
    private static final int QUEUES = 4;

    @TempDir
    Path dir;

    @Test
    void sigkillUnderLoadLosesNoAcknowledgedMessageAndConsumersResume() throws Exception {
        try (PetrelProcess namesrv = PetrelProcess.namesrv(dir.resolve("namesrv")).start();
             PetrelBroker broker = PetrelBroker.start(dir.resolve("broker"), namesrv.namesrvAddr(),
                 Map.of("flushDiskType", "SYNC_FLUSH"))) {
            String ns = namesrv.namesrvAddr();
            DefaultMQAdminExt admin = Clients.admin(ns);
            Set<String> acked = ConcurrentHashMap.newKeySet();
            List<MessageExt> received = new ArrayList<>();
            Map<Integer, Long> committedAtCrash;
            try {
                admin.createAndUpdateTopicConfig(broker.address(), new TopicConfig(TOPIC, QUEUES, QUEUES, 6));
                Await.value(WAIT, "route", () -> admin.examineTopicRouteInfo(TOPIC), r -> !r.getQueueDatas().isEmpty());
                DefaultMQProducer warm = Clients.producer(ns, "crashWarmPG");
                for (int i = 0; i < 100; i++) {
                    SendResult r = warm.send(new Message(TOPIC, ("warm-" + i).getBytes(StandardCharsets.UTF_8)));
                    if (r.getSendStatus() == SendStatus.SEND_OK) {
                        acked.add("warm-" + i);
                    }
                }
                warm.shutdown();
                try (Clients.Recording first = new Clients.Recording(ns, GROUP, TOPIC, "*", MessageModel.CLUSTERING).start()) {
                    Await.until(WAIT, "the first consumer read the warm-up", () -> first.received.size() >= 100);
                    Path offsets = broker.storeDir().resolve("config/consumerOffset.json");
                    Await.until(WAIT, "committed offsets of all queues on disk",
                        () -> committed(offsets).values().stream().mapToLong(Long::longValue).sum() >= 100);

                    AtomicBoolean sending = new AtomicBoolean(true);
                    List<Thread> producers = new ArrayList<>();
                    for (int t = 0; t < 4; t++) {
                        producers.add(load(ns, "p" + t, sending, acked));
                    }
                    int before = acked.size();
                    Await.until(WAIT, "load under way", () -> acked.size() >= before + 200);
                    broker.kill9();
                    committedAtCrash = committed(offsets);
                    sending.set(false);
                    for (Thread p : producers) {
                        p.join(WAIT.toMillis());
                    }
                    received.addAll(first.received);
                }
                assertThat(acked.size()).isGreaterThan(300);

                broker.restart();
                try (Clients.Recording second = new Clients.Recording(ns, GROUP, TOPIC, "*", MessageModel.CLUSTERING)
                    .start()) {
                    Await.until(WAIT, "every acknowledged message delivered", () -> {
                        Set<String> all = new HashSet<>(bodies(received));
                        all.addAll(bodies(second.received));
                        return all.containsAll(acked);
                    });
                    Map<Integer, Long> firstOffsetAfterRestart = new HashMap<>();
                    for (MessageExt m : second.received) {
                        firstOffsetAfterRestart.merge(m.getQueueId(), m.getQueueOffset(), Math::min);
                    }
                    for (Map.Entry<Integer, Long> e : firstOffsetAfterRestart.entrySet()) {
                        assertThat(e.getValue()).as("queue %d resumes at its committed offset", e.getKey())
                            .isEqualTo(committedAtCrash.getOrDefault(e.getKey(), 0L));
                    }
                    System.out.printf("crash: %d acknowledged, committed at the kill %s, %d delivered after the restart%n",
                        acked.size(), committedAtCrash, second.received.size());
                    assertThat(second.received.size()).as("the second consumer did not start over")
                        .isLessThan(acked.size());
                }
            } finally {
                admin.shutdown();
            }
        }
    }

    /** A producer thread sending numbered messages until told to stop; SEND_OK bodies go to {@code acked}. */
    private static Thread load(String ns, String name, AtomicBoolean sending, Set<String> acked) throws Exception {
        DefaultMQProducer producer = Clients.producer(ns, "crashPG-" + name);
        producer.setSendMsgTimeout(2_000);
        producer.setRetryTimesWhenSendFailed(0);
        Thread t = new Thread(() -> {
            try {
                for (int i = 0; sending.get(); i++) {
                    String body = name + "-" + i;
                    try {
                        if (producer.send(new Message(TOPIC, body.getBytes(StandardCharsets.UTF_8))).getSendStatus()
                            == SendStatus.SEND_OK) {
                            acked.add(body);
                        }
                    } catch (Exception broken) {
                        // The broker is gone: nothing more is acknowledged; keep trying until told to stop.
                    }
                }
            } finally {
                producer.shutdown();
            }
        }, "crash-load-" + name);
        t.start();
        return t;
    }

    private static List<String> bodies(List<MessageExt> messages) {
        return messages.stream().map(m -> new String(m.getBody(), StandardCharsets.UTF_8)).toList();
    }

    /** Queue id → committed offset of the group on the topic, as the broker's consumerOffset.json holds them. */
    private static Map<Integer, Long> committed(Path file) {
        Map<Integer, Long> out = new HashMap<>();
        try {
            if (!Files.exists(file)) {
                return out;
            }
            JSONObject table = JSON.parseObject(Files.readString(file)).getJSONObject("offsetTable");
            JSONObject queues = table == null ? null : table.getJSONObject(TOPIC + "@" + GROUP);
            if (queues != null) {
                queues.forEach((q, offset) -> out.put(Integer.parseInt(q), ((Number) offset).longValue()));
            }
        } catch (Exception e) {
            return out;
        }
        return out;
    }
}
