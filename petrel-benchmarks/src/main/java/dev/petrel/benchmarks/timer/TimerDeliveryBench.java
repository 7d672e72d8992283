package dev.petrel.benchmarks.timer;

import dev.petrel.benchmarks.broker.BenchBroker;
import dev.petrel.broker.BrokerConfig;
import dev.petrel.broker.BrokerServer;
import dev.petrel.common.metrics.Histogram;
import dev.petrel.common.time.Clock;
import dev.petrel.message.BatchBodyCodec;
import dev.petrel.message.DecodedMessage;
import dev.petrel.message.MessageRecordDecoder;
import dev.petrel.message.PropertiesCodec;
import dev.petrel.message.PropertyNames;
import dev.petrel.protocol.body.KVTable;
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
import java.lang.management.ManagementFactory;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Stream;

/**
 * The timer benchmark of the "Message kinds" issue: N timed messages (1 million by default) with delivery times spread
 * uniformly at random over a window (10 minutes by default, starting {@code LEAD} seconds after the run begins) are
 * sent to a real {@link BrokerServer} over loopback (batches of 50 timed messages, 64 batches in flight); a consumer
 * long-polls the real topic and records, for every message, its arrival time minus its requested time. The broker's
 * heap in use after a full GC is sampled every 30 s, to show it stays bounded while a million messages wait.
 *
 * <p>A bench main rather than JMH: the quantity is a latency distribution over a 10-minute real-time run. Usage:
 * {@code java -Xmx512m ... TimerDeliveryBench [COUNT [SPREAD_S [LEAD_S [DIR]]]]}. Prints {@code RESULT timer ...}.
 * Broker, producer and consumer share the JVM, so the heap figures bound the broker's from above.
 */
public final class TimerDeliveryBench {

    private static final String TOPIC = "TimerBench";
    private static final int BATCH = 50;
    private static final int IN_FLIGHT = 64;

    private TimerDeliveryBench() {
    }

