package dev.petrel.broker;

import dev.petrel.common.time.ManualClock;
import dev.petrel.message.BatchBodyCodec;
import dev.petrel.message.DecodedMessage;
import dev.petrel.message.MessageRecordDecoder;
import dev.petrel.protocol.body.KVTable;
import dev.petrel.protocol.code.RequestCode;
import dev.petrel.protocol.code.ResponseCode;
import dev.petrel.protocol.frame.RemotingCommand;
import dev.petrel.protocol.header.RpcFields;
import dev.petrel.protocol.header.client.SendMessageRequestHeader;
import dev.petrel.store.MessageFilter;
import dev.petrel.testkit.Await;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static dev.petrel.broker.BrokerFixture.props;
import static org.assertj.core.api.Assertions.assertThat;

/** Timer messages through a real broker (sockets, store, timer thread) on a manual clock. */
class TimerSendTest {

    private static final long T0 = 1_700_000_000_300L;

    @TempDir
    Path dir;
    BrokerFixture f;

    @AfterEach
    void stop() {
        if (f != null) {
            f.close();
        }
    }

    private List<DecodedMessage> stored(String topic, int queueId) {
        var r = f.broker.store().getMessage(topic, queueId, 0, 100, Integer.MAX_VALUE, MessageFilter.ALL);
        try {
            List<DecodedMessage> out = new ArrayList<>();
            r.records().forEach(rec -> out.add(new MessageRecordDecoder().decode(rec.buffer(), 0)));
            return out;
        } finally {
            r.release();
        }
    }

    private void awaitDelivered(String topic, int queueId, int n) {
        Await.until(Duration.ofSeconds(10), n + " deliveries in " + topic,
            () -> f.broker.store().maxOffsetInQueue(topic, queueId) >= n);
    }

    @Test
    void parkedUntilDueThenDeliveredToTheRealQueueWithItsProperties() throws Exception {
        ManualClock clock = new ManualClock(T0);
        f = new BrokerFixture(dir, Map.of(), clock);
        RemotingCommand r = f.send("TimedTopic", 2, "hello", "UNIQ_KEY", "U1", "TAGS", "tA", "user", "v",
            "TIMER_DELIVER_MS", Long.toString(T0 + 5_000));
        assertThat(r.code()).as(r.remark()).isEqualTo(ResponseCode.SUCCESS);
        assertThat(r.extField("queueId")).isEqualTo("2");
        Await.until(Duration.ofSeconds(10), "parked", () -> f.broker.store().maxOffsetInQueue("rmq_sys_wheel_timer", 0) == 1);
        DecodedMessage parked = stored("rmq_sys_wheel_timer", 0).get(0);
        assertThat(parked.properties()).containsEntry("REAL_TOPIC", "TimedTopic").containsEntry("REAL_QID", "2")
            .containsEntry("TIMER_OUT_MS", "1700000005000");

        clock.advance(4_999, TimeUnit.MILLISECONDS);
        // the timer thread has seen the advance (it wakes on it) and has nothing to deliver yet
        Await.until(Duration.ofSeconds(10), "timer caught up", () -> timerTable().get("timerReadBehind").equals("0")
            && timerTable().get("petrelTimerBacklog").equals("1"));
        assertThat(f.broker.store().maxOffsetInQueue("TimedTopic", 2)).isZero();
        clock.advance(1, TimeUnit.MILLISECONDS);
        awaitDelivered("TimedTopic", 2, 1);
        DecodedMessage m = stored("TimedTopic", 2).get(0);
        assertThat(new String(m.body(), StandardCharsets.UTF_8)).isEqualTo("hello");
        assertThat(m.properties()).containsEntry("UNIQ_KEY", "U1").containsEntry("TAGS", "tA").containsEntry("user", "v")
            .containsEntry("TIMER_DEQUEUE_MS", Long.toString(T0 + 5_000)).doesNotContainKeys("REAL_TOPIC", "REAL_QID");

        Map<String, String> table = timerTable();
        assertThat(table).containsEntry("petrelTimerDelivered", "1").containsEntry("petrelTimerBacklog", "0")
            .containsEntry("timerCongestNum", "0").containsEntry("petrelTimerLatenessMaxMs", "0");
    }

