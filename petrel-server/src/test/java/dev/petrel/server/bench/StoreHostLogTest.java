package dev.petrel.server.bench;

import static org.assertj.core.api.Assertions.assertThat;

import dev.petrel.common.time.ManualClock;
import dev.petrel.message.Host;
import dev.petrel.message.OffsetMessageId;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class StoreHostLogTest {

    private static final Host A = Host.parse("127.0.0.1:30911");
    private static final Host B = Host.parse("127.0.0.1:30921");

    @TempDir
    Path dir;

    @Test
    void writesALineWhenTheStoringBrokerChangesAndOnlyThen() throws IOException {
        Path file = dir.resolve("hosts.log");
        ManualClock clock = new ManualClock(1_000);
        StoreHostLog log = new StoreHostLog(file, clock);

        log.acknowledged(OffsetMessageId.encode(A, 0));
        clock.setMillis(1_010);
        log.acknowledged(OffsetMessageId.encode(A, 1_234)); // same broker, later offset: nothing
        clock.setMillis(2_500);
        log.acknowledged(OffsetMessageId.encode(B, 77)); // the new leader's first acknowledgement
        log.acknowledged(OffsetMessageId.encode(B, 78));
        clock.setMillis(4_000);
        // a batch: comma-separated ids, the first counts
        log.acknowledged(OffsetMessageId.encode(A, 9) + "," + OffsetMessageId.encode(A, 10));
        log.acknowledged(null); // no id (a broker that gives none): ignored
        log.acknowledged("ABC"); // too short to hold a host: ignored

        assertThat(Files.readAllLines(file)).containsExactly("1000 127.0.0.1:30911", "2500 127.0.0.1:30921",
            "4000 127.0.0.1:30911");
    }

    @Test
    void concurrentAcknowledgementsOfTheSameChangeWriteOneLine() throws Exception {
        Path file = dir.resolve("hosts.log");
        StoreHostLog log = new StoreHostLog(file, new ManualClock(5_000));
        CountDownLatch go = new CountDownLatch(1);
        List<Thread> threads = new ArrayList<>();
        for (int t = 0; t < 8; t++) {
            int id = t;
            Thread thread = new Thread(() -> {
                try {
                    go.await();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return;
                }
                for (int i = 0; i < 1_000; i++) {
                    log.acknowledged(OffsetMessageId.encode(B, id * 1_000_000L + i));
                }
            });
            threads.add(thread);
            thread.start();
        }
        go.countDown();
        for (Thread thread : threads) {
            thread.join(TimeUnit.SECONDS.toMillis(60));
            assertThat(thread.isAlive()).isFalse();
        }
        assertThat(Files.readAllLines(file)).containsExactly("5000 127.0.0.1:30921");
    }
}
