package dev.petrel.broker;

import dev.petrel.broker.pull.PullSysFlag;
import dev.petrel.message.DecodedMessage;
import dev.petrel.protocol.body.KVTable;
import dev.petrel.protocol.body.MessageQueue;
import dev.petrel.protocol.body.stats.TopicStatsTable;
import dev.petrel.protocol.code.RequestCode;
import dev.petrel.protocol.code.ResponseCode;
import dev.petrel.protocol.frame.RemotingCommand;
import dev.petrel.protocol.header.RpcFields;
import dev.petrel.protocol.header.admin.GetTopicStatsInfoRequestHeader;
import dev.petrel.protocol.header.client.GetMaxOffsetRequestHeader;
import dev.petrel.store.StoreStats;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicBoolean;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * An acknowledged send is visible at once: right after SEND_OK, GET_MAX_OFFSET, GET_TOPIC_STATS_INFO and a pull
 * include the message, however busy the machine is (the race the official admin's examineTopicStats hit: max
 * offset 0 for a queue right after synchronous sends, because the dispatcher had fallen behind).
 *
 * <p>300 iterations (100 under SYNC_FLUSH, where each send also waits for an fsync) on fresh topics, each sending
 * 1, 2, 3, 4 messages to queues 0..3 and checking the max offset after every acknowledgement, then topic stats and a
 * pull, from two sender threads while a busy-spinning thread loads the machine (beside the rest of the parallel
 * suite). Real broker, real sockets on 127.0.0.1. The 1,000-queue run against a broker process with the official
 * admin is petrel-compat-tests' {@code OffsetAfterAckCompatTest}.
 */
class AckVisibilityTest {

    private static final int SENDERS = 2;

    @TempDir
    Path dir;

    @Test
    void asyncFlushAcknowledgedSendsAreVisibleAtOnce() throws Exception {
        hammer(Map.of(), 300);
    }

    @Test
    void syncFlushAcknowledgedSendsAreVisibleAtOnce() throws Exception {
        hammer(Map.of("flushDiskType", "SYNC_FLUSH"), 100); // every send also waits for an fsync
    }

    private void hammer(Map<String, String> overrides, int iterations) throws Exception {
        AtomicBoolean spin = new AtomicBoolean(true);
        List<Thread> spinners = new ArrayList<>();
        Thread spinner = new Thread(() -> {
            long x = 0;
            while (spin.get()) {
                x += System.nanoTime() & 7; // keeps a core busy; nothing to optimise away
            }
            if (x == 42) {
                System.out.print("");
            }
        }, "busy-spinner");
        spinner.setDaemon(true);
        spinner.start();
        spinners.add(spinner);
        ConcurrentLinkedQueue<String> failures = new ConcurrentLinkedQueue<>();
        Map<String, String> config = new java.util.HashMap<>(overrides);
        // The spinners make sends wait for a send thread; that is flow control, not what this test is about.
        config.put("waitTimeMillsInSendQueue", "60000");
        try (BrokerFixture f = new BrokerFixture(dir, config)) {
            CountDownLatch done = new CountDownLatch(SENDERS);
            for (int s = 0; s < SENDERS; s++) {
                int sender = s;
                Thread t = new Thread(() -> {
                    try {
                        for (int i = sender; i < iterations && failures.isEmpty(); i += SENDERS) {
                            iteration(f, "Vis" + i, failures);
                        }
                    } catch (Exception e) {
                        failures.add("sender " + sender + ": " + e);
                    } finally {
                        done.countDown();
                    }
                }, "sender-" + s);
                t.start();
            }
            done.await();
            assertThat(failures).as("sends whose effect was not visible right after the acknowledgement").isEmpty();
            StoreStats st = f.broker.store().stats();
            assertThat(st.pendingAcks()).isZero();
            assertThat(st.ackedPuts()).isGreaterThanOrEqualTo(iterations * 10L);
            Map<String, String> info = KVTable.CODEC.decode(f.call(RemotingCommand.request(
                RequestCode.GET_BROKER_RUNTIME_INFO, null, null)).body()).table();
            assertThat(info).containsKeys("dispatchBehindBytes", "petrelAckLatencyP99Micros", "petrelAckLatencyMaxMicros");
            System.out.printf("AckVisibilityTest %s: %d acked puts, append-to-visible p99 <= %d us, max %d us%n",
                overrides.getOrDefault("flushDiskType", "ASYNC_FLUSH"), st.ackedPuts(), st.ackLatencyP99Micros(),
                st.ackLatencyMaxMicros());
        } finally {
            spin.set(false);
            for (Thread t : spinners) {
                t.join();
            }
        }
    }

    private static void iteration(BrokerFixture f, String topic, ConcurrentLinkedQueue<String> failures) throws Exception {
        for (int queue = 0; queue < 4; queue++) {
            for (int n = 1; n <= queue + 1; n++) {
                RemotingCommand sent = f.send(topic, queue, topic + "/" + queue + "/" + n);
                if (sent.code() != ResponseCode.SUCCESS) {
                    failures.add(topic + " queue " + queue + " send " + n + ": code " + sent.code() + " " + sent.remark());
                    return;
                }
                RemotingCommand max = f.call(RequestCode.GET_MAX_OFFSET,
                    new GetMaxOffsetRequestHeader(topic, queue, true, RpcFields.NONE), null);
                if (!String.valueOf(n).equals(max.extField("offset"))) {
                    failures.add(topic + " queue " + queue + ": max offset " + max.extField("offset") + " right after "
                        + "send " + n + " was acknowledged");
                    return;
                }
            }
        }
        TopicStatsTable stats = TopicStatsTable.CODEC.decode(f.call(RequestCode.GET_TOPIC_STATS_INFO,
            new GetTopicStatsInfoRequestHeader(topic, RpcFields.NONE), null).body());
        for (int queue = 0; queue < 4; queue++) {
            long max = stats.offsetTable().get(new MessageQueue(topic, "broker-a", queue)).maxOffset();
            if (max != queue + 1) {
                failures.add(topic + " queue " + queue + ": topic stats max offset " + max + ", expected " + (queue + 1));
            }
        }
        RemotingCommand pulled = f.pull(BrokerFixture.pullHeader("visGroup", topic, 3, 3, PullSysFlag.SUBSCRIPTION, 0, "*"));
        List<DecodedMessage> got = pulled.code() == ResponseCode.SUCCESS ? BrokerFixture.decode(pulled) : List.of();
        if (got.size() != 1 || !new String(got.get(0).body(), StandardCharsets.UTF_8).equals(topic + "/3/4")) {
            failures.add(topic + " queue 3: pull at offset 3 answered code " + pulled.code() + " with " + got.size()
                + " messages");
        }
    }
}
