package dev.petrel.broker;

import static dev.petrel.broker.BrokerFixture.pullHeader;
import static dev.petrel.broker.pull.PullSysFlag.SUBSCRIPTION;
import static org.assertj.core.api.Assertions.assertThat;

import dev.petrel.common.time.ManualClock;
import dev.petrel.protocol.body.stats.BrokerStatsData;
import dev.petrel.protocol.body.stats.BrokerStatsItem;
import dev.petrel.protocol.code.RequestCode;
import dev.petrel.protocol.code.ResponseCode;
import dev.petrel.protocol.frame.RemotingCommand;
import dev.petrel.protocol.header.admin.ViewBrokerStatsDataRequestHeader;
import dev.petrel.testkit.Await;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * VIEW_BROKER_STATS_DATA (315) after a known workload on a broker whose clock the test moves: the exact sums, rates
 * and per-call averages of TOPIC_PUT_NUMS, TOPIC_PUT_SIZE, GROUP_GET_NUMS, GROUP_GET_SIZE and BROKER_PUT_NUMS once
 * the housekeeping thread took its 10 s sample.
 */
class ViewBrokerStatsDataTest {

    @TempDir
    Path dir;

    private final ManualClock clock = new ManualClock(1_700_000_000_000L);

    @Test
    void sumsRatesAndAveragesOfPutsAndGets() throws Exception {
        try (BrokerFixture f = new BrokerFixture(dir, Map.of(), clock)) {
            for (int i = 0; i < 10; i++) {
                assertThat(f.send("StatsT", 0, "message-" + i).code()).isEqualTo(ResponseCode.SUCCESS);
            }
            Await.until(Duration.ofSeconds(60), "dispatch", () -> f.broker.store().maxOffsetInQueue("StatsT", 0) == 10);
            RemotingCommand pull = f.pull(pullHeader("gStats", "StatsT", 0, 0, SUBSCRIPTION, 0, "*"));
            assertThat(BrokerFixture.decode(pull)).hasSize(10);
            long bytes = f.broker.store().commitLogMaxOffset(); // the ten records are all the CommitLog holds

            RemotingCommand before = stats(f, "TOPIC_PUT_NUMS", "StatsT");
            assertThat(before.code()).isEqualTo(ResponseCode.SUCCESS);
            assertThat(BrokerStatsData.CODEC.decode(before.body()).statsMinute().sum())
                .as("nothing is reported before the first sample").isZero();

            clock.advance(10, TimeUnit.SECONDS); // the housekeeping thread's sample is due
            Await.until(Duration.ofSeconds(60), "the 10 s sample", () -> data(f, "TOPIC_PUT_NUMS", "StatsT")
                .statsMinute().sum() == 10);

            // ten sends of one message: 10 in the minute window (seeded one period earlier), 1 per call
            assertThat(data(f, "TOPIC_PUT_NUMS", "StatsT")).isEqualTo(new BrokerStatsData(
                new BrokerStatsItem(1.0, 10, 10 * 1000.0 / 3_600_000), new BrokerStatsItem(1.0, 10, 10 * 1000.0 / 600_000),
                new BrokerStatsItem(1.0, 10, 1.0)));
            assertThat(data(f, "TOPIC_PUT_SIZE", "StatsT").statsMinute())
                .isEqualTo(new BrokerStatsItem(bytes / 10.0, bytes, bytes * 1000.0 / 10_000));
            // one pull of ten messages
            assertThat(data(f, "GROUP_GET_NUMS", "StatsT@gStats").statsMinute())
                .isEqualTo(new BrokerStatsItem(10.0, 10, 1.0));
            assertThat(data(f, "GROUP_GET_SIZE", "StatsT@gStats").statsDay().sum()).isEqualTo(bytes);
            assertThat(data(f, "BROKER_PUT_NUMS", "DefaultCluster").statsMinute())
                .isEqualTo(new BrokerStatsItem(0, 10, 1.0));

            RemotingCommand missing = stats(f, "GROUP_GET_NUMS", "StatsT@nobody");
            assertThat(missing.code()).isEqualTo(ResponseCode.SYSTEM_ERROR);
            assertThat(missing.remark()).isEqualTo("The stats <GROUP_GET_NUMS> <StatsT@nobody> not exist");
            RemotingCommand unknown = stats(f, "QUEUE_PUT_NUMS", "StatsT@0");
            assertThat(unknown.code()).isEqualTo(ResponseCode.SYSTEM_ERROR);
            assertThat(unknown.remark()).startsWith("The stats <QUEUE_PUT_NUMS> <StatsT@0> not exist; this broker keeps [");
            RemotingCommand noHeader = f.call(RemotingCommand.request(RequestCode.VIEW_BROKER_STATS_DATA, null, null));
            assertThat(noHeader.code()).isNotEqualTo(ResponseCode.SUCCESS);
        }
    }

    private static RemotingCommand stats(BrokerFixture f, String name, String key) throws Exception {
        return f.call(RequestCode.VIEW_BROKER_STATS_DATA, new ViewBrokerStatsDataRequestHeader(name, key), null);
    }

    private static BrokerStatsData data(BrokerFixture f, String name, String key) {
        try {
            RemotingCommand r = stats(f, name, key);
            assertThat(r.code()).as(r.remark()).isEqualTo(ResponseCode.SUCCESS);
            return BrokerStatsData.CODEC.decode(r.body());
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }
}
