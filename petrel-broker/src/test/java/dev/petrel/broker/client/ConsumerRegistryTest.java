package dev.petrel.broker.client;

import dev.petrel.common.time.ManualClock;
import dev.petrel.protocol.body.heartbeat.ConsumeFromWhere;
import dev.petrel.protocol.body.heartbeat.ConsumeType;
import dev.petrel.protocol.body.heartbeat.MessageModel;
import dev.petrel.protocol.body.heartbeat.SubscriptionData;
import dev.petrel.protocol.code.RequestCode;
import dev.petrel.protocol.frame.LanguageCode;
import org.junit.jupiter.api.Test;

import java.util.Set;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/** Consumer group membership logic with a manual clock: joins, subscription changes, expiry, notifications. */
class ConsumerRegistryTest {

    final ManualClock clock = new ManualClock(0);
    final ConsumerRegistry registry = new ConsumerRegistry(clock);

    {
        registry.setListener(new ConsumerIdsNotifier(() -> true, "broker-a"));
    }

    private boolean join(FakeConnection c, String clientId, MessageModel model, long subVersion, String tags) {
        return registry.register("g", new ClientSession(c, clientId, LanguageCode.JAVA, 475, clock.millis()),
            ConsumeType.CONSUME_PASSIVELY, model, ConsumeFromWhere.CONSUME_FROM_LAST_OFFSET,
            Set.of(SubscriptionData.of("T", "TAG", tags, subVersion)), true);
    }

    @Test
    void joiningNotifiesEveryMemberAndRefreshingDoesNot() {
        FakeConnection a = new FakeConnection();
        FakeConnection b = new FakeConnection();
        assertThat(join(a, "a", MessageModel.CLUSTERING, 1, "*")).isTrue();
        assertThat(join(a, "a", MessageModel.CLUSTERING, 1, "*")).isFalse();
        assertThat(join(b, "b", MessageModel.CLUSTERING, 1, "*")).isTrue();
        assertThat(a.oneways).hasSize(2);
        assertThat(b.oneways).hasSize(1);
        assertThat(a.oneways.get(0).code()).isEqualTo(RequestCode.NOTIFY_CONSUMER_IDS_CHANGED);
        assertThat(a.oneways.get(0).extField("consumerGroup")).isEqualTo("g");
        assertThat(registry.group("g").clientIds()).containsExactly("a", "b");
    }

    @Test
    void broadcastingGroupsAreNotNotified() {
        FakeConnection a = new FakeConnection();
        join(a, "a", MessageModel.BROADCASTING, 1, "*");
        join(new FakeConnection(), "b", MessageModel.BROADCASTING, 1, "*");
        assertThat(a.oneways).isEmpty();
    }

    @Test
    void newerSubscriptionVersionReplacesTheGroupsSubscription() {
        FakeConnection a = new FakeConnection();
        join(a, "a", MessageModel.CLUSTERING, 5, "A");
        join(a, "a", MessageModel.CLUSTERING, 4, "B");
        assertThat(registry.group("g").subscription("T").subString()).isEqualTo("A");
        join(a, "a", MessageModel.CLUSTERING, 6, "C");
        assertThat(registry.group("g").subscription("T").subString()).isEqualTo("C");
    }

    @Test
    void membersWithoutHeartbeatForTheTimeoutAreDroppedAndClosed() {
        FakeConnection a = new FakeConnection();
        FakeConnection b = new FakeConnection();
        join(a, "a", MessageModel.CLUSTERING, 1, "*");
        join(b, "b", MessageModel.CLUSTERING, 1, "*");
        clock.advance(100, TimeUnit.SECONDS);
        join(b, "b", MessageModel.CLUSTERING, 1, "*");
        clock.advance(21, TimeUnit.SECONDS);
        assertThat(registry.scanExpired(120_000)).isEqualTo(1);
        assertThat(a.active).isFalse();
        assertThat(b.active).isTrue();
        assertThat(registry.group("g").clientIds()).containsExactly("b");
        assertThat(b.oneways).as("b hears a left").hasSize(2);
        clock.advance(121, TimeUnit.SECONDS);
        assertThat(registry.scanExpired(120_000)).isEqualTo(1);
        assertThat(registry.group("g")).isNull();
    }

    @Test
    void closedConnectionLeavesEveryGroup() {
        FakeConnection a = new FakeConnection();
        join(a, "a", MessageModel.CLUSTERING, 1, "*");
        registry.register("g2", new ClientSession(a, "a", LanguageCode.JAVA, 475, 0), ConsumeType.CONSUME_ACTIVELY,
            MessageModel.CLUSTERING, ConsumeFromWhere.CONSUME_FROM_FIRST_OFFSET, Set.of(), true);
        registry.connectionClosed(a);
        assertThat(registry.groupNames()).isEmpty();
    }
}