    @Test
    void overTheMaxDelayIsRefusedAndNothingIsStored() throws Exception {
        f = new BrokerFixture(dir, Map.of("timerMaxDelaySec", "60"), new ManualClock(T0));
        long before = f.broker.store().commitLogMaxOffset();
        RemotingCommand r = f.send("TimedTopic", 0, "x", "TIMER_DELAY_SEC", "61");
        assertThat(r.code()).isEqualTo(ResponseCode.MESSAGE_ILLEGAL);
        assertThat(r.remark()).contains("timerMaxDelaySec is 60");
        RemotingCommand bad = f.send("TimedTopic", 0, "x", "TIMER_DELIVER_MS", "soon");
        assertThat(bad.code()).isEqualTo(ResponseCode.MESSAGE_ILLEGAL);
        assertThat(f.broker.store().commitLogMaxOffset()).isEqualTo(before);
    }

    @Test
    void timedBatchIsParkedAndDeliveredMessageByMessage() throws Exception {
        ManualClock clock = new ManualClock(T0);
        f = new BrokerFixture(dir, Map.of(), clock);
        byte[] body = BatchBodyCodec.encode(List.of(
            new BatchBodyCodec.Entry(0, "late".getBytes(StandardCharsets.UTF_8), props("UNIQ_KEY", "U0", "TIMER_DELAY_MS", "3000")),
            new BatchBodyCodec.Entry(0, "early".getBytes(StandardCharsets.UTF_8), props("UNIQ_KEY", "U1", "TIMER_DELAY_MS", "1000"))));
        SendMessageRequestHeader h = new SendMessageRequestHeader("pg", "TimedBatch", "TBW102", 4, 1, 0, T0, 0,
            props("WAIT", "true"), 0, false, true, null, RpcFields.toBroker("broker-a"));
        RemotingCommand r = f.sendV2(h, body);
        assertThat(r.code()).as(r.remark()).isEqualTo(ResponseCode.SUCCESS);
        assertThat(r.extField("queueId")).isEqualTo("1");
        clock.advance(1_000, TimeUnit.MILLISECONDS);
        awaitDelivered("TimedBatch", 1, 1);
        clock.advance(2_000, TimeUnit.MILLISECONDS);
        awaitDelivered("TimedBatch", 1, 2);
        assertThat(stored("TimedBatch", 1)).extracting(m -> new String(m.body(), StandardCharsets.UTF_8))
            .containsExactly("early", "late");

        byte[] mixed = BatchBodyCodec.encode(List.of(
            new BatchBodyCodec.Entry(0, "a".getBytes(StandardCharsets.UTF_8), props("TIMER_DELAY_MS", "3000")),
            new BatchBodyCodec.Entry(0, "b".getBytes(StandardCharsets.UTF_8), props("UNIQ_KEY", "U3"))));
        RemotingCommand refused = f.sendV2(h, mixed);
        assertThat(refused.code()).isEqualTo(ResponseCode.MESSAGE_ILLEGAL);
    }

    @Test
    void aMessageDueAfterARestartIsDeliveredOnce() throws Exception {
        ManualClock clock = new ManualClock(T0);
        f = new BrokerFixture(dir, Map.of(), clock);
        assertThat(f.send("TimedTopic", 0, "one", "UNIQ_KEY", "U1", "TIMER_DELAY_SEC", "10").code())
            .isEqualTo(ResponseCode.SUCCESS);
        assertThat(f.send("TimedTopic", 0, "two", "UNIQ_KEY", "U2", "TIMER_DELAY_SEC", "2").code())
            .isEqualTo(ResponseCode.SUCCESS);
        clock.advance(2_000, TimeUnit.MILLISECONDS);
        awaitDelivered("TimedTopic", 0, 1);
        f.restart();
        clock.advance(8_000, TimeUnit.MILLISECONDS);
        awaitDelivered("TimedTopic", 0, 2);
        clock.advance(60_000, TimeUnit.MILLISECONDS);
        Await.until(Duration.ofSeconds(10), "timer caught up", () -> timerTable().get("timerReadBehind").equals("0"));
        assertThat(stored("TimedTopic", 0)).extracting(m -> new String(m.body(), StandardCharsets.UTF_8))
            .containsExactly("two", "one");
    }

    private Map<String, String> timerTable() {
        try {
            RemotingCommand r = f.call(RemotingCommand.request(RequestCode.GET_BROKER_RUNTIME_INFO, null, null));
            return KVTable.CODEC.decode(r.body()).table();
        } catch (Exception e) {
            throw new AssertionError("GET_BROKER_RUNTIME_INFO failed", e);
        }
    }
}
