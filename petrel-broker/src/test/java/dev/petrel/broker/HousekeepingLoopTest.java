package dev.petrel.broker;

import dev.petrel.broker.client.ConsumerRegistry;
import dev.petrel.broker.client.ProducerRegistry;
import dev.petrel.broker.metadata.ConfigFile;
import dev.petrel.broker.offset.ConsumerOffsetTable;
import dev.petrel.broker.stats.BrokerStats;
import dev.petrel.common.time.ManualClock;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.ZoneOffset;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/** The periodic chores, stepped with a manual clock: offsets reach the file within 5 s, and only when they changed. */
class HousekeepingLoopTest {

    @TempDir
    Path dir;

    @Test
    void offsetsAreWrittenEveryFlushIntervalWhenChanged() throws Exception {
        ManualClock clock = new ManualClock(1_700_000_000_000L);
        Path file = dir.resolve("consumerOffset.json");
        ConsumerOffsetTable offsets = new ConsumerOffsetTable(new ConfigFile(file), clock);
        BrokerStats stats = new BrokerStats(ZoneOffset.UTC, clock.millis());
        HousekeepingLoop loop = new HousekeepingLoop(clock, offsets, new ConsumerRegistry(clock), new ProducerRegistry(clock),
            stats, 5_000, 120_000);
        offsets.commit("g", "T", 0, 42);
        clock.advance(4_999, TimeUnit.MILLISECONDS);
        loop.runDue();
        assertThat(Files.exists(file)).isFalse();
        clock.advance(1, TimeUnit.MILLISECONDS);
        loop.runDue();
        assertThat(Files.readString(file)).contains("\"T@g\"").contains("42");
        long modified = Files.getLastModifiedTime(file).toMillis();
        Files.setLastModifiedTime(file, java.nio.file.attribute.FileTime.fromMillis(modified - 60_000));
        clock.advance(5, TimeUnit.SECONDS);
        loop.runDue();
        assertThat(Files.getLastModifiedTime(file).toMillis()).as("unchanged offsets are not rewritten")
            .isEqualTo(modified - 60_000);
        ConsumerOffsetTable reloaded = new ConsumerOffsetTable(new ConfigFile(file), clock);
        reloaded.load();
        assertThat(reloaded.query("g", "T", 0)).isEqualTo(42);
    }
}
