package dev.petrel.broker.client;

import dev.petrel.protocol.body.heartbeat.SubscriptionData;
import org.junit.jupiter.api.Test;

import java.util.Map;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;

class SubscriptionConflictsTest {

    private static SubscriptionData tag(String topic, String expr) {
        return SubscriptionData.of(topic, "TAG", expr, 1);
    }

    @Test
    void sameSubscriptionsInAnyTagOrderAgree() {
        assertThat(SubscriptionConflicts.detect("g", Map.of(
            "a", Set.of(tag("T", "x || y")), "b", Set.of(tag("T", "y||x"))))).isEmpty();
    }

    @Test
    void differentTagsConflict() {
        var conflicts = SubscriptionConflicts.detect("g", Map.of("a", Set.of(tag("T", "x")), "b", Set.of(tag("T", "y"))));
        assertThat(conflicts).singleElement().satisfies(c -> {
            assertThat(c.topic()).isEqualTo("T");
            assertThat(c.expressions()).containsEntry("a", "TAG x").containsEntry("b", "TAG y");
        });
    }

    @Test
    void aMemberMissingATopicConflicts() {
        var conflicts = SubscriptionConflicts.detect("g", Map.of(
            "a", Set.of(tag("T", "*"), tag("U", "*")), "b", Set.of(tag("T", "*"))));
        assertThat(conflicts).singleElement().satisfies(c -> {
            assertThat(c.topic()).isEqualTo("U");
            assertThat(c.expressions()).containsEntry("b", SubscriptionConflicts.NOT_SUBSCRIBED);
        });
    }

    @Test
    void sqlAndTagDifferAndMembersWithoutSubscriptionsAreIgnored() {
        assertThat(SubscriptionConflicts.detect("g", Map.of(
            "a", Set.of(SubscriptionData.of("T", "SQL92", "a > 1", 1)), "b", Set.of(tag("T", "*"))))).hasSize(1);
        assertThat(SubscriptionConflicts.detect("g", Map.of("a", Set.of(tag("T", "x")), "lite", Set.of()))).isEmpty();
    }
}
