package dev.petrel.benchmarks.store;

import dev.petrel.common.config.Config;
import dev.petrel.common.time.Clock;
import dev.petrel.message.Host;
import dev.petrel.message.MessageDraft;
import dev.petrel.store.GetResult;
import dev.petrel.store.LocalMessageStore;
import dev.petrel.store.MessageFilter;
import dev.petrel.store.PutResult;
import dev.petrel.store.PutStatus;
import dev.petrel.store.StoreConfig;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.LongAdder;
import java.util.stream.Stream;

/**
 * Store throughput, run by {@code bench/store.sh} (a bench main rather than JMH: the quantity is sustained
 * throughput of N concurrent appenders against a real disk, not a per-call latency).
 *
 * <pre>
 * append: java ... StoreAppendBench append DIR BODY_BYTES THREADS ASYNC_FLUSH|SYNC_FLUSH SECONDS
 * read:   java ... StoreAppendBench read DIR BODY_BYTES MESSAGES
 * </pre>
 * Prints one line: {@code RESULT petrel <op> <flush> <body> <threads> <msgs/s> <MiB/s>}. The directory is deleted
 * first and afterwards. The same workload for Apache RocketMQ lives in petrel-compat-tests
 * ({@code dev.petrel.compat.store.bench.ApacheStoreAppendBench}).
 */
public final class StoreAppendBench {

    private StoreAppendBench() {
    }

    public static void main(String[] args) throws Exception {
        Path dir = Path.of(args[1]);
        int body = Integer.parseInt(args[2]);
        deleteTree(dir);
        try {
            if (args[0].equals("append")) {
                append(dir, body, Integer.parseInt(args[3]), args[4], Integer.parseInt(args[5]));
            } else {
                read(dir, body, Integer.parseInt(args[3]));
            }
        } finally {
            deleteTree(dir);
        }
    }

    static LocalMessageStore open(Path dir, String flush) {
        Map<String, String> raw = new HashMap<>();
        raw.put("storePathRootDir", dir.toString());
        raw.put("flushDiskType", flush);
        Config c = StoreConfig.DEF.parse(raw, k -> { });
        LocalMessageStore s = LocalMessageStore.open(c, Clock.system());
        s.start();
        return s;
    }

    static MessageDraft message(byte[] body, int queueId, long n) {
        String props = "TAGS\u0001TagA\u0002KEYS\u0001key" + n + "\u0002UNIQ_KEY\u0001U" + n + "\u0002";
        return MessageDraft.builder().topic("BenchTopic").queueId(queueId).body(body).properties(props)
            .bornTimestamp(System.currentTimeMillis()).bornHost(new Host(new byte[] {127, 0, 0, 1}, 50000))
            .storeHost(new Host(new byte[] {127, 0, 0, 1}, 10911)).build();
    }

    static void append(Path dir, int bodySize, int threads, String flush, int seconds) throws Exception {
        byte[] body = new byte[bodySize];
        java.util.Arrays.fill(body, (byte) 'x');
        LocalMessageStore store = open(dir, flush);
        LongAdder count = new LongAdder();
        LongAdder bytes = new LongAdder();
        AtomicBoolean measuring = new AtomicBoolean();
        AtomicBoolean stop = new AtomicBoolean();
        CountDownLatch done = new CountDownLatch(threads);
        for (int t = 0; t < threads; t++) {
            final int queueId = t % 8;
            Thread th = new Thread(() -> {
                long n = 0;
                try {
                    while (!stop.get()) {
                        PutResult r = store.putMessage(message(body, queueId, n++)).join();
                        if (r.status() != PutStatus.PUT_OK) {
                            throw new IllegalStateException(r.toString());
                        }
                        if (measuring.get()) {
                            count.increment();
                            bytes.add(r.recordSize());
                        }
                    }
                } finally {
                    done.countDown();
                }
            });
            th.setDaemon(true);
            th.start();
        }
        Thread.sleep(Math.min(2000, seconds * 300L)); // warm-up, not measured
        measuring.set(true);
        long start = System.nanoTime();
        Thread.sleep(seconds * 1000L);
        measuring.set(false);
        double elapsed = (System.nanoTime() - start) / 1e9;
        stop.set(true);
        done.await();
        store.shutdown();
        report("append", flush, bodySize, threads, count.sum() / elapsed, bytes.sum() / elapsed / (1 << 20));
    }

    static void read(Path dir, int bodySize, int messages) {
        byte[] body = new byte[bodySize];
        LocalMessageStore store = open(dir, "ASYNC_FLUSH");
        for (int i = 0; i < messages; i++) {
            store.putMessage(message(body, 0, i)).join();
        }
        while (store.maxOffsetInQueue("BenchTopic", 0) < messages) {
            Thread.onSpinWait();
        }
        long read = 0;
        long bytes = 0;
        long start = System.nanoTime();
        for (int round = 0; round < 5; round++) {
            long offset = 0;
            while (offset < messages) {
                GetResult g = store.getMessage("BenchTopic", 0, offset, 32, 256 * 1024, MessageFilter.ALL);
                read += g.messageCount();
                bytes += g.totalBytes();
                offset = g.nextBeginOffset();
                g.release();
            }
        }
        double elapsed = (System.nanoTime() - start) / 1e9;
        store.shutdown();
        report("read", "-", bodySize, 1, read / elapsed, bytes / elapsed / (1 << 20));
    }

    static void report(String op, String flush, int body, int threads, double msgs, double mib) {
        System.out.println(String.format(Locale.ROOT, "RESULT petrel %s %s %d %d %.0f %.1f", op, flush, body, threads, msgs, mib));
    }

    static void deleteTree(Path dir) throws IOException {
        if (!Files.exists(dir)) {
            return;
        }
        try (Stream<Path> s = Files.walk(dir)) {
            s.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        }
    }
}
