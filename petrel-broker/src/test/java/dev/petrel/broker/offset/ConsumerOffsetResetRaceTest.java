package dev.petrel.broker.offset;

import static org.assertj.core.api.Assertions.assertThat;

import dev.petrel.broker.metadata.ConfigFile;
import dev.petrel.common.time.ManualClock;
import java.nio.file.Path;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A server-side reset wins over every commit that races it: before the fix the consumer-management path checked
 * {@code hasPendingReset} and then committed, so a commit whose check ran before the reset and whose write ran after
 * it replaced the reset offset.
 */
class ConsumerOffsetResetRaceTest {

    @TempDir
    Path dir;

    @Test
    void aCommitRacingAResetNeverOverwritesIt() throws Exception {
        for (int round = 0; round < 200; round++) {
            ConsumerOffsetTable offsets = new ConsumerOffsetTable(new ConfigFile(dir.resolve("o" + round + ".json")),
                new ManualClock(0));
            offsets.commit("g", "T", 0, 1);
            AtomicBoolean stop = new AtomicBoolean();
            CountDownLatch committing = new CountDownLatch(1);
            Thread consumer = new Thread(() -> {
                long next = 2;
                while (!stop.get()) {
                    offsets.commitUnlessReset("g", "T", 0, next++);
                    committing.countDown();
                }
            });
            consumer.start();
            committing.await();
            offsets.assignReset("g", "T", 0, 0);
            stop.set(true);
            consumer.join();
            assertThat(offsets.query("g", "T", 0)).as("round %d", round).isZero();
            assertThat(offsets.takeReset("g", "T", 0)).isZero();
            assertThat(offsets.commitUnlessReset("g", "T", 0, 7)).as("taken: commits apply again").isTrue();
            assertThat(offsets.query("g", "T", 0)).isEqualTo(7);
        }
    }

    @Test
    void aCommitIgnoredForAPendingResetSaysSo() {
        ConsumerOffsetTable offsets = new ConsumerOffsetTable(new ConfigFile(dir.resolve("o.json")), new ManualClock(0));
        offsets.commit("g", "T", 0, 5);
        offsets.assignReset("g", "T", 0, 2);
        assertThat(offsets.commitUnlessReset("g", "T", 0, 9)).isFalse();
        assertThat(offsets.query("g", "T", 0)).isEqualTo(2);
    }
}
