package dev.petrel.store;

import dev.petrel.common.time.Clock;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A put's future completes only once its record is visible: right after the acknowledgement the queue's max offset,
 * a get at its queue offset, a look-up by physical offset and the key index include it, in every gate mode, while
 * busy-spinning threads load the cores (the dispatcher falls behind then, which is when the race showed). One spinner
 * by default, as the parallel build keeps the other core busy; {@code -Dpetrel.ackRace.spinners=N} runs more.
 */
class AckVisibilityStoreTest {

    private static final int APPENDERS = 4;
    private static final int PUTS_EACH = 1_000;
    private static final int SPINNERS = Integer.getInteger("petrel.ackRace.spinners", 1);

    @TempDir
    Path dir;

    @ParameterizedTest
    @ValueSource(strings = {"ASYNC_FLUSH", "ASYNC_FLUSH+pool", "SYNC_FLUSH"})
    void everyAcknowledgedPutIsVisibleAtOnce(String mode) throws Exception {
        Map<String, String> cfg = StoreFixture.smallConfig(dir);
        cfg.put("flushDiskType", mode.startsWith("SYNC") ? "SYNC_FLUSH" : "ASYNC_FLUSH");
        if (mode.endsWith("+pool")) {
            cfg.put("transientStorePoolEnable", "true");
            cfg.put("commitIntervalCommitLog", "200");
        }
        int puts = mode.startsWith("SYNC") ? PUTS_EACH / 5 : PUTS_EACH;
        AtomicBoolean spin = new AtomicBoolean(true);
        List<Thread> threads = new ArrayList<>();
        for (int i = 0; i < SPINNERS; i++) {
            Thread t = new Thread(() -> {
                while (spin.get()) {
                    Thread.onSpinWait();
                }
            }, "busy-spinner-" + i);
            t.setDaemon(true);
            t.start();
            threads.add(t);
        }
        ConcurrentLinkedQueue<String> failures = new ConcurrentLinkedQueue<>();
        try (LocalMessageStore store = StoreFixture.store(cfg, Clock.system())) {
            store.start();
            List<Thread> appenders = new ArrayList<>();
            for (int a = 0; a < APPENDERS; a++) {
                int appender = a;
                Thread t = new Thread(() -> {
                    for (int n = 0; n < puts && failures.isEmpty(); n++) {
                        String topic = "V" + appender + "-" + n / 10; // a fresh topic every ten puts
                        String key = "k" + appender + "-" + n;
                        try {
                            PutResult r = store.putMessage(StoreFixture.message(topic, n % 4, key, 40 + n % 300, null))
                                .get(30, TimeUnit.SECONDS);
                            check(store, topic, n % 4, key, r, failures);
                        } catch (Exception e) {
                            failures.add(key + ": " + e);
                        }
                    }
                }, "appender-" + a);
                t.start();
                appenders.add(t);
            }
            for (Thread t : appenders) {
                t.join();
            }
            assertThat(failures).as("acknowledged puts that were not visible at once").isEmpty();
            StoreStats st = store.stats();
            assertThat(st.pendingAcks()).isZero();
            assertThat(st.ackedPuts()).isEqualTo((long) APPENDERS * puts);
            assertThat(st.ackLatencyMaxMicros()).isGreaterThanOrEqualTo(st.ackLatencyP99Micros() / 2);
        } finally {
            spin.set(false);
        }
    }

    private static void check(MessageStore store, String topic, int queueId, String key, PutResult r,
                              ConcurrentLinkedQueue<String> failures) {
        if (r.status() != PutStatus.PUT_OK) {
            failures.add(key + ": " + r);
            return;
        }
        if (store.maxOffsetInQueue(topic, queueId) < r.queueOffset() + 1) {
            failures.add(key + ": max offset " + store.maxOffsetInQueue(topic, queueId) + " right after the ack of "
                + "queue offset " + r.queueOffset());
        }
        GetResult g = store.getMessage(topic, queueId, r.queueOffset(), 1, 1 << 20, MessageFilter.ALL);
        if (g.status() != GetStatus.FOUND || g.records().get(0).physicalOffset() != r.physicalOffset()) {
            failures.add(key + ": get at queue offset " + r.queueOffset() + " answered " + g.status());
        }
        g.release();
        StoredRecord rec = store.lookMessageByOffset(r.physicalOffset());
        if (rec == null) {
            failures.add(key + ": no record at physical offset " + r.physicalOffset());
        } else {
            rec.release();
        }
        if (!store.queryOffsetsByKey(topic, key, 4, 0, Long.MAX_VALUE).contains(r.physicalOffset())) {
            failures.add(key + ": not in the key index");
        }
    }
}
