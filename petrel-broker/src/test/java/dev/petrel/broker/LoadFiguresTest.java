package dev.petrel.broker;

import static dev.petrel.broker.BrokerFixture.pullHeader;
import static dev.petrel.broker.pull.PullSysFlag.SUBSCRIPTION;
import static org.assertj.core.api.Assertions.assertThat;

import dev.petrel.common.time.ManualClock;
import dev.petrel.protocol.body.KVTable;
import dev.petrel.protocol.body.stats.ConsumeStats;
import dev.petrel.protocol.body.stats.ConsumeStatsList;
import dev.petrel.protocol.code.RequestCode;
import dev.petrel.protocol.code.ResponseCode;
import dev.petrel.protocol.frame.RemotingCommand;
import dev.petrel.protocol.header.RpcFields;
import dev.petrel.protocol.header.admin.GetConsumeStatsInBrokerHeader;
import dev.petrel.protocol.header.admin.GetConsumeStatsRequestHeader;
import dev.petrel.protocol.header.client.SendMessageV2HeaderCodec;
import dev.petrel.protocol.header.client.UpdateConsumerOffsetRequestHeader;
import dev.petrel.store.LocalMessageStore;
import dev.petrel.testkit.Await;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The load figures of GET_BROKER_RUNTIME_INFO (queue head waits, put-lock time) and GET_CONSUME_STATS (consume TPS)
 * measure what they name, on a broker whose clock the test moves.
 */
class LoadFiguresTest {

    @TempDir
    Path dir;

    private final ManualClock clock = new ManualClock(1_700_000_000_000L);

    @Test
    void aStalledAppendShowsInTheSendQueueHeadWaitAndThePageCacheLockTime() throws Exception {
        try (BrokerFixture f = new BrokerFixture(dir, Map.of("sendMessageThreadPoolNums", "1",
            "waitTimeMillsInSendQueue", "60000"), clock)) {
            assertThat(f.send("HeadT", 0, "warm-up").code()).isEqualTo(ResponseCode.SUCCESS);
            Map<String, String> idle = runtimeInfo(f);
            assertThat(idle.get("sendThreadPoolQueueHeadWaitTimeMills")).isEqualTo("0");
            assertThat(idle.get("pageCacheLockTimeMills")).isEqualTo("0");

            CountDownLatch locked = new CountDownLatch(1);
            CountDownLatch release = new CountDownLatch(1);
            Thread holder = new Thread(() -> ((LocalMessageStore) f.broker.store()).underPutLock(() -> {
                locked.countDown();
                awaitQuietly(release);
            }), "test-put-lock-holder");
            holder.start();
            List<CompletableFuture<RemotingCommand>> sends;
            try {
                assertThat(locked.await(10, TimeUnit.SECONDS)).isTrue();
                // The first send takes the only send thread and waits for the put lock; the second waits in the queue.
                sends = List.of(sendAsync(f, "a"), sendAsync(f, "b"));
                Await.until(Duration.ofSeconds(10), "one send queued behind the stalled one",
                    () -> "1".equals(runtimeInfoQuietly(f).get("sendThreadPoolQueueSize")));
                clock.advance(300, TimeUnit.MILLISECONDS);
                Map<String, String> stalled = runtimeInfo(f);
                assertThat(stalled.get("sendThreadPoolQueueHeadWaitTimeMills")).isEqualTo("300");
                assertThat(stalled.get("pageCacheLockTimeMills")).isEqualTo("300");
                assertThat(stalled.get("pullThreadPoolQueueHeadWaitTimeMills")).isEqualTo("0");
                assertThat(stalled.get("litePullThreadPoolQueueHeadWaitTimeMills")).isEqualTo("0");
                assertThat(stalled.get("queryThreadPoolQueueHeadWaitTimeMills")).isEqualTo("0");
            } finally {
                release.countDown();
                holder.join(10_000);
            }
            for (CompletableFuture<RemotingCommand> send : sends) {
                assertThat(send.get(10, TimeUnit.SECONDS).code()).isEqualTo(ResponseCode.SUCCESS);
            }
            Map<String, String> after = runtimeInfo(f);
            assertThat(after.get("sendThreadPoolQueueHeadWaitTimeMills")).isEqualTo("0");
            assertThat(after.get("pageCacheLockTimeMills")).isEqualTo("0");
        }
    }

    @Test
    void consumeTpsIsTheGroupsPulledMessagesPerSecond() throws Exception {
        try (BrokerFixture f = new BrokerFixture(dir, Map.of(), clock)) {
            for (int i = 0; i < 5; i++) {
                assertThat(f.send("TpsT", 0, "m" + i).code()).isEqualTo(ResponseCode.SUCCESS);
            }
            Await.until(Duration.ofSeconds(10), "dispatch", () -> f.broker.store().maxOffsetInQueue("TpsT", 0) == 5);
            assertThat(consumeStats(f, "gTps", "TpsT").consumeTps()).as("nothing pulled yet").isZero();

            RemotingCommand pull = f.pull(pullHeader("gTps", "TpsT", 0, 0, SUBSCRIPTION, 0, "*"));
            assertThat(BrokerFixture.decode(pull)).hasSize(5);
            f.call(RequestCode.UPDATE_CONSUMER_OFFSET, new UpdateConsumerOffsetRequestHeader("gTps", "TpsT", 0, 5,
                RpcFields.NONE), null);
            clock.advance(5, TimeUnit.SECONDS);

            assertThat(consumeStats(f, "gTps", "TpsT").consumeTps()).as("5 messages in 5 s").isEqualTo(1.0);
            assertThat(consumeStats(f, "gTps", null).consumeTps()).as("over the group's topics").isEqualTo(1.0);
            assertThat(consumeStats(f, "gOther", "TpsT").consumeTps()).as("another group pulled nothing").isZero();
            ConsumeStatsList all = ConsumeStatsList.CODEC.decode(f.call(RequestCode.GET_BROKER_CONSUME_STATS,
                new GetConsumeStatsInBrokerHeader(false), null).body());
            assertThat(all.consumeStatsList()).anySatisfy(entry -> assertThat(entry.get("gTps"))
                .singleElement().satisfies(s -> assertThat(s.consumeTps()).isEqualTo(1.0)));
        }
    }

    private static ConsumeStats consumeStats(BrokerFixture f, String group, String topic) throws Exception {
        RemotingCommand r = f.call(RequestCode.GET_CONSUME_STATS, new GetConsumeStatsRequestHeader(group, topic,
            RpcFields.NONE), null);
        assertThat(r.code()).isEqualTo(ResponseCode.SUCCESS);
        return ConsumeStats.CODEC.decode(r.body());
    }

    private static Map<String, String> runtimeInfo(BrokerFixture f) throws Exception {
        RemotingCommand r = f.call(RemotingCommand.request(RequestCode.GET_BROKER_RUNTIME_INFO, null, null));
        return KVTable.CODEC.decode(r.body()).table();
    }

    private static Map<String, String> runtimeInfoQuietly(BrokerFixture f) {
        try {
            return runtimeInfo(f);
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    private static CompletableFuture<RemotingCommand> sendAsync(BrokerFixture f, String body) {
        RemotingCommand request = RemotingCommand.request(RequestCode.SEND_MESSAGE_V2,
            SendMessageV2HeaderCodec.INSTANCE.encode(BrokerFixture.sendHeader("HeadT", 0, BrokerFixture.props())),
            body.getBytes(StandardCharsets.UTF_8));
        return f.client.invokeAsync(f.address(), request, 30_000);
    }

    private static void awaitQuietly(CountDownLatch latch) {
        try {
            latch.await(30, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
