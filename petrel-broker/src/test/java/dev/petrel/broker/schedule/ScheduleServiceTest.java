package dev.petrel.broker.schedule;

import dev.petrel.broker.BrokerConfig;
import dev.petrel.broker.metadata.ConfigFile;
import dev.petrel.common.time.ManualClock;
import dev.petrel.message.DecodedMessage;
import dev.petrel.message.Host;
import dev.petrel.message.MessageDraft;
import dev.petrel.message.MessageRecordDecoder;
import dev.petrel.message.PropertiesCodec;
import dev.petrel.message.TagCode;
import dev.petrel.store.DelayLevels;
import dev.petrel.store.GetResult;
import dev.petrel.store.LocalMessageStore;
import dev.petrel.store.MessageFilter;
import dev.petrel.store.MessageStore;
import dev.petrel.store.PutResult;
import dev.petrel.store.PutStatus;
import dev.petrel.store.StoreConfig;
import dev.petrel.testkit.Await;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The schedule loop on a real store with a manual clock: nothing is delivered before its due time, everything at once
 * when the clock reaches it (the clock's advance wakes the loop), with the properties of system-topics.md §3; the
 * progress survives a restart through delayOffset.json; a clock moved back does not hold messages; a refused put is
 * retried.
 */
class ScheduleServiceTest {

    static final Duration WAIT = Duration.ofSeconds(10);
    static final long T0 = 1_700_000_000_000L;
    static final Host BORN = new Host(new byte[] {10, 0, 0, 7}, 40000);
    static final Host STORE = new Host(new byte[] {127, 0, 0, 1}, 10911);

    @TempDir
    Path dir;
    final ManualClock clock = new ManualClock(T0);
    MessageStore store;
    ScheduleService schedule;
    final DelayLevelRewrite rewrite = new DelayLevelRewrite(DelayLevels.parse("1s 5s 10s"));

    void open() {
        open(s -> s);
    }

    void open(java.util.function.UnaryOperator<MessageStore> wrap) {
        Map<String, String> raw = new HashMap<>();
        raw.put("storePathRootDir", dir.toString());
        raw.put("mappedFileSizeCommitLog", Integer.toString(1024 * 1024));
        raw.put("mappedFileSizeConsumeQueue", Integer.toString(100 * 20));
        raw.put("messageDelayLevel", "1s 5s 10s");
        LocalMessageStore local = LocalMessageStore.open(BrokerConfig.FILE.parse(raw, k -> {
            throw new IllegalArgumentException(k);
        }), clock);
        local.start();
        store = wrap.apply(local);
        startSchedule();
    }

    void startSchedule() {
        schedule = new ScheduleService(store, DelayLevels.parse("1s 5s 10s"), new ConfigFile(delayOffsetFile()), clock,
            10_000);
        store.addDispatchListener(schedule.dispatchListener());
        schedule.start();
    }

    Path delayOffsetFile() {
        return dir.resolve("config").resolve(ScheduleService.FILE_NAME);
    }

    @AfterEach
    void close() throws Exception {
        if (schedule != null) {
            schedule.stop();
        }
        if (store != null) {
            store.shutdown();
        }
    }

    /** Sends like a producer: the delay stage's rewrite, then the store. */
    PutResult sendDelayed(String topic, int queueId, String body, int level, String... extra) throws Exception {
        Map<String, String> props = new LinkedHashMap<>();
        props.put("TAGS", "TagA");
        props.put("KEYS", "k-" + body);
        props.put("UNIQ_KEY", "U-" + body);
        props.put("WAIT", "true");
        props.put("DELAY", Integer.toString(level));
        for (int i = 0; i < extra.length; i += 2) {
            props.put(extra[i], extra[i + 1]);
        }
        DelayLevelRewrite.Target t = rewrite.rewrite(topic, queueId, PropertiesCodec.encode(props), 0);
        MessageDraft d = MessageDraft.builder().topic(t.topic()).queueId(t.queueId())
            .body(body.getBytes(StandardCharsets.UTF_8)).flag(7).properties(t.properties()).bornTimestamp(T0 - 5)
            .bornHost(BORN).storeHost(STORE).reconsumeTimes(2).build();
        PutResult r = store.putMessage(d).get(10, TimeUnit.SECONDS);
        assertThat(r.isOk()).isTrue();
        Await.until(WAIT, "dispatch of " + body, () -> store.dispatchedOffset() >= r.physicalOffset() + r.recordSize());
        return r;
    }

    List<DecodedMessage> delivered(String topic, int queueId) {
        GetResult r = store.getMessage(topic, queueId, 0, 100, Integer.MAX_VALUE, MessageFilter.ALL);
        try {
            List<DecodedMessage> out = new ArrayList<>();
            r.records().forEach(rec -> out.add(new MessageRecordDecoder().decode(rec.buffer(), 0)));
            return out;
        } finally {
            r.release();
        }
    }

    List<Long> tagCodes(String topic, int queueId) {
        GetResult r = store.getMessage(topic, queueId, 0, 100, Integer.MAX_VALUE, MessageFilter.ALL);
        try {
            return r.records().stream().map(rec -> rec.tagCode()).toList();
        } finally {
            r.release();
        }
    }

    /** Moves the clock and waits until the loop has completed a pass that saw the new time. */
    void advanceAndLook(long millis) {
        clock.advance(millis, TimeUnit.MILLISECONDS);
        long now = clock.millis();
        Await.until(WAIT, "a schedule pass at " + now, () -> schedule.loop().lastPassMillis() >= now);
    }

    @Test
    void aMessageIsNotDeliveredBeforeItsDueTimeAndAtOnceWhenTheClockReachesIt() throws Exception {
        open();
        sendDelayed("Orders", 3, "m1", 2);
        assertThat(schedule.stats().snapshot().backlogByLevel()).containsEntry(2, 1L);
        advanceAndLook(4_999);
        assertThat(delivered("Orders", 3)).isEmpty();

        clock.advance(1, TimeUnit.MILLISECONDS); // due now: the advance alone wakes the loop
        Await.until(WAIT, "delivery of m1", () -> delivered("Orders", 3).size() == 1);
        DecodedMessage m = delivered("Orders", 3).get(0);
        assertThat(new String(m.body(), StandardCharsets.UTF_8)).isEqualTo("m1");
        assertThat(m.topic()).isEqualTo("Orders");
        assertThat(m.queueId()).isEqualTo(3);
        assertThat(m.flag()).isEqualTo(7);
        assertThat(m.reconsumeTimes()).isEqualTo(2);
        assertThat(m.bornTimestamp()).isEqualTo(T0 - 5);
        assertThat(m.bornHost()).isEqualTo(BORN);
        assertThat(m.storeTimestamp()).isEqualTo(T0 + 5_000);
        assertThat(m.properties()).containsEntry("UNIQ_KEY", "U-m1").containsEntry("KEYS", "k-m1")
            .containsEntry("TAGS", "TagA").containsEntry("WAIT", "false").containsEntry("REAL_TOPIC", "Orders")
            .containsEntry("REAL_QID", "3").containsEntry("DELAY", "2");
        Await.until(WAIT, "dispatch of the delivered message", () -> tagCodes("Orders", 3).size() == 1);
        assertThat(tagCodes("Orders", 3)).containsExactly(TagCode.of("TagA"));
        Await.until(WAIT, "level 2's progress recorded", () -> schedule.offsets().get(2) == 1
            && schedule.stats().snapshot().delivered() == 1);

        ScheduleStats.Snapshot stats = schedule.stats().snapshot();
        assertThat(stats.backlog()).isZero();
        assertThat(stats.delivered()).isEqualTo(1);
        assertThat(stats.lateness().count()).isEqualTo(1);
        assertThat(stats.lateness().max()).isZero(); // the manual clock did not move while delivering
        assertThat(schedule.offsets().get(2)).isEqualTo(1);
    }

    @Test
    void eachLevelDeliversInQueueOrderAndLevelsDoNotWaitForEachOther() throws Exception {
        open();
        sendDelayed("T", 0, "slow", 3);   // due T0 + 10 s
        sendDelayed("T", 0, "fast-1", 1); // due T0 + 1 s
        clock.advance(200, TimeUnit.MILLISECONDS);
        sendDelayed("T", 0, "fast-2", 1); // due T0 + 1.2 s
        sendDelayed("T", 0, "mid", 2);    // due T0 + 5.2 s
        clock.advance(1_000, TimeUnit.MILLISECONDS);
        Await.until(WAIT, "both fast ones", () -> delivered("T", 0).size() == 2);
        clock.advance(4_000, TimeUnit.MILLISECONDS);
        Await.until(WAIT, "mid", () -> delivered("T", 0).size() == 3);
        clock.advance(5_000, TimeUnit.MILLISECONDS);
        Await.until(WAIT, "slow", () -> delivered("T", 0).size() == 4);
        assertThat(delivered("T", 0)).extracting(d -> new String(d.body(), StandardCharsets.UTF_8))
            .containsExactly("fast-1", "fast-2", "mid", "slow");
        // A delivery is visible in its topic a moment before the loop records the level's progress.
        Await.until(WAIT, "every level's progress recorded", () -> {
            Map<String, String> info = schedule.stats().runtimeInfo();
            return "2,2".equals(info.get("scheduleMessageOffset_1")) && "1,1".equals(info.get("scheduleMessageOffset_3"))
                && "4".equals(info.get("petrelDelayDelivered"));
        });
        assertThat(schedule.stats().runtimeInfo()).containsEntry("scheduleMessageOffset_1", "2,2")
            .containsEntry("scheduleMessageOffset_3", "1,1").containsEntry("petrelDelayBacklog", "0")
            .containsEntry("petrelDelayBacklogByLevel", "1:0 2:0 3:0").containsEntry("petrelDelayDelivered", "4")
            .containsKey("petrelDelayLatenessMs");
    }

    @Test
    void progressSurvivesARestartThroughDelayOffsetJsonAndNothingIsDeliveredTwice() throws Exception {
        open();
        sendDelayed("T", 0, "a", 1);
        sendDelayed("T", 0, "b", 1);
        clock.advance(1_000, TimeUnit.MILLISECONDS);
        Await.until(WAIT, "a and b", () -> delivered("T", 0).size() == 2);
        sendDelayed("T", 0, "c", 1);     // due at T0 + 2 s
        schedule.stop();                 // writes the progress
        schedule = null;
        String json = Files.readString(delayOffsetFile());
        assertThat(json).contains("\"offsetTable\":{\"1\":2,\"2\":0,\"3\":0}");

        startSchedule();                 // a new service on the same store reads it back
        advanceAndLook(0);
        assertThat(delivered("T", 0)).hasSize(2);
        clock.advance(1_000, TimeUnit.MILLISECONDS);
        Await.until(WAIT, "c", () -> delivered("T", 0).size() == 3);
        advanceAndLook(60_000);
        assertThat(delivered("T", 0)).extracting(d -> new String(d.body(), StandardCharsets.UTF_8))
            .containsExactly("a", "b", "c");
    }

    @Test
    void progressOutsideTheQueueIsCorrectedAtStart() throws Exception {
        Files.createDirectories(delayOffsetFile().getParent());
        Files.writeString(delayOffsetFile(), "{\"offsetTable\":{1:500,2:-3,7:4}}");
        open();
        assertThat(schedule.offsets().get(1)).isZero();
        assertThat(schedule.offsets().get(2)).isZero();
        sendDelayed("T", 0, "x", 1);
        clock.advance(1_000, TimeUnit.MILLISECONDS);
        Await.until(WAIT, "x", () -> delivered("T", 0).size() == 1);
    }

    @Test
    void aClockMovedBackDeliversWhatItWouldOtherwiseHoldForTheSizeOfTheJump() throws Exception {
        open();
        sendDelayed("T", 0, "x", 3); // due T0 + 10 s
        clock.setMillis(T0 - 3_600_000);
        Await.until(WAIT, "x delivered although the clock reads an hour earlier", () -> delivered("T", 0).size() == 1);
    }

    @Test
    void aMessageWhoseRealTopicIsTheHalfTopicIsDropped() throws Exception {
        open();
        sendDelayed("RMQ_SYS_TRANS_HALF_TOPIC", 0, "half", 1);
        sendDelayed("T", 0, "after", 1);
        clock.advance(1_000, TimeUnit.MILLISECONDS);
        Await.until(WAIT, "the next one", () -> delivered("T", 0).size() == 1);
        assertThat(delivered("RMQ_SYS_TRANS_HALF_TOPIC", 0)).isEmpty();
        assertThat(schedule.offsets().get(1)).isEqualTo(2);
    }

    @Test
    void aRefusedDeliveryIsRetriedFromTheSameEntry() throws Exception {
        AtomicInteger refusals = new AtomicInteger(2);
        open(real -> (MessageStore) Proxy.newProxyInstance(MessageStore.class.getClassLoader(),
            new Class<?>[] {MessageStore.class}, (proxy, method, args) -> {
                if (method.getName().equals("putMessage") && ((MessageDraft) args[0]).topic().equals("T")
                    && refusals.getAndDecrement() > 0) {
                    return CompletableFuture.completedFuture(PutResult.refused(PutStatus.SERVICE_NOT_AVAILABLE, "test"));
                }
                try {
                    return method.invoke(real, args);
                } catch (InvocationTargetException e) {
                    throw e.getCause();
                }
            }));
        sendDelayed("T", 0, "x", 1);
        sendDelayed("T", 0, "y", 1);
        clock.advance(1_000, TimeUnit.MILLISECONDS);
        // Retries wait 100 ms of clock time; move the clock in small steps until both arrive.
        Await.until(WAIT, "x and y after two refusals", () -> {
            clock.advance(100, TimeUnit.MILLISECONDS);
            return delivered("T", 0).size() == 2;
        });
        assertThat(delivered("T", 0)).extracting(d -> new String(d.body(), StandardCharsets.UTF_8))
            .containsExactly("x", "y");
        assertThat(refusals.get()).isNegative();
    }
}
