package dev.petrel.broker.pull;

import dev.petrel.protocol.body.subscription.SubscriptionGroupConfig;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** suggestWhichBrokerId as RocketMQ computes it (storage-layout.md §9.4). */
class ReadSuggestionTest {

    private static final SubscriptionGroupConfig GROUP = SubscriptionGroupConfig.of("g");

    @Test
    void withoutSlaveReadEveryAnswerSuggestsTheMaster() {
        ReadSuggestion s = new ReadSuggestion(() -> false, 100);
        assertThat(s.suggest(GROUP, 10_000, 0)).isZero();
        assertThat(ReadSuggestion.masterOnly().suggest(GROUP, Long.MAX_VALUE, 0)).isZero();
    }

    @Test
    void withSlaveReadColdDataSuggestsTheGroupsSlowConsumerBroker() {
        boolean[] enabled = {true};
        ReadSuggestion s = new ReadSuggestion(() -> enabled[0], 100);
        assertThat(s.suggest(GROUP, 1000, 899)).isEqualTo(GROUP.whichBrokerWhenConsumeSlowly()).isEqualTo(1);
        assertThat(s.suggest(GROUP, 1000, 900)).isEqualTo(GROUP.brokerId()).isZero(); // exactly at the window: hot
        assertThat(s.suggest(GROUP, 1000, -1)).isZero(); // nothing returned: hot
        enabled[0] = false; // dynamic
        assertThat(s.suggest(GROUP, 1000, 0)).isZero();
    }

    @Test
    void residentBytesIsAShareOfPhysicalMemory() {
        assertThat(ReadSuggestion.residentBytes(40)).isGreaterThan(ReadSuggestion.residentBytes(30)).isPositive();
        assertThat(ReadSuggestion.residentBytes(0)).isZero();
    }
}
