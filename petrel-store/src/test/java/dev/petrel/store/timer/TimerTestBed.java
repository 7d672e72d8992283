package dev.petrel.store.timer;

import dev.petrel.common.config.Config;
import dev.petrel.common.time.ManualClock;
import dev.petrel.message.DecodedMessage;
import dev.petrel.message.MessageDraft;
import dev.petrel.message.MessageRecordDecoder;
import dev.petrel.message.PropertyNames;
import dev.petrel.store.GetResult;
import dev.petrel.store.GetStatus;
import dev.petrel.store.LocalMessageStore;
import dev.petrel.store.MessageFilter;
import dev.petrel.store.PutResult;
import dev.petrel.store.StoreFixture;
import dev.petrel.store.StoredRecord;
import dev.petrel.store.file.StoreFileFactory;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A real store in a temporary directory with a timer engine stepped by hand under a {@link ManualClock}: what the put
 * stage stores ({@link #put}), time moving ({@link #advance}), restarts, graceful or crash-like ({@link #restart}),
 * and the deliveries read back from the real topics ({@link #deliveries}).
 */
final class TimerTestBed implements AutoCloseable {

    static final String TOPIC = "TimerTarget";
    /** Real time the dispatcher may take to catch up: only a stuck one takes this long, however loaded the machine. */
    static final Duration DISPATCH_WAIT = Duration.ofSeconds(60);
    static final long START = 1_700_000_000_000L;

    /** One delivered message as a consumer reads it. */
    record Delivery(String key, long dueMs, long deliveredAt, long queueOffset, Map<String, String> properties,
                    byte[] body, long preparedTransactionOffset) {
    }

    final Path root;
    final ManualClock clock;
    final Map<String, String> raw;
    final TimerConfig.Settings settings;
    LocalMessageStore store;
    TimerEngine engine;
    TimerStats stats;

    TimerTestBed(Path root, long startMillis, Map<String, String> timerProps) {
        this.root = root;
        this.clock = new ManualClock(startMillis);
        this.raw = new HashMap<>(StoreFixture.smallConfig(root));
        raw.put("mappedFileSizeCommitLog", Integer.toString(1024 * 1024));
        raw.put("mappedFileSizeConsumeQueue", Integer.toString(1000 * 20));
        Map<String, String> t = new HashMap<>();
        t.put("mappedFileSizeTimerLog", Integer.toString(32 * 1024));
        t.putAll(timerProps);
        Config tc = TimerConfig.DEF.parse(t, unknown -> {
            throw new IllegalArgumentException(unknown);
        });
        this.settings = TimerConfig.Settings.of(tc);
        open();
    }

    private void open() {
        store = StoreFixture.store(raw, clock, StoreFileFactory.mapped());
        store.start();
        stats = new TimerStats();
        engine = new TimerEngine(store, new TimerIndex(root.resolve("timer"), settings, StoreFileFactory.mapped()),
            settings, clock, stats);
        engine.recover();
    }

    /** Stores a timer message for {@code dueMs} as the broker's put stage would (TIMER_DELIVER_MS). */
    PutResult put(String key, long dueMs) {
        return put(key, dueMs, Map.of());
    }

    PutResult put(String key, long dueMs, Map<String, String> extra) {
        Map<String, String> p = new LinkedHashMap<>();
        p.put(PropertyNames.KEYS, key);
        p.put(PropertyNames.UNIQ_CLIENT_MESSAGE_ID_KEYIDX, "U" + key);
        p.put(PropertyNames.TIMER_DELIVER_MS, Long.toString(dueMs));
        p.put(PropertyNames.TIMER_OUT_MS, Long.toString(TimerMessages.slotOf(dueMs, settings.precisionMs())));
        p.put(PropertyNames.REAL_TOPIC, TOPIC);
        p.put(PropertyNames.REAL_QUEUE_ID, "0");
        p.putAll(extra);
        MessageDraft d = MessageDraft.builder().topic(TimerMessages.TIMER_TOPIC).queueId(0)
            .body(("body-" + key).getBytes(StandardCharsets.UTF_8)).properties(p).bornTimestamp(clock.millis())
            .bornHost(StoreFixture.BORN).storeHost(StoreFixture.STORE).build();
        PutResult r = store.putMessage(d).join();
        if (!r.isOk()) {
            throw new AssertionError("put failed: " + r);
        }
        awaitDispatched();
        return r;
    }

    /**
     * Waits until the dispatcher (a store thread) has caught up with the CommitLog: polls that observable condition
     * until a deadline in real time, which only a stuck dispatcher reaches (a count of spins ran out on a loaded
     * machine). Polls every 10 µs rather than {@link dev.petrel.testkit.Await}'s 5 ms: it runs after every put.
     */
    void awaitDispatched() {
        long deadline = System.nanoTime() + DISPATCH_WAIT.toNanos();
        while (store.dispatchedOffset() < store.commitLogMaxOffset()) {
            if (System.nanoTime() - deadline > 0) {
                throw new AssertionError("dispatch did not catch up within " + DISPATCH_WAIT.toSeconds() + " s: "
                    + store.dispatchedOffset() + " of " + store.commitLogMaxOffset());
            }
            java.util.concurrent.locks.LockSupport.parkNanos(10_000);
        }
    }

    /** Steps the engine until it has nothing to do at the current time. */
    void settle() {
        for (int i = 0; i < 10_000; i++) {
            if (!engine.step()) {
                awaitDispatched();
                return;
            }
        }
        throw new AssertionError("the timer engine never settled");
    }

    /** Moves time forward in steps no longer than a slot, settling after each, as the timer thread would. */
    void advance(long millis) {
        long end = clock.millis() + millis;
        settle();
        while (clock.millis() < end) {
            long next = Math.min(end, Math.max(clock.millis() + 1, engine.nextWakeMillis()));
            clock.advance(next - clock.millis(), java.util.concurrent.TimeUnit.MILLISECONDS);
            settle();
        }
    }

    /** Moves time forward by {@code millis} at once (the engine then catches up), and settles. */
    void jump(long millis) {
        clock.advance(millis, java.util.concurrent.TimeUnit.MILLISECONDS);
        settle();
    }

    /** Restart: {@code crash} drops everything not written, as kill -9; otherwise a graceful stop. */
    void restart(boolean crash) {
        if (crash) {
            engine.index().close();
            store.halt();
        } else {
            engine.maybeCheckpoint(true);
            engine.index().close();
            store.shutdown();
        }
        open();
    }

    List<Delivery> deliveries() {
        List<Delivery> out = new ArrayList<>();
        long offset = 0;
        MessageRecordDecoder decoder = new MessageRecordDecoder();
        while (true) {
            GetResult g = store.getMessage(TOPIC, 0, offset, 32, 1 << 20, MessageFilter.ALL);
            try {
                if (g.status() != GetStatus.FOUND) {
                    return out;
                }
                for (StoredRecord r : g.records()) {
                    DecodedMessage m = decoder.decode(r.buffer(), 0);
                    out.add(new Delivery(m.keys(), Long.parseLong(m.property(PropertyNames.TIMER_DELIVER_MS)),
                        Long.parseLong(m.property(PropertyNames.TIMER_DEQUEUE_MS)), r.queueOffset(), m.properties(),
                        m.body(), m.preparedTransactionOffset()));
                }
                offset = g.nextBeginOffset();
            } finally {
                g.release();
            }
        }
    }

    @Override
    public void close() {
        engine.index().close();
        store.shutdown();
    }
}
