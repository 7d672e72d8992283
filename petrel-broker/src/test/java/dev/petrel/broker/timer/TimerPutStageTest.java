package dev.petrel.broker.timer;

import dev.petrel.broker.processor.Refusal;
import dev.petrel.broker.send.PendingMessage;
import dev.petrel.common.config.Config;
import dev.petrel.common.time.ManualClock;
import dev.petrel.message.PropertiesCodec;
import dev.petrel.message.SysFlag;
import dev.petrel.protocol.code.ResponseCode;
import dev.petrel.store.timer.TimerConfig;
import org.junit.jupiter.api.Test;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** The send path's timer rules, pure, under a manual clock. */
class TimerPutStageTest {

    private static final long NOW = 1_700_000_000_400L;
    private final ManualClock clock = new ManualClock(NOW);

    private static TimerConfig.Settings settings(String... kv) {
        Map<String, String> raw = new LinkedHashMap<>();
        for (int i = 0; i < kv.length; i += 2) {
            raw.put(kv[i], kv[i + 1]);
        }
        Config c = TimerConfig.DEF.parse(raw, k -> {
            throw new IllegalArgumentException(k);
        });
        return TimerConfig.Settings.of(c);
    }

    private TimerPutStage stage(String... kv) {
        return new TimerPutStage(clock, settings(kv), due -> false);
    }

    private static PendingMessage message(int sysFlag, String... kv) {
        Map<String, String> p = new LinkedHashMap<>();
        p.put("UNIQ_KEY", "U1");
        for (int i = 0; i < kv.length; i += 2) {
            p.put(kv[i], kv[i + 1]);
        }
        return new PendingMessage("Orders", 3, PropertiesCodec.encode(p), sysFlag, false);
    }

    @Test
    void deliverTimeParksInTheTimerQueueWithRealTopicAndRoundedOutTime() {
        PendingMessage m = message(0, "TIMER_DELIVER_MS", Long.toString(NOW + 5_000), "k", "v");
        assertThat(stage().apply(m)).isNull();
        assertThat(m.topic()).isEqualTo("rmq_sys_wheel_timer");
        assertThat(m.queueId()).isZero();
        assertThat(PropertiesCodec.decode(m.properties())).containsEntry("TIMER_OUT_MS", "1700000005000")
            .containsEntry("REAL_TOPIC", "Orders").containsEntry("REAL_QID", "3").containsEntry("k", "v")
            .containsEntry("TIMER_DELIVER_MS", Long.toString(NOW + 5_000));
    }

    @Test
    void exactMultipleOfThePrecisionGoesOnePrecisionLowerAsInRocketMq() {
        PendingMessage m = message(0, "TIMER_DELIVER_MS", "1700000007000");
        assertThat(stage().apply(m)).isNull();
        assertThat(PropertiesCodec.find(m.properties(), "TIMER_OUT_MS")).isEqualTo("1700000006000");
    }

    @Test
    void delaySecondsAndMillisecondsCountFromNow() {
        PendingMessage sec = message(0, "TIMER_DELAY_SEC", "10");
        assertThat(stage().apply(sec)).isNull();
        assertThat(PropertiesCodec.find(sec.properties(), "TIMER_OUT_MS")).isEqualTo("1700000010000");
        PendingMessage ms = message(0, "TIMER_DELAY_MS", "2500");
        assertThat(stage().apply(ms)).isNull();
        assertThat(PropertiesCodec.find(ms.properties(), "TIMER_OUT_MS")).isEqualTo("1700000002000");
    }

    @Test
    void beyondTheMaxDelayIsIllegalAndNothingChanges() {
        PendingMessage m = message(0, "TIMER_DELAY_SEC", "61");
        String before = m.properties();
        Refusal r = stage("timerMaxDelaySec", "60").apply(m);
        assertThat(r.code()).isEqualTo(ResponseCode.MESSAGE_ILLEGAL);
        assertThat(r.remark()).contains("max delay 60000ms").contains("timerMaxDelaySec is 60");
        assertThat(m.topic()).isEqualTo("Orders");
        assertThat(m.properties()).isEqualTo(before);
        assertThat(stage("timerMaxDelaySec", "60").apply(message(0, "TIMER_DELAY_SEC", "60"))).isNull();
        // the 5.3.1 default: 3 days
        assertThat(stage().apply(message(0, "TIMER_DELAY_SEC", Long.toString(3 * 86_400 + 1))).code())
            .isEqualTo(ResponseCode.MESSAGE_ILLEGAL);
    }

    @Test
    void unparsableValueIsIllegal() {
        Refusal r = stage().apply(message(0, "TIMER_DELIVER_MS", "tomorrow"));
        assertThat(r.code()).isEqualTo(ResponseCode.MESSAGE_ILLEGAL);
        assertThat(r.remark()).contains("TIMER_DELIVER_MS=tomorrow");
        assertThat(stage().apply(message(0, "TIMER_DELAY_SEC", Long.toString(Long.MAX_VALUE))).code())
            .isEqualTo(ResponseCode.MESSAGE_ILLEGAL);
    }

