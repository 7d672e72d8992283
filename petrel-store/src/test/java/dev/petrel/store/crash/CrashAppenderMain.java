package dev.petrel.store.crash;

import dev.petrel.common.time.Clock;
import dev.petrel.store.LocalMessageStore;
import dev.petrel.store.PutResult;
import dev.petrel.store.PutStatus;
import dev.petrel.store.StoreFixture;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The child process of {@link ProcessCrashTest}: opens the store under SYNC_FLUSH and appends from several threads
 * until it is killed, printing {@code ACK queueId queueOffset physicalOffset key bodySize} for every message the
 * store acknowledged with PUT_OK. Args: store directory, first sequence number.
 */
public final class CrashAppenderMain {

    public static final String TOPIC = "CrashTopic";
    public static final int QUEUES = 4;

    private CrashAppenderMain() {
    }

    public static void main(String[] args) throws Exception {
        Path dir = Path.of(args[0]);
        AtomicLong seq = new AtomicLong(Long.parseLong(args[1]));
        Map<String, String> cfg = StoreFixture.smallConfig(dir);
        cfg.put("flushDiskType", "SYNC_FLUSH");
        LocalMessageStore store = StoreFixture.store(cfg, Clock.system());
        store.start();
        PrintStream out = System.out;
        synchronized (out) {
            out.println("READY");
            out.flush();
        }
        Thread[] threads = new Thread[4];
        for (int t = 0; t < threads.length; t++) {
            threads[t] = new Thread(() -> {
                while (true) {
                    long n = seq.getAndIncrement();
                    String key = "c" + n;
                    int queueId = (int) (n % QUEUES);
                    int bodySize = 20 + (int) (n % 700);
                    try {
                        PutResult r = store.putMessage(StoreFixture.message(TOPIC, queueId, key, bodySize, "t" + (n % 3)))
                            .get(30, TimeUnit.SECONDS);
                        if (r.status() == PutStatus.PUT_OK) {
                            synchronized (out) {
                                out.println("ACK " + queueId + " " + r.queueOffset() + " " + r.physicalOffset() + " " + key
                                    + " " + bodySize);
                                out.flush();
                            }
                        }
                    } catch (Exception e) {
                        synchronized (out) {
                            out.println("ERROR " + e);
                            out.flush();
                        }
                        return;
                    }
                }
            }, "appender-" + t);
            threads[t].start();
        }
        for (Thread t : threads) {
            t.join();
        }
    }
}
