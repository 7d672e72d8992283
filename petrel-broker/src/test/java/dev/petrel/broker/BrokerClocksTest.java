package dev.petrel.broker;

import dev.petrel.common.time.Clock;
import dev.petrel.common.time.ManualClock;
import dev.petrel.protocol.body.heartbeat.MessageModel;
import dev.petrel.protocol.body.heartbeat.SubscriptionData;
import dev.petrel.protocol.code.ResponseCode;
import dev.petrel.protocol.frame.RemotingCommand;
import dev.petrel.testkit.Await;
import dev.petrel.testkit.FreePorts;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static dev.petrel.broker.BrokerFixture.pullHeader;
import static dev.petrel.broker.pull.PullSysFlag.SUBSCRIPTION;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The broker's two clocks: store timestamps follow the schedule clock, client liveness follows the real clock, so
 * advancing the schedule clock by hours moves stored time without expiring a live consumer.
 */
class BrokerClocksTest {

    @Test
    void advancingTheScheduleClockMovesStoreTimeButNotLiveness(@TempDir Path dir) throws Exception {
        long start = 1_900_000_000_000L;
        ManualClock schedule = new ManualClock(start);
        int port = FreePorts.next();
        BrokerServer broker = new BrokerServer(BrokerFixture.config(dir, port, Map.of()), Clock.system(), schedule);
        try (BrokerFixture f = BrokerFixture.around(broker, dir, port)) {
            assertThat(broker.scheduleClock()).isSameAs(schedule);
            assertThat(f.heartbeat(BrokerFixture.consumerHeartbeat("c1", "gClock", MessageModel.CLUSTERING,
                SubscriptionData.of("ClockTopic", "TAG", "*", 1))).code()).isEqualTo(ResponseCode.SUCCESS);

            assertThat(f.send("ClockTopic", 0, "before").code()).isEqualTo(ResponseCode.SUCCESS);
            schedule.advance(3, TimeUnit.HOURS);
            assertThat(f.send("ClockTopic", 0, "after").code()).isEqualTo(ResponseCode.SUCCESS);
            Await.until(Duration.ofSeconds(5), "dispatch", () -> broker.store().maxOffsetInQueue("ClockTopic", 0) == 2);

            RemotingCommand r = f.pull(pullHeader("gClock", "ClockTopic", 0, 0, SUBSCRIPTION, 0, "*"));
            var messages = BrokerFixture.decode(r);
            assertThat(messages.get(0).storeTimestamp()).isEqualTo(start);
            assertThat(messages.get(1).storeTimestamp()).isEqualTo(start + TimeUnit.HOURS.toMillis(3));

            // Heartbeats were timed by the real clock: three scheduled hours later the consumer is still a member.
            assertThat(broker.consumers().scanExpired(BrokerConfig.CHANNEL_EXPIRED_TIMEOUT.defaultValue())).isZero();
            assertThat(broker.consumers().group("gClock")).isNotNull();
        }
    }
}
