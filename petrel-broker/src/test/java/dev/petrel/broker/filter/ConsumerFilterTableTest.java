package dev.petrel.broker.filter;

import dev.petrel.message.filter.FilterCache;
import dev.petrel.protocol.body.heartbeat.SubscriptionData;
import org.junit.jupiter.api.Test;

import java.util.HashSet;
import java.util.List;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;

/** Apache's registration rules for consumer filters, stepped with explicit times. */
class ConsumerFilterTableTest {

    private static final long DAY = 24L * 3600 * 1000;

    private final Set<String> liveGroups = new HashSet<>(Set.of("g"));
    private final ConsumerFilterTable table = new ConsumerFilterTable(new FilterCache(16), liveGroups::contains, DAY);

    private static SubscriptionData sql(String topic, String expression, long version) {
        return SubscriptionData.of(topic, "SQL92", expression, version);
    }

    @Test
    void sqlSubscriptionsAreRegisteredAndTagOnesAreNot() {
        table.register("g", List.of(sql("T", "a > 1", 100), SubscriptionData.of("%RETRY%g", "TAG", "*", 100),
            SubscriptionData.of("U", "TAG", "x || y", 100)), 1_000);
        ConsumerFilter f = table.get("T", "g");
        assertThat(f.expression()).isEqualTo("a > 1");
        assertThat(f.clientVersion()).isEqualTo(100);
        assertThat(f.bornMillis()).isEqualTo(1_000);
        assertThat(f.isDead()).isFalse();
        assertThat(table.get("%RETRY%g", "g")).isNull();
        assertThat(table.get("U", "g")).isNull();
        assertThat(table.size()).isEqualTo(1);
    }

    @Test
    void aVersionNotNewerChangesNothing() {
        table.register("T", "g", "SQL92", "a > 1", 100, 1_000);
        assertThat(table.register("T", "g", "SQL92", "b = 'x'", 100, 2_000)).isFalse();
        assertThat(table.register("T", "g", "SQL92", "b = 'x'", 99, 2_000)).isFalse();
        assertThat(table.get("T", "g").expression()).isEqualTo("a > 1");
    }

    @Test
    void aNewerVersionReplacesTheExpressionOrOnlyRaisesTheVersion() {
        table.register("T", "g", "SQL92", "a > 1", 100, 1_000);
        assertThat(table.register("T", "g", "SQL92", "a > 1", 200, 2_000)).isTrue();
        assertThat(table.get("T", "g").clientVersion()).isEqualTo(200);
        assertThat(table.get("T", "g").bornMillis()).isEqualTo(1_000);
        assertThat(table.register("T", "g", "SQL92", "b = 'x'", 300, 3_000)).isTrue();
        assertThat(table.get("T", "g").expression()).isEqualTo("b = 'x'");
        assertThat(table.get("T", "g").bornMillis()).isEqualTo(3_000);
    }

    @Test
    void anExpressionThatDoesNotCompileRegistersNothingAndRemovesAnOlderOne() {
        assertThat(table.register("T", "g", "SQL92", "a >", 100, 1_000)).isFalse();
        assertThat(table.get("T", "g")).isNull();
        table.register("T", "g", "SQL92", "a > 1", 200, 2_000);
        table.register("T", "g", "SQL92", "a > 'x'", 300, 3_000);
        assertThat(table.get("T", "g")).isNull();
    }

    @Test
    void topicsLeavingTheSubscriptionsDieAndComeBackWithTheSameVersion() {
        table.register("g", List.of(sql("T", "a > 1", 100), sql("U", "b > 1", 100)), 1_000);
        table.register("g", List.of(sql("U", "b > 1", 100)), 2_000);
        assertThat(table.get("T", "g").deadMillis()).isEqualTo(2_000);
        assertThat(table.get("U", "g").isDead()).isFalse();
        table.register("g", List.of(sql("T", "a > 1", 100), sql("U", "b > 1", 100)), 3_000);
        assertThat(table.get("T", "g").isDead()).isFalse();
    }

    @Test
    void groupsWithoutMembersDieAndAreRemovedAfterTheCleanSpan() {
        table.register("T", "g", "SQL92", "a > 1", 100, 1_000);
        table.register("T", "h", "SQL92", "a > 2", 100, 1_000);
        table.unregister("h", 5_000);
        assertThat(table.get("T", "h").deadMillis()).isEqualTo(5_000);
        table.sweep(6_000);
        assertThat(table.get("T", "g").isDead()).isFalse();
        liveGroups.remove("g");
        table.sweep(7_000);
        assertThat(table.get("T", "g").deadMillis()).isEqualTo(7_000);
        // Dead entries still answer (a pull racing the last member's departure), until the clean span passes.
        table.sweep(5_000 + DAY - 1);
        assertThat(table.get("T", "h")).isNotNull();
        table.sweep(5_000 + DAY);
        assertThat(table.get("T", "h")).isNull();
        assertThat(table.get("T", "g")).isNotNull();
        table.sweep(7_000 + DAY);
        assertThat(table.size()).isZero();
    }

    @Test
    void heartbeatsSweepDeadGroupsNowAndThen() {
        table.register("T", "gone", "SQL92", "a > 1", 100, 0);
        table.register("g", List.of(sql("T", "a > 1", 100)), ConsumerFilterTable.SWEEP_INTERVAL_MILLIS);
        assertThat(table.get("T", "gone").deadMillis()).isEqualTo(ConsumerFilterTable.SWEEP_INTERVAL_MILLIS);
    }
}
