package dev.petrel.store.crash;

import dev.petrel.common.time.Clock;
import dev.petrel.message.DecodedMessage;
import dev.petrel.message.TagCode;
import dev.petrel.store.GetResult;
import dev.petrel.store.GetStatus;
import dev.petrel.store.LocalMessageStore;
import dev.petrel.store.MessageFilter;
import dev.petrel.store.StoreFixture;
import dev.petrel.testkit.Await;
import dev.petrel.testkit.ChildJvm;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Kill -9 at random moments, at least 20 times: a child JVM appends under SYNC_FLUSH and reports every
 * acknowledged message; after each kill the store is reopened (abnormal recovery) and every message ever
 * acknowledged must be readable byte-exact by queue offset and by key, and every visible entry must be a whole,
 * correctly placed record. The next child then starts after a clean shutdown (normal recovery).
 */
class ProcessCrashTest {

    static final int CYCLES = 20;

    @TempDir
    Path dir;
    @TempDir
    Path logs;

    record Ack(int queueId, long queueOffset, long phys, String key, int bodySize) {
    }

    @Test
    @Timeout(value = 15, unit = TimeUnit.MINUTES) // 20 child JVMs; a busy 2-core machine starts each slowly
    void acknowledgedMessagesSurviveKillNine() throws Exception {
        long seed = System.nanoTime();
        Random rnd = new Random(seed);
        List<Ack> acked = new ArrayList<>();
        for (int cycle = 0; cycle < CYCLES; cycle++) {
            int killAfterAcks = 5 + rnd.nextInt(400);
            try (ChildJvm child = ChildJvm.start("crash-" + cycle, System.getProperty("java.class.path"),
                List.of("-Xmx128m", "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1"), CrashAppenderMain.class.getName(),
                List.of(dir.toString(), Long.toString(cycle * 10_000_000L)), Map.of(), logs.resolve("child-" + cycle + ".log"))) {
                child.awaitLine(Duration.ofSeconds(60), "READY", "READY"::equals);
                Await.until(Duration.ofSeconds(60), killAfterAcks + " acknowledgements (seed " + seed + ")",
                    () -> child.lines().stream().filter(l -> l.startsWith("ACK ")).count() >= killAfterAcks
                        || !child.isAlive());
                // A child that ended by itself (a crash, an exception, OOM) is a failure, not a kill at a random moment.
                assertThat(child.isAlive()).as("child %d still running when killed (seed %d); its log:%n%s", cycle, seed,
                    child.tail()).isTrue();
                child.kill9();
                assertThat(child.lines()).as("child output (seed %d)", seed).noneMatch(l -> l.startsWith("ERROR"));
                for (String line : child.lines()) {
                    String[] f = line.split(" ");
                    if (f.length == 6 && f[0].equals("ACK")) {
                        acked.add(new Ack(Integer.parseInt(f[1]), Long.parseLong(f[2]), Long.parseLong(f[3]), f[4],
                            Integer.parseInt(f[5])));
                    }
                }
            }
            verify(acked, seed, cycle);
        }
        assertThat(acked.size()).isGreaterThan(CYCLES * 5);
    }

    private void verify(List<Ack> acked, long seed, int cycle) {
        Map<String, String> cfg = StoreFixture.smallConfig(dir);
        cfg.put("flushDiskType", "SYNC_FLUSH");
        try (LocalMessageStore s = StoreFixture.store(cfg, Clock.system())) {
            s.start();
            String ctx = "cycle " + cycle + ", seed " + seed;
            Set<String> seenKeys = new HashSet<>();
            for (int q = 0; q < CrashAppenderMain.QUEUES; q++) {
                long min = s.minOffsetInQueue(CrashAppenderMain.TOPIC, q);
                long max = s.maxOffsetInQueue(CrashAppenderMain.TOPIC, q);
                for (long o = min; o < max; ) {
                    GetResult g = s.getMessage(CrashAppenderMain.TOPIC, q, o, 32, 1 << 20, MessageFilter.ALL);
                    assertThat(g.status()).as(ctx).isEqualTo(GetStatus.FOUND);
                    for (var r : g.records()) {
                        DecodedMessage m = StoreFixture.decode(r);
                        assertThat(m.queueOffset()).as(ctx).isEqualTo(o);
                        assertThat(m.queueId()).as(ctx).isEqualTo(q);
                        assertThat(m.physicalOffset()).as(ctx).isEqualTo(r.physicalOffset());
                        assertThat(r.tagCode()).as(ctx).isEqualTo(TagCode.of(m.tags()));
                        assertThat(m.body()).as(ctx).isEqualTo(StoreFixture.bodyOf(m.keys(), m.body().length));
                        assertThat(seenKeys.add(m.keys())).as(ctx + ": key seen twice " + m.keys()).isTrue();
                        o++;
                    }
                    g.release();
                }
            }
            for (Ack a : acked) {
                GetResult g = s.getMessage(CrashAppenderMain.TOPIC, a.queueId(), a.queueOffset(), 1, 1 << 20, MessageFilter.ALL);
                assertThat(g.status()).as(ctx + " " + a).isEqualTo(GetStatus.FOUND);
                DecodedMessage m = StoreFixture.decode(g.records().get(0));
                assertThat(m.keys()).as(ctx).isEqualTo(a.key());
                assertThat(m.physicalOffset()).as(ctx).isEqualTo(a.phys());
                assertThat(m.body()).as(ctx).isEqualTo(StoreFixture.bodyOf(a.key(), a.bodySize()));
                g.release();
                assertThat(s.queryOffsetsByKey(CrashAppenderMain.TOPIC, a.key(), 4, 0, Long.MAX_VALUE)).as(ctx + " " + a)
                    .contains(a.phys());
            }
        }
    }
}
