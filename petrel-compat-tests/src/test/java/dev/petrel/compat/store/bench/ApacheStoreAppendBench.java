package dev.petrel.compat.store.bench;

import dev.petrel.compat.store.ApacheStores;
import org.apache.rocketmq.common.message.MessageDecoder;
import org.apache.rocketmq.common.message.MessageExtBrokerInner;
import org.apache.rocketmq.store.DefaultMessageStore;
import org.apache.rocketmq.store.GetMessageResult;
import org.apache.rocketmq.store.PutMessageResult;
import org.apache.rocketmq.store.PutMessageStatus;
import org.apache.rocketmq.store.config.MessageStoreConfig;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.Locale;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.LongAdder;
import java.util.stream.Stream;

/**
 * The workload of Petrel's {@code StoreAppendBench} against Apache RocketMQ 5.3.1's DefaultMessageStore, with the
 * same defaults (1 GiB CommitLog files, index on), same message shape and same argument list; run by
 * {@code bench/store.sh} with {@code java -cp} on this module's test class path.
 */
public final class ApacheStoreAppendBench {

    private ApacheStoreAppendBench() {
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
        System.exit(0); // Apache's store leaves non-daemon threads behind
    }

    static DefaultMessageStore open(Path dir, String flush) throws Exception {
        MessageStoreConfig c = ApacheStores.config(dir, 1024 * 1024 * 1024, flush.equals("SYNC_FLUSH"));
        c.setMappedFileSizeConsumeQueue(300_000 * 20);
        c.setMaxHashSlotNum(5_000_000);
        c.setMaxIndexNum(20_000_000);
        return ApacheStores.open(c);
    }

    static MessageExtBrokerInner message(byte[] body, int queueId, long n) {
        MessageExtBrokerInner m = new MessageExtBrokerInner();
        m.setTopic("BenchTopic");
        m.setQueueId(queueId);
        m.setBody(body);
        m.setTags("TagA");
        m.setKeys("key" + n);
        org.apache.rocketmq.common.message.MessageAccessor.putProperty(m, "UNIQ_KEY", "U" + n);
        m.setBornTimestamp(System.currentTimeMillis());
        m.setBornHost(new InetSocketAddress("127.0.0.1", 50000));
        m.setStoreHost(new InetSocketAddress("127.0.0.1", 10911));
        m.setPropertiesString(MessageDecoder.messageProperties2String(m.getProperties()));
        m.setTagsCode(MessageExtBrokerInner.tagsString2tagsCode("TagA"));
        return m;
    }

    static void append(Path dir, int bodySize, int threads, String flush, int seconds) throws Exception {
        byte[] body = new byte[bodySize];
        java.util.Arrays.fill(body, (byte) 'x');
        DefaultMessageStore store = open(dir, flush);
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
                        PutMessageResult r = store.putMessage(message(body, queueId, n++));
                        if (r.getPutMessageStatus() != PutMessageStatus.PUT_OK) {
                            throw new IllegalStateException(r.toString());
                        }
                        if (measuring.get()) {
                            count.increment();
                            bytes.add(r.getAppendMessageResult().getWroteBytes());
                        }
                    }
                } finally {
                    done.countDown();
                }
            });
            th.setDaemon(true);
            th.start();
        }
        Thread.sleep(Math.min(2000, seconds * 300L));
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

    static void read(Path dir, int bodySize, int messages) throws Exception {
        byte[] body = new byte[bodySize];
        DefaultMessageStore store = open(dir, "ASYNC_FLUSH");
        for (int i = 0; i < messages; i++) {
            store.putMessage(message(body, 0, i));
        }
        while (store.getMaxOffsetInQueue("BenchTopic", 0) < messages) {
            Thread.onSpinWait();
        }
        long read = 0;
        long bytes = 0;
        long start = System.nanoTime();
        for (int round = 0; round < 5; round++) {
            long offset = 0;
            while (offset < messages) {
                GetMessageResult g = store.getMessage("bench", "BenchTopic", 0, offset, 32, 256 * 1024, null);
                read += g.getMessageCount();
                bytes += g.getBufferTotalSize();
                offset = g.getNextBeginOffset();
                g.release();
            }
        }
        double elapsed = (System.nanoTime() - start) / 1e9;
        store.shutdown();
        report("read", "-", bodySize, 1, read / elapsed, bytes / elapsed / (1 << 20));
    }

    static void report(String op, String flush, int body, int threads, double msgs, double mib) {
        System.out.println(String.format(Locale.ROOT, "RESULT apache %s %s %d %d %.0f %.1f", op, flush, body, threads, msgs, mib));
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
