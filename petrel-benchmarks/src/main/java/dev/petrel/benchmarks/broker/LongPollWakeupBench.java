package dev.petrel.benchmarks.broker;

import dev.petrel.broker.BrokerConfig;
import dev.petrel.broker.BrokerServer;
import dev.petrel.common.time.Clock;
import dev.petrel.protocol.code.RequestCode;
import dev.petrel.protocol.code.ResponseCode;
import dev.petrel.protocol.frame.RemotingCommand;
import dev.petrel.protocol.header.RpcFields;
import dev.petrel.protocol.header.client.PullMessageRequestHeader;
import dev.petrel.protocol.header.client.PullMessageRequestHeaderCodec;
import dev.petrel.protocol.header.client.SendMessageRequestHeader;
import dev.petrel.protocol.header.client.SendMessageV2HeaderCodec;
import dev.petrel.remoting.RemotingClient;
import dev.petrel.remoting.RemotingClientConfig;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Comparator;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * Long-polling wake-up latency of a real broker over loopback sockets: a consumer's pull waits on an empty queue
 * (SUSPEND, 15 s timeout), a producer then sends one message, and the bench measures how long after the send was
 * issued the held pull's answer arrives (wall time through the whole path: send request, store append, dispatch,
 * wake-up, re-read, response), and how long after the send's own acknowledgement it arrives.
 *
 * <p>A bench main rather than JMH: each sample needs a held pull first, and the quantity is a latency distribution
 * over real sockets. Usage: {@code java ... LongPollWakeupBench [ITERATIONS [DIR]]}. Prints
 * {@code RESULT longpoll-wakeup iterations=N median_us=... p90_us=... p99_us=... afterAck_median_us=...}.
 */
public final class LongPollWakeupBench {

    private LongPollWakeupBench() {
    }

    public static void main(String[] args) throws Exception {
        int iterations = args.length > 0 ? Integer.parseInt(args[0]) : 2_000;
        Path dir = args.length > 1 ? Path.of(args[1]) : Files.createTempDirectory("petrel-longpoll-bench");
        Map<String, String> raw = BenchBroker.properties(dir);
        int port = Integer.parseInt(raw.get("listenPort"));
        BrokerServer broker = new BrokerServer(BrokerConfig.FILE.parse(raw, u -> { }), Clock.system());
        broker.start();
        RemotingClient consumer = new RemotingClient("bench-consumer", RemotingClientConfig.defaults(), Clock.system());
        RemotingClient producer = new RemotingClient("bench-producer", RemotingClientConfig.defaults(), Clock.system());
        consumer.start();
        producer.start();
        String addr = "127.0.0.1:" + port;
        try {
            producer.invokeSync(addr, send(), 10_000); // creates the topic
            long[] total = new long[iterations];
            long[] afterAck = new long[iterations];
            int warmup = Math.min(500, iterations);
            for (int i = -warmup; i < iterations; i++) {
                long offset = broker.store().maxOffsetInQueue("LongPollBench", 0);
                CompletableFuture<Long> answered = new CompletableFuture<>();
                consumer.invokeAsync(addr, pull(offset), 30_000).thenAccept(r -> {
                    if (r.code() != ResponseCode.SUCCESS) {
                        answered.completeExceptionally(new IllegalStateException("pull answered " + r.code() + " " + r.remark()));
                    } else {
                        answered.complete(System.nanoTime());
                    }
                });
                awaitHeld(broker);
                long sent = System.nanoTime();
                RemotingCommand ack = producer.invokeSync(addr, send(), 10_000);
                long acked = System.nanoTime();
                if (ack.code() != ResponseCode.SUCCESS) {
                    throw new IllegalStateException("send answered " + ack.code() + " " + ack.remark());
                }
                long arrived = answered.get(10, TimeUnit.SECONDS);
                if (i >= 0) {
                    total[i] = arrived - sent;
                    afterAck[i] = Math.max(0, arrived - acked);
                }
            }
            Arrays.sort(total);
            Arrays.sort(afterAck);
            System.out.printf(Locale.ROOT, "RESULT longpoll-wakeup iterations=%d median_us=%.1f p90_us=%.1f p99_us=%.1f "
                    + "afterAck_median_us=%.1f afterAck_p99_us=%.1f%n", iterations, us(total, 0.5), us(total, 0.9),
                us(total, 0.99), us(afterAck, 0.5), us(afterAck, 0.99));
        } finally {
            producer.close();
            consumer.close();
            broker.close();
            deleteTree(dir);
        }
    }

    /** Polls the broker's held-pull count: the send must come after the pull is registered. */
    private static void awaitHeld(BrokerServer broker) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (heldPulls(broker) == 0) {
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException("the pull was not held");
            }
            Thread.onSpinWait();
        }
    }

    private static int heldPulls(BrokerServer broker) {
        return broker.heldPulls();
    }

    private static RemotingCommand pull(long offset) {
        PullMessageRequestHeader h = new PullMessageRequestHeader("benchGroup", "LongPollBench", 0, offset, 32, 0x2 | 0x4,
            0, 15_000, "*", 0, "TAG", null, null, null, RpcFields.NONE);
        return RemotingCommand.request(RequestCode.PULL_MESSAGE, PullMessageRequestHeaderCodec.INSTANCE.encode(h), null);
    }

    private static RemotingCommand send() {
        SendMessageRequestHeader h = new SendMessageRequestHeader("benchProducer", "LongPollBench", "TBW102", 1, 0, 0,
            0L, 0, null, 0, false, false, null, RpcFields.NONE);
        return RemotingCommand.request(RequestCode.SEND_MESSAGE_V2, SendMessageV2HeaderCodec.INSTANCE.encode(h),
            new byte[128]);
    }

    private static double us(long[] sorted, double quantile) {
        return sorted[Math.min(sorted.length - 1, (int) (sorted.length * quantile))] / 1_000.0;
    }

    private static void deleteTree(Path dir) throws IOException {
        if (!Files.exists(dir)) {
            return;
        }
        try (Stream<Path> paths = Files.walk(dir)) {
            paths.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        }
    }
}
