package dev.petrel.store;

import dev.petrel.common.time.Clock;
import dev.petrel.message.DecodedMessage;
import dev.petrel.store.file.StoreFileFactory;
import dev.petrel.testkit.Await;
import org.junit.jupiter.api.RepeatedTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A process kill keeps the page cache, so it cannot show that SYNC_FLUSH acknowledges only forced bytes. Here the
 * store runs on {@link PowerLossFileFactory}: at a random moment the power goes, every unforced byte is lost, and the
 * directory is reopened with the real mapped-file layer. Every acknowledged message must be there.
 */
class PowerLossTest {

    @TempDir
    Path dir;

    record Ack(String key, int queueId, long queueOffset, long phys) {
    }

    /** Acknowledged puts before the power loss: enough for the checks below ({@code > 50}). */
    static final int MIN_ACKS = 60;

    List<Ack> runUntilPowerLoss(Map<String, String> cfg, PowerLossFileFactory files, long seed) throws Exception {
        LocalMessageStore store = StoreFixture.store(cfg, Clock.system(), files);
        store.start();
        ConcurrentLinkedQueue<Ack> acks = new ConcurrentLinkedQueue<>();
        AtomicBoolean stop = new AtomicBoolean();
        AtomicInteger seq = new AtomicInteger();
        int threads = 8;
        CountDownLatch done = new CountDownLatch(threads);
        for (int t = 0; t < threads; t++) {
            Thread th = new Thread(() -> {
                try {
                    while (!stop.get()) {
                        int n = seq.getAndIncrement();
                        String key = "p" + n;
                        PutResult r = store.putMessage(StoreFixture.message("PL", n % 4, key, 50 + n % 700, null))
                            .get(30, TimeUnit.SECONDS);
                        if (r.status() == PutStatus.PUT_OK && !stop.get()) {
                            acks.add(new Ack(key, n % 4, r.queueOffset(), r.physicalOffset()));
                        }
                    }
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                } finally {
                    done.countDown();
                }
            });
            th.start();
        }
        // The power goes at a random moment after enough acknowledgements to prove something: counted, not timed, as a
        // loaded machine acknowledges far fewer puts in a given time.
        Random rnd = new Random(seed);
        Await.until(Duration.ofSeconds(60), MIN_ACKS + " acknowledgements", () -> acks.size() >= MIN_ACKS);
        long until = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(rnd.nextInt(250));
        while (System.nanoTime() < until) {
            Thread.onSpinWait();
        }
        // The power goes: acknowledgements collected so far are what a producer saw; nothing reaches disk after this.
        List<Ack> acknowledged = new ArrayList<>(acks);
        files.powerLoss();
        stop.set(true);
        store.halt();
        assertThat(done.await(30, TimeUnit.SECONDS)).isTrue();
        return acknowledged;
    }

    int countSurvivors(List<Ack> acks) throws Exception {
        int found = 0;
        try (LocalMessageStore s = StoreFixture.store(StoreFixture.smallConfig(dir), Clock.system(), StoreFileFactory.mapped())) {
            s.start();
            for (Ack a : acks) {
                GetResult g = s.getMessage("PL", a.queueId(), a.queueOffset(), 1, 1 << 20, MessageFilter.ALL);
                if (g.status() == GetStatus.FOUND) {
                    assertThat(g.records().get(0).size()).as("%s: queue [%d, %d) entry %d size %d, CommitLog [%d, %d)", a,
                        s.minOffsetInQueue("PL", a.queueId()), s.maxOffsetInQueue("PL", a.queueId()),
                        g.records().get(0).physicalOffset(), g.records().get(0).size(), s.commitLogMinOffset(),
                        s.commitLogMaxOffset()).isPositive();
                    DecodedMessage m = StoreFixture.decode(g.records().get(0));
                    assertThat(m.keys()).isEqualTo(a.key());
                    assertThat(m.physicalOffset()).isEqualTo(a.phys());
                    assertThat(m.body()).isEqualTo(StoreFixture.bodyOf(a.key(), m.body().length));
                    assertThat(s.queryOffsetsByKey("PL", a.key(), 4, 0, Long.MAX_VALUE)).contains(a.phys());
                    found++;
                }
                g.release();
            }
            // nothing visible that is not a whole, correctly placed record
            for (int q = 0; q < 4; q++) {
                for (long o = s.minOffsetInQueue("PL", q); o < s.maxOffsetInQueue("PL", q); o++) {
                    GetResult g = s.getMessage("PL", q, o, 1, 1 << 20, MessageFilter.ALL);
                    assertThat(g.status()).as("queue %d offset %d of [%d, %d), CommitLog [%d, %d), entry at %d", q, o,
                        s.minOffsetInQueue("PL", q), s.maxOffsetInQueue("PL", q), s.commitLogMinOffset(),
                        s.commitLogMaxOffset(), s.commitLogOffsetInQueue("PL", q, o)).isEqualTo(GetStatus.FOUND);
                    DecodedMessage m = StoreFixture.decode(g.records().get(0));
                    assertThat(m.queueOffset()).isEqualTo(o);
                    assertThat(m.queueId()).isEqualTo(q);
                    g.release();
                }
            }
        }
        return found;
    }

    @RepeatedTest(3)
    void syncFlushLosesNoAcknowledgedMessage() throws Exception {
        Map<String, String> cfg = StoreFixture.smallConfig(dir);
        cfg.put("flushDiskType", "SYNC_FLUSH");
        PowerLossFileFactory files = new PowerLossFileFactory();
        List<Ack> acks = runUntilPowerLoss(cfg, files, System.nanoTime());
        assertThat(acks).hasSizeGreaterThan(50);
        assertThat(countSurvivors(acks)).isEqualTo(acks.size());
    }

    /** The same scenario under ASYNC_FLUSH loses acknowledged messages: proof that the simulation really drops data. */
    @Test
    void asyncFlushCanLoseAcknowledgedMessages() throws Exception {
        Map<String, String> cfg = StoreFixture.smallConfig(dir);
        cfg.put("flushIntervalCommitLog", "100000");
        cfg.put("flushCommitLogThoroughInterval", "100000");
        PowerLossFileFactory files = new PowerLossFileFactory();
        List<Ack> acks = runUntilPowerLoss(cfg, files, 42);
        assertThat(acks).hasSizeGreaterThan(50);
        assertThat(countSurvivors(acks)).isLessThan(acks.size());
    }

    @Test
    void hungDiskIsReportedAsFlushTimeout() throws Exception {
        Map<String, String> cfg = StoreFixture.smallConfig(dir);
        cfg.put("flushDiskType", "SYNC_FLUSH");
        cfg.put("syncFlushTimeout", "200");
        PowerLossFileFactory files = new PowerLossFileFactory();
        try (LocalMessageStore store = StoreFixture.store(cfg, Clock.system(), files)) {
            store.start();
            files.blockForces();
            CompletableFuture<PutResult> f = store.putMessage(StoreFixture.message("H", 0, "h", 10, null));
            PutResult r = f.get(10, TimeUnit.SECONDS);
            assertThat(r.status()).isEqualTo(PutStatus.FLUSH_DISK_TIMEOUT);
            assertThat(r.reason()).contains("syncFlushTimeout");
            assertThat(r.physicalOffset()).isZero();
            files.unblockForces();
            PutResult next = store.putMessage(StoreFixture.message("H", 0, "h2", 10, null)).get(10, TimeUnit.SECONDS);
            assertThat(next.status()).isEqualTo(PutStatus.PUT_OK);
        }
    }
}
