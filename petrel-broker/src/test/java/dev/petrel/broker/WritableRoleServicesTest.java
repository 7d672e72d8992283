package dev.petrel.broker;

import dev.petrel.common.time.ManualClock;
import dev.petrel.message.DecodedMessage;
import dev.petrel.message.MessageRecordDecoder;
import dev.petrel.store.GetResult;
import dev.petrel.store.GetStatus;
import dev.petrel.store.MessageFilter;
import dev.petrel.store.MessageStore;
import dev.petrel.store.StoreRole;
import dev.petrel.store.StoredRecord;
import dev.petrel.testkit.Await;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The delay levels, timer delivery, check-backs and file deletion run only while the store is writable: not on a SLAVE
 * at start, stopped on demotion, resumed on promotion; and a writer that starts with stale progress (a new leader, a
 * promoted slave) does not deliver again what the CommitLog shows delivered.
 */
class WritableRoleServicesTest {

    private static final Duration WAIT = Duration.ofSeconds(60);
    private static final long T0 = 1_700_000_000_000L;

    @TempDir
    Path dir;

    @Test
    void aSlaveRunsNoneAtStart() {
        try (BrokerFixture f = new BrokerFixture(dir, Map.of("brokerRole", "SLAVE", "brokerId", "1"))) {
            assertThat(f.broker.writableServicesRunning()).isFalse();
        }
    }

    @Test
    void stopOnDemotionResumeOnPromotionAndNeverDeliverTwice() throws Exception {
        ManualClock clock = new ManualClock(T0);
        try (BrokerFixture f = new BrokerFixture(dir, Map.of("messageDelayLevel", "1s 5s"), clock)) {
            assertThat(f.broker.writableServicesRunning()).isTrue();
            assertThat(f.send("Due", 0, "early", "DELAY", "1").code()).isZero();
            clock.advance(2, TimeUnit.SECONDS);
            Await.until(WAIT, "the early message delivered", () -> count(f.broker.store(), "early") == 1);

            assertThat(f.send("Due", 0, "during", "DELAY", "1").code()).isZero();
            demote(f);
            assertThat(f.broker.writableServicesRunning()).isFalse();
            clock.advance(2, TimeUnit.SECONDS); // due while not writable: nobody delivers it

            // A new writer whose progress file is older than what the CommitLog shows (as a follower's is).
            Files.writeString(dir.resolve("config/delayOffset.json"), "{\"offsetTable\":{1:0,2:0}}");
            promote(f);
            assertThat(f.broker.writableServicesRunning()).isTrue();
            Await.until(WAIT, "the message due during the demotion delivered", () -> count(f.broker.store(), "during") == 1);
            clock.advance(10, TimeUnit.SECONDS);
            assertThat(f.send("Due", 0, "after", "DELAY", "1").code()).isZero();
            clock.advance(2, TimeUnit.SECONDS);
            Await.until(WAIT, "a later one delivered", () -> count(f.broker.store(), "after") == 1);
            assertThat(count(f.broker.store(), "early")).as("not delivered again from the stale progress").isEqualTo(1);
            assertThat(count(f.broker.store(), "during")).isEqualTo(1);
        }
    }

    private static void demote(BrokerFixture f) {
        f.broker.store().setRole(StoreRole.FOLLOWER);
        f.broker.writableServices().follow();
    }

    private static void promote(BrokerFixture f) {
        f.broker.store().setRole(StoreRole.MASTER);
        f.broker.writableServices().follow();
    }

    private static int count(MessageStore store, String body) {
        int n = 0;
        MessageRecordDecoder decoder = new MessageRecordDecoder();
        long offset = store.minOffsetInQueue("Due", 0);
        while (true) {
            GetResult r = store.getMessage("Due", 0, offset, 32, 1 << 20, MessageFilter.ALL);
            try {
                if (r.status() != GetStatus.FOUND || r.records().isEmpty()) {
                    return n;
                }
                for (StoredRecord rec : r.records()) {
                    DecodedMessage m = decoder.decode(rec.buffer(), 0);
                    if (body.equals(new String(m.body(), StandardCharsets.UTF_8))) {
                        n++;
                    }
                }
                offset = r.nextBeginOffset();
            } finally {
                r.release();
            }
        }
    }
}
