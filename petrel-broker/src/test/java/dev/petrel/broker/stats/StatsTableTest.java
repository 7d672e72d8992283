package dev.petrel.broker.stats;

import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** The VIEW_BROKER_STATS_DATA windows, stepped with explicit times (Apache's StatsItem arithmetic). */
class StatsTableTest {

    private static final long T0 = 1_700_000_000_000L;

    /** A running value and call count, as their owner (BrokerStats' counters) keeps them. */
    private static final class Totals {
        final AtomicLong value = new AtomicLong();
        final AtomicLong calls = new AtomicLong();

        Totals tracked(StatsTable t, String name, String key) {
            t.track(name, key, value::get, calls::get);
            return this;
        }

        void add(long v, int c) {
            value.addAndGet(v);
            calls.addAndGet(c);
        }
    }

    @Test
    void theFirstSampleHasARateAgainstTheZeroSeedOnePeriodEarlier() {
        StatsTable t = new StatsTable();
        Totals topic = new Totals().tracked(t, StatsTable.TOPIC_PUT_NUMS, "T");
        for (int i = 0; i < 3; i++) {
            topic.add(10, 1); // three sends of a batch of 10
        }
        assertThat(t.window(StatsTable.TOPIC_PUT_NUMS, "T"))
            .as("nothing is reported before the first sample").isEqualTo(new StatsTable.Snapshot(
                new StatsTable.Window(0, 0, 0), new StatsTable.Window(0, 0, 0), new StatsTable.Window(0, 0, 0)));
        t.sample(T0);

        StatsTable.Snapshot s = t.window(StatsTable.TOPIC_PUT_NUMS, "T");
        assertThat(s.minute()).isEqualTo(new StatsTable.Window(30, 3.0, 10.0)); // 30 in 10 s, 10 per call
        assertThat(s.hour()).isEqualTo(new StatsTable.Window(30, 30 * 1000.0 / 600_000, 10.0));
        assertThat(s.day()).isEqualTo(new StatsTable.Window(30, 30 * 1000.0 / 3_600_000, 10.0));
    }

    @Test
    void theMinuteWindowSlidesOverSevenSamplesAndTheHourOneMovesEveryTenMinutes() {
        StatsTable t = new StatsTable();
        Totals group = new Totals().tracked(t, StatsTable.GROUP_GET_NUMS, "T@g");
        group.add(5, 1);
        t.sample(T0);
        for (int i = 1; i <= 6; i++) {
            group.add(2, 2);
            t.sample(T0 + i * 10_000L);
        }
        StatsTable.Snapshot s = t.window(StatsTable.GROUP_GET_NUMS, "T@g");
        // Seven samples kept: the zero seed fell out, the oldest is T0's (value 5); 12 more over 60 s in 12 calls.
        assertThat(s.minute()).isEqualTo(new StatsTable.Window(12, 0.2, 1.0));
        // No hour sample since T0's: still 5 against the seed.
        assertThat(s.hour()).isEqualTo(new StatsTable.Window(5, 5 * 1000.0 / 600_000, 5.0));

        t.sample(T0 + 600_000); // ten minutes after the first: the hour window moves
        assertThat(t.window(StatsTable.GROUP_GET_NUMS, "T@g").hour())
            .isEqualTo(new StatsTable.Window(17, 17 * 1000.0 / 1_200_000, 17.0 / 13));
        assertThat(t.window(StatsTable.GROUP_GET_NUMS, "T@g").day().sum()).isEqualTo(5);
    }

    @Test
    void unknownNamesAndKeysHaveNoWindowsAndBrokerWideCountsHaveNoCalls() {
        StatsTable t = new StatsTable();
        new Totals().tracked(t, StatsTable.BROKER_PUT_NUMS, "DefaultCluster").add(4, 0);
        t.sample(T0);
        assertThat(t.window(StatsTable.BROKER_PUT_NUMS, "DefaultCluster").minute())
            .isEqualTo(new StatsTable.Window(4, 0.4, 0));
        assertThat(t.window(StatsTable.TOPIC_PUT_NUMS, "Nope")).isNull();
        assertThat(t.window("QUEUE_PUT_NUMS", "T@0")).isNull();
        assertThat(t.window(StatsTable.TOPIC_PUT_NUMS, null)).isNull();
    }

    @Test
    void anUntrackedKeyHasNoWindowsAndTrackingAgainStartsAfresh() {
        StatsTable t = new StatsTable();
        new Totals().tracked(t, StatsTable.TOPIC_PUT_NUMS, "T").add(7, 1);
        t.sample(T0);
        t.untrack(StatsTable.TOPIC_PUT_NUMS, "T");
        assertThat(t.window(StatsTable.TOPIC_PUT_NUMS, "T")).isNull();
        new Totals().tracked(t, StatsTable.TOPIC_PUT_NUMS, "T").add(2, 1); // the topic created again
        t.sample(T0 + 10_000);
        assertThat(t.window(StatsTable.TOPIC_PUT_NUMS, "T").minute().sum()).isEqualTo(2);
    }
}