    public static void main(String[] args) throws Exception {
        int exitCode = 0;
        int count = args.length > 0 ? Integer.parseInt(args[0]) : 1_000_000;
        long spreadMs = (args.length > 1 ? Long.parseLong(args[1]) : 600) * 1000;
        long leadMs = (args.length > 2 ? Long.parseLong(args[2]) : 90) * 1000;
        Path dir = args.length > 3 ? Path.of(args[3]) : Files.createTempDirectory("petrel-timer-bench");
        Map<String, String> raw = BenchBroker.properties(dir);
        int port = Integer.parseInt(raw.get("listenPort"));
        // a loaded 2-core machine: let sends queue rather than be refused; refusals are retried anyway
        raw.put("waitTimeMillsInSendQueue", "2000");
        BrokerServer broker = new BrokerServer(BrokerConfig.FILE.parse(raw, u -> { }), Clock.system());
        broker.start();
        RemotingClient producer = new RemotingClient("bench-producer", RemotingClientConfig.defaults(), Clock.system());
        RemotingClient consumer = new RemotingClient("bench-consumer", RemotingClientConfig.defaults(), Clock.system());
        producer.start();
        consumer.start();
        String addr = "127.0.0.1:" + port;
        try {
            RemotingCommand created = producer.invokeSync(addr, plainSend(), 10_000);
            check(created, "topic creation");
            long start = System.currentTimeMillis();
            long windowStart = start + leadMs;
            System.out.printf(Locale.ROOT, "timer bench: %,d messages due uniformly in [%d s, %d s] from now%n", count,
                leadMs / 1000, (leadMs + spreadMs) / 1000);

            Deliveries deliveries = new Deliveries(count);
            AtomicReference<Throwable> failure = new AtomicReference<>();
            AtomicBoolean draining = new AtomicBoolean();
            Thread pulls = new Thread(() -> consume(consumer, addr, deliveries, draining, failure), "bench-consumer");
            pulls.start();

            long sendStart = System.nanoTime();
            send(producer, addr, count, windowStart, spreadMs, failure);
            long sendMillis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - sendStart);
            System.out.printf(Locale.ROOT, "sent %,d in %.1f s (%,.0f msg/s)%s%n", count, sendMillis / 1000.0,
                count * 1000.0 / Math.max(1, sendMillis), System.currentTimeMillis() > windowStart
                    ? " -- WARNING: sending ran into the delivery window; raise LEAD_S" : "");

            List<Long> heapSamples = new ArrayList<>();
            long deadline = windowStart + spreadMs + 120_000;
            long nextSample = 0;
            while (deliveries.distinct() < count && System.currentTimeMillis() < deadline && failure.get() == null) {
                if (System.currentTimeMillis() >= nextSample) {
                    heapSamples.add(heapAfterGc());
                    Map<String, String> rt = runtime(producer, addr);
                    System.out.printf(Locale.ROOT, "t=%4ds received=%,d backlog=%s readBehind=%ss heapAfterGc=%.1f MiB%n",
                        (System.currentTimeMillis() - start) / 1000, deliveries.distinct(), rt.get("petrelTimerBacklog"),
                        rt.get("timerReadBehind"), heapSamples.get(heapSamples.size() - 1) / 1048576.0);
                    nextSample = System.currentTimeMillis() + 30_000;
                }
                TimeUnit.MILLISECONDS.sleep(200);
            }
            // Every id seen (or the deadline passed): read on until a long poll finds nothing more, so that a copy
            // stored after the last first delivery still counts as a duplicate.
            draining.set(true);
            pulls.join(60_000);
            pulls.interrupt();
            pulls.join(10_000);
            if (failure.get() != null) {
                throw new IllegalStateException("bench failed", failure.get());
            }
            Map<String, String> rt = runtime(producer, addr);
            Histogram.Snapshot h = deliveries.lateness().snapshot();
            long maxHeap = heapSamples.stream().mapToLong(Long::longValue).max().orElse(0);
            System.out.printf(Locale.ROOT, "RESULT timer count=%d delivered=%d lost=%d duplicated=%d early=%d over1s=%d "
                    + "consumer_lateness_ms p50=%d p99=%d p999=%d max=%d broker_lateness_ms p50=%s p99=%s max=%s "
                    + "send_s=%.1f heap_after_gc_max_mib=%.1f xmx_mib=%d timer_dir_mib=%.1f%n",
                count, deliveries.distinct(), count - deliveries.distinct(), deliveries.duplicated(),
                deliveries.early(), deliveries.late(), h.percentile(50), h.percentile(99),
                h.percentile(99.9), h.max(), rt.get("petrelTimerLatenessP50Ms"), rt.get("petrelTimerLatenessP99Ms"),
                rt.get("petrelTimerLatenessMaxMs"), sendMillis / 1000.0, maxHeap / 1048576.0,
                Runtime.getRuntime().maxMemory() / 1048576, size(dir.resolve("timer")) / 1048576.0);
            if (deliveries.distinct() < count || deliveries.duplicated() > 0 || deliveries.early() > 0) {
                System.out.println("FAILED: every timed message must be delivered once and not before it is due");
                exitCode = 1;
            }
        } finally {
            producer.close();
            consumer.close();
            broker.close();
            deleteTree(dir);
        }
        if (exitCode != 0) {
            System.exit(exitCode);
        }
    }

    /** Batches of timed messages, {@link #IN_FLIGHT} at a time; due times random in the window. */
    private static void send(RemotingClient producer, String addr, int count, long windowStart, long spreadMs,
                             AtomicReference<Throwable> failure) throws InterruptedException {
        SplittableRandom random = new SplittableRandom(42);
        AtomicLong busy = new AtomicLong();
        Semaphore inFlight = new Semaphore(IN_FLIGHT);
        byte[] body = new byte[100];
        for (int sent = 0; sent < count && failure.get() == null; ) {
            int n = Math.min(BATCH, count - sent);
            List<BatchBodyCodec.Entry> entries = new ArrayList<>(n);
            for (int i = 0; i < n; i++) {
                Map<String, String> p = new LinkedHashMap<>();
                p.put(PropertyNames.UNIQ_CLIENT_MESSAGE_ID_KEYIDX, "B" + (sent + i));
                p.put(PropertyNames.TIMER_DELIVER_MS, Long.toString(windowStart + random.nextLong(spreadMs)));
                entries.add(new BatchBodyCodec.Entry(0, body, PropertiesCodec.encode(p)));
            }
            SendMessageRequestHeader h = new SendMessageRequestHeader("benchProducer", TOPIC, "TBW102", 1, 0, 0,
                System.currentTimeMillis(), 0, PropertiesCodec.encode(Map.of(PropertyNames.WAIT_STORE_MSG_OK, "true")),
                0, false, true, null, RpcFields.NONE);
            inFlight.acquire();
            sendBatch(producer, addr, h, BatchBodyCodec.encode(entries), inFlight, failure, busy);
            sent += n;
        }
        inFlight.acquire(IN_FLIGHT);
        inFlight.release(IN_FLIGHT);
        if (busy.get() > 0) {
            System.out.printf(Locale.ROOT, "%,d batch sends answered SYSTEM_BUSY and were sent again%n", busy.get());
        }
    }

    /** One batch; SYSTEM_BUSY (fast failure) is retried after 50 ms, as a producer would. */
    private static void sendBatch(RemotingClient producer, String addr, SendMessageRequestHeader h, byte[] body,
                                  Semaphore inFlight, AtomicReference<Throwable> failure, AtomicLong busy) {
        producer.invokeAsync(addr, RemotingCommand.request(RequestCode.SEND_BATCH_MESSAGE,
                SendMessageV2HeaderCodec.INSTANCE.encode(h), body), 30_000)
            .whenComplete((r, e) -> {
                if (e == null && r.code() == ResponseCode.SYSTEM_BUSY) {
                    busy.incrementAndGet();
                    java.util.concurrent.CompletableFuture.delayedExecutor(50, TimeUnit.MILLISECONDS)
                        .execute(() -> sendBatch(producer, addr, h, body, inFlight, failure, busy));
                    return;
                }
                inFlight.release();
                if (e != null) {
                    failure.compareAndSet(null, e);
                } else if (r.code() != ResponseCode.SUCCESS) {
                    failure.compareAndSet(null, new IllegalStateException("send answered " + r.code() + " "
                        + r.remark()));
                }
            });
    }

    /**
     * Long-polls queue 0 of the topic and hands every timed message to {@code deliveries}; once {@code draining} is set
     * (all ids seen, or the deadline passed), stops at the first long poll that finds nothing new.
     */
    private static void consume(RemotingClient consumer, String addr, Deliveries deliveries, AtomicBoolean draining,
                                AtomicReference<Throwable> failure) {
        MessageRecordDecoder decoder = new MessageRecordDecoder();
        long offset = 0;
        try {
            while (!Thread.currentThread().isInterrupted()) {
                boolean drainingBefore = draining.get();
                PullMessageRequestHeader h = new PullMessageRequestHeader("benchGroup", TOPIC, 0, offset, 64, 0x2 | 0x4,
                    0, 15_000, "*", 0, "TAG", null, null, null, RpcFields.NONE);
                RemotingCommand r = consumer.invokeSync(addr, RemotingCommand.request(RequestCode.PULL_MESSAGE,
                    PullMessageRequestHeaderCodec.INSTANCE.encode(h), null), 30_000);
                long now = System.currentTimeMillis();
                String next = r.extField("nextBeginOffset");
                if (r.code() == ResponseCode.SUCCESS) {
                    for (DecodedMessage m : decoder.decodeAll(ByteBuffer.wrap(r.body()))) {
                        deliveries.record(m, now);
                    }
                } else if (drainingBefore) {
                    return;
                }
                if (next != null) {
                    offset = Long.parseLong(next);
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (Exception e) {
            failure.compareAndSet(null, e);
        }
    }

    /**
     * What the consumer saw, by message id ({@code B<n>}, n below the count): the first delivery of an id is counted
     * as delivered, early or late; later ones as duplicates, so a loss and a duplicate cannot cancel out. Written by
     * the consumer thread only; read by the main thread for progress and the result.
     */
    static final class Deliveries {
        private final BitSet seen;
        private final Histogram lateness = new Histogram();
        private final AtomicLong distinct = new AtomicLong();
        private final AtomicLong duplicated = new AtomicLong();
        private final AtomicLong early = new AtomicLong();
        private final AtomicLong late = new AtomicLong();

        Deliveries(int count) {
            this.seen = new BitSet(count);
        }

        void record(DecodedMessage m, long nowMs) {
            String due = m.property(PropertyNames.TIMER_DELIVER_MS);
            String id = m.property(PropertyNames.UNIQ_CLIENT_MESSAGE_ID_KEYIDX);
            if (due == null || id == null || !id.startsWith("B")) {
                return; // the plain message that created the topic
            }
            int n = Integer.parseInt(id.substring(1));
            if (seen.get(n)) {
                duplicated.incrementAndGet();
                return;
            }
            seen.set(n);
            long l = nowMs - Long.parseLong(due);
            if (l < 0) {
                early.incrementAndGet();
            } else {
                lateness.record(l);
            }
            if (l > 1_000) {
                late.incrementAndGet();
            }
            distinct.incrementAndGet();
        }

        long distinct() {
            return distinct.get();
        }

        long duplicated() {
            return duplicated.get();
        }

        long early() {
            return early.get();
        }

        long late() {
            return late.get();
        }

        Histogram lateness() {
            return lateness;
        }
    }

    private static Map<String, String> runtime(RemotingClient client, String addr) throws Exception {
        RemotingCommand r = client.invokeSync(addr, RemotingCommand.request(RequestCode.GET_BROKER_RUNTIME_INFO, null,
            null), 10_000);
        return KVTable.CODEC.decode(r.body()).table();
    }

    private static long heapAfterGc() {
        System.gc();
        return ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
    }

    private static RemotingCommand plainSend() {
        SendMessageRequestHeader h = new SendMessageRequestHeader("benchProducer", TOPIC, "TBW102", 1, 0, 0,
            System.currentTimeMillis(), 0, null, 0, false, false, null, RpcFields.NONE);
        return RemotingCommand.request(RequestCode.SEND_MESSAGE_V2, SendMessageV2HeaderCodec.INSTANCE.encode(h),
            new byte[16]);
    }

    private static void check(RemotingCommand r, String what) {
        if (r.code() != ResponseCode.SUCCESS) {
            throw new IllegalStateException(what + " answered " + r.code() + " " + r.remark());
        }
    }

    private static long size(Path dir) throws IOException {
        if (!Files.exists(dir)) {
            return 0;
        }
        try (Stream<Path> paths = Files.walk(dir)) {
            return paths.filter(Files::isRegularFile).mapToLong(p -> p.toFile().length()).sum();
        }
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
