package dev.petrel.broker.schedule;

import dev.petrel.message.PropertiesCodec;
import dev.petrel.message.SysFlag;
import dev.petrel.store.DelayLevels;
import org.junit.jupiter.api.Test;

import java.util.LinkedHashMap;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** The put-path rule of system-topics.md §3. */
class DelayLevelRewriteTest {

    final DelayLevelRewrite rewrite = new DelayLevelRewrite(DelayLevels.parse("1s 5s 10s"));

    static String props(String... nv) {
        Map<String, String> m = new LinkedHashMap<>();
        for (int i = 0; i < nv.length; i += 2) {
            m.put(nv[i], nv[i + 1]);
        }
        return PropertiesCodec.encode(m);
    }

    @Test
    void aDelayedMessageIsParkedInItsLevelsQueueWithItsRealTopicAndQueue() {
        DelayLevelRewrite.Target t = rewrite.rewrite("Orders", 3, props("TAGS", "a", "DELAY", "2", "UNIQ_KEY", "U1",
            "KEYS", "k"), 0);
        assertThat(t.topic()).isEqualTo("SCHEDULE_TOPIC_XXXX");
        assertThat(t.queueId()).isEqualTo(1);
        assertThat(t.level()).isEqualTo(2);
        assertThat(PropertiesCodec.decode(t.properties())).containsExactly(Map.entry("TAGS", "a"),
            Map.entry("DELAY", "2"), Map.entry("UNIQ_KEY", "U1"), Map.entry("KEYS", "k"),
            Map.entry("REAL_TOPIC", "Orders"), Map.entry("REAL_QID", "3"));
    }

    @Test
    void aLevelAboveTheHighestBecomesTheHighest() {
        DelayLevelRewrite.Target t = rewrite.rewrite("T", 0, props("DELAY", "99"), 0);
        assertThat(t.queueId()).isEqualTo(2);
        assertThat(PropertiesCodec.decode(t.properties())).containsEntry("DELAY", "3");
    }

    @Test
    void theDelayLevelWinsOverTimerProperties() {
        DelayLevelRewrite.Target t = rewrite.rewrite("T", 0, props("DELAY", "1", "TIMER_DELAY_SEC", "30",
            "TIMER_DELAY_MS", "5", "TIMER_DELIVER_MS", "1700000000000"), 0);
        assertThat(PropertiesCodec.decode(t.properties())).doesNotContainKeys("TIMER_DELAY_SEC", "TIMER_DELAY_MS",
            "TIMER_DELIVER_MS");
    }

    @Test
    void messagesWithoutAPositiveLevelOrThatAreHalfMessagesAreNotTouched() {
        assertThat(rewrite.rewrite("T", 0, props("TAGS", "a"), 0)).isNull();
        assertThat(rewrite.rewrite("T", 0, props("DELAY", "0"), 0)).isNull();
        assertThat(rewrite.rewrite("%DLQ%g", 0, props("DELAY", "-1"), 0)).isNull();
        assertThat(rewrite.rewrite("T", 0, props("DELAY", "2"), SysFlag.TRANSACTION_PREPARED_TYPE)).isNull();
        assertThat(rewrite.rewrite("T", 0, props("DELAY", "2"), SysFlag.TRANSACTION_ROLLBACK_TYPE)).isNull();
        assertThat(rewrite.rewrite("T", 0, props("DELAY", "2"), SysFlag.TRANSACTION_COMMIT_TYPE)).isNotNull();
    }

    @Test
    void aDelayThatIsNotANumberIsIllegalWithAReason() {
        DelayLevelRewrite.Target t = rewrite.rewrite("T", 0, props("DELAY", "soon"), 0);
        assertThat(t.isIllegal()).isTrue();
        assertThat(t.illegal()).contains("DELAY=soon").contains("1..3");
    }

    @Test
    void anEntryIsDueAtItsTagSlotUnlessTheClockMovedBack() {
        assertThat(DueTime.effective(10_000, 9_000, 5_000)).isEqualTo(10_000);
        assertThat(DueTime.effective(14_000, 9_000, 5_000)).isEqualTo(14_000);
        assertThat(DueTime.effective(14_001, 9_000, 5_000)).as("more than one delay ahead: the clock moved back")
            .isEqualTo(9_000);
    }
}