    @Test
    void pastTimeIsStoredAtOnceButAPastCancelIsIllegal() {
        PendingMessage past = message(0, "TIMER_DELIVER_MS", Long.toString(NOW - 1));
        assertThat(stage().apply(past)).isNull();
        assertThat(past.topic()).isEqualTo("Orders");
        assertThat(PropertiesCodec.find(past.properties(), "TIMER_OUT_MS")).isNull();
        Refusal r = stage().apply(message(0, "TIMER_DELIVER_MS", Long.toString(NOW), "TIMER_DEL_UNIQKEY", "Orders+U0"));
        assertThat(r.code()).isEqualTo(ResponseCode.MESSAGE_ILLEGAL);
    }

    @Test
    void disabledWheelAndFlowControlAreSystemErrors() {
        Refusal off = stage("timerWheelEnable", "false").apply(message(0, "TIMER_DELAY_SEC", "5"));
        assertThat(off.code()).isEqualTo(ResponseCode.SYSTEM_ERROR);
        assertThat(off.remark()).startsWith("accurate timer message is not enabled");
        Refusal busy = new TimerPutStage(clock, settings(), due -> true).apply(message(0, "TIMER_DELAY_SEC", "5"));
        assertThat(busy.code()).isEqualTo(ResponseCode.SYSTEM_ERROR);
        assertThat(busy.remark()).contains("flow control");
    }

    @Test
    void delayLevelWinsAndHalfMessagesAndTransformedOnesPass() {
        PendingMessage level = message(0, "DELAY", "3", "TIMER_DELAY_SEC", "5", "TIMER_DELIVER_MS", "1", "TIMER_DELAY_MS", "9");
        assertThat(stage().apply(level)).isNull();
        assertThat(PropertiesCodec.decode(level.properties())).containsEntry("DELAY", "3")
            .doesNotContainKeys("TIMER_DELAY_SEC", "TIMER_DELIVER_MS", "TIMER_DELAY_MS");
        PendingMessage half = message(SysFlag.TRANSACTION_PREPARED_TYPE, "TIMER_DELAY_SEC", "5");
        String halfProps = half.properties();
        assertThat(stage().apply(half)).isNull();
        assertThat(half.properties()).isEqualTo(halfProps);
        assertThat(half.topic()).isEqualTo("Orders");
        PendingMessage commit = message(SysFlag.TRANSACTION_COMMIT_TYPE, "TIMER_DELAY_SEC", "5");
        assertThat(stage().apply(commit)).isNull();
        assertThat(commit.topic()).isEqualTo("rmq_sys_wheel_timer");
        PendingMessage again = message(0, "TIMER_DELAY_SEC", "5", "TIMER_OUT_MS", "1700000004000");
        assertThat(stage().apply(again)).isNull();
        assertThat(again.topic()).isEqualTo("Orders");
        PendingMessage plain = message(0);
        assertThat(stage().apply(plain)).isNull();
        assertThat(plain.topic()).isEqualTo("Orders");
    }

    @Test
    void batchOfTimedMessagesIsParkedMessageByMessageAndAMixIsRefused() {
        PendingMessage envelope = new PendingMessage("Orders", 2, "WAIT\u0001true", 0, true);
        List<PendingMessage> all = List.of(message(0, "TIMER_DELAY_SEC", "3"), message(0, "TIMER_DELIVER_MS",
            Long.toString(NOW + 9_000)));
        assertThat(stage().apply(envelope)).isNull();
        assertThat(stage().applyToBatch(envelope, all)).isNull();
        assertThat(envelope.topic()).isEqualTo("rmq_sys_wheel_timer");
        assertThat(envelope.queueId()).isZero();
        assertThat(PropertiesCodec.decode(all.get(0).properties())).containsEntry("TIMER_OUT_MS", "1700000003000")
            .containsEntry("REAL_TOPIC", "Orders").containsEntry("REAL_QID", "2");
        assertThat(PropertiesCodec.find(all.get(1).properties(), "TIMER_OUT_MS")).isEqualTo("1700000009000");

        PendingMessage env2 = new PendingMessage("Orders", 2, "", 0, true);
        Refusal mixed = stage().applyToBatch(env2, List.of(message(0, "TIMER_DELAY_SEC", "3"), message(0)));
        assertThat(mixed.code()).isEqualTo(ResponseCode.MESSAGE_ILLEGAL);
        assertThat(mixed.remark()).contains("mixes 1 timer messages with 1 plain");
        assertThat(env2.topic()).isEqualTo("Orders");

        Refusal tooFar = stage("timerMaxDelaySec", "5").applyToBatch(new PendingMessage("Orders", 2, "", 0, true),
            List.of(message(0, "TIMER_DELAY_SEC", "3"), message(0, "TIMER_DELAY_SEC", "6")));
        assertThat(tooFar.code()).isEqualTo(ResponseCode.MESSAGE_ILLEGAL);
        assertThat(tooFar.remark()).startsWith("message 1 of the batch");

        PendingMessage plainEnv = new PendingMessage("Orders", 2, "", 0, true);
        assertThat(stage().applyToBatch(plainEnv, List.of(message(0), message(0)))).isNull();
        assertThat(plainEnv.topic()).isEqualTo("Orders");
    }
}
