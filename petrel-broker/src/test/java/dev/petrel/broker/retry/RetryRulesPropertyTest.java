package dev.petrel.broker.retry;

import dev.petrel.broker.schedule.DelayLevelRewrite;
import dev.petrel.message.PropertiesCodec;
import dev.petrel.store.DelayLevels;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@link RetryRules} against the rules table of flows.md §10–§11, written out row by row here, over random inputs; and
 * the level the message is finally parked at (the delay rewrite caps it at the highest configured level).
 */
class RetryRulesPropertyTest {

    static final DelayLevelRewrite REWRITE = new DelayLevelRewrite(DelayLevels.parse(
        "1s 5s 10s 30s 1m 2m 3m 4m 5m 6m 7m 8m 9m 10m 20m 30m 1h 2h"));

    /** The table, row by row: which target a send-back gets. */
    static String expectedSendBack(int stored, int delayLevel, int max) {
        if (delayLevel < 0) {
            return "DLQ";                       // the client asked for it
        }
        if (stored >= max) {
            return "DLQ";                       // reconsumed max times already
        }
        if (delayLevel == 0) {
            long level = 3L + stored;           // the broker's back-off: 10 s, 30 s, 1 m, ...
            return "RETRY@" + Math.min(level, 18);
        }
        return "RETRY@" + Math.min(delayLevel, 18);
    }

    static String actualSendBack(int stored, int delayLevel, int max) {
        RetryRules.SendBack d = RetryRules.sendBack(stored, delayLevel, max);
        if (d.deadLetter()) {
            return "DLQ";
        }
        DelayLevelRewrite.Target t = REWRITE.rewrite("%RETRY%g", 0, PropertiesCodec.encode(
            java.util.Map.of("DELAY", Integer.toString(d.delayLevel()))), 0);
        assertThat(t.topic()).isEqualTo("SCHEDULE_TOPIC_XXXX");
        assertThat(t.queueId()).isEqualTo(t.level() - 1);
        assertThat(PropertiesCodec.decode(t.properties())).containsEntry("REAL_TOPIC", "%RETRY%g")
            .containsEntry("DELAY", Integer.toString(t.level()));
        return "RETRY@" + t.level();
    }

    @Property(tries = 2000)
    void sendBackFollowsTheTable(@ForAll @IntRange(min = 0, max = 40) int stored,
                                 @ForAll @IntRange(min = -3, max = 40) int delayLevel,
                                 @ForAll @IntRange(min = -1, max = 40) int max) {
        assertThat(actualSendBack(stored, delayLevel, max)).isEqualTo(expectedSendBack(stored, delayLevel, max));
    }

    @Property(tries = 500)
    void sendBackNeverOverflowsWithAnOrderlyClientsUnlimitedMax(@ForAll @IntRange(min = 0) int stored) {
        assertThat(actualSendBack(stored, 0, Integer.MAX_VALUE))
            .isEqualTo(stored == Integer.MAX_VALUE ? "DLQ" : "RETRY@" + Math.min(3L + stored, 18));
    }

    @Property(tries = 1000)
    void theHeaderMaxCountsOnlyFromVersion349(@ForAll @IntRange(min = 0, max = 40) int header,
                                             @ForAll boolean headerPresent,
                                             @ForAll @IntRange(min = 0, max = 600) int version,
                                             @ForAll @IntRange(min = 0, max = 40) int group) {
        int expected = headerPresent && version >= 121 ? header : group;
        assertThat(RetryRules.maxReconsumeTimes(headerPresent ? header : null, version, group)).isEqualTo(expected);
    }

    @Property(tries = 1000)
    void aRetrySendGoesToTheDeadLetterTopicPastMaxOrForAnOrderlyGroup(@ForAll @IntRange(min = 0, max = 40) int times,
                                                                      @ForAll @IntRange(min = 0, max = 40) int max,
                                                                      @ForAll boolean locked) {
        boolean expected = locked || times > max; // note: '>' here, '>=' for send-back (the count is already +1)
        assertThat(RetryRules.retrySendGoesToDeadLetter(times, max, locked)).isEqualTo(expected);
    }

    @Example
    void theDefaultScheduleIsTenSecondsThenThirtyThenAMinute() {
        assertThat(actualSendBack(0, 0, 16)).isEqualTo("RETRY@3");
        assertThat(actualSendBack(1, 0, 16)).isEqualTo("RETRY@4");
        assertThat(actualSendBack(15, 0, 16)).isEqualTo("RETRY@18");
        assertThat(actualSendBack(16, 0, 16)).isEqualTo("DLQ");
    }
}
