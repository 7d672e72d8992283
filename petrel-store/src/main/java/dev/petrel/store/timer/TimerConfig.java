package dev.petrel.store.timer;

import dev.petrel.common.config.Config;
import dev.petrel.common.config.ConfigDef;
import dev.petrel.common.config.ConfigKey;

import java.util.Set;

/**
 * The timer's properties: RocketMQ 5's {@code MessageStoreConfig} timer names and defaults, for what Petrel's timer
 * uses. {@link #DEF} is the definition (part of every broker.conf); {@link Settings} the typed view.
 */
public final class TimerConfig {

    /** RocketMQ accepts these precisions only. */
    private static final Set<Integer> PRECISIONS = Set.of(100, 200, 500, 1000);

    public static final ConfigKey<Boolean> TIMER_WHEEL_ENABLE = ConfigKey.ofBoolean("timerWheelEnable", true,
        "accept timer messages (TIMER_DELAY_SEC / TIMER_DELAY_MS / TIMER_DELIVER_MS); false refuses them with SYSTEM_ERROR");
    public static final ConfigKey<Integer> TIMER_MAX_DELAY_SEC = ConfigKey.ofInt("timerMaxDelaySec", 3 * 24 * 3600, 1,
        Integer.MAX_VALUE, "longest accepted timer delay, seconds; a later delivery time is refused with MESSAGE_ILLEGAL");
    public static final ConfigKey<Integer> TIMER_PRECISION_MS = ConfigKey.ofInt("timerPrecisionMs", 1000, 100, 1000,
        "width of a timer slot, ms: 100, 200, 500 or 1000. TIMER_OUT_MS is rounded down to it; Petrel still delivers "
            + "at the requested millisecond");
    public static final ConfigKey<Integer> TIMER_ROLL_WINDOW_SLOT = ConfigKey.ofInt("timerRollWindowSlot", 3600 * 24 * 2,
        8, 50_000_000, "slots the timer index covers ahead of its read position (172800 = 2 days at 1 s); a message due "
            + "later is parked at the window's end and re-linked (32 bytes, the message is not rewritten) when it comes");
    public static final ConfigKey<Integer> MAPPED_FILE_SIZE_TIMER_LOG = ConfigKey.ofInt("mappedFileSizeTimerLog",
        100 * 1024 * 1024, 4096, Integer.MAX_VALUE, "bytes per timer log file (rounded down to a multiple of 32)");
    public static final ConfigKey<Integer> TIMER_FLUSH_INTERVAL_MS = ConfigKey.ofInt("timerFlushIntervalMs", 1000, 10,
        Integer.MAX_VALUE, "period of the timer checkpoint (timer log and slots forced, progress recorded), ms");
    public static final ConfigKey<Integer> TIMER_CONGEST_NUM_EACH_SLOT = ConfigKey.ofInt("timerCongestNumEachSlot",
        Integer.MAX_VALUE, 1, Integer.MAX_VALUE, "flow control: above this many messages in one slot sends to it are "
            + "refused at random, above twice as many always (SYSTEM_ERROR)");

    public static final ConfigDef DEF = ConfigDef.of("timer", TIMER_WHEEL_ENABLE, TIMER_MAX_DELAY_SEC, TIMER_PRECISION_MS,
        TIMER_ROLL_WINDOW_SLOT, MAPPED_FILE_SIZE_TIMER_LOG, TIMER_FLUSH_INTERVAL_MS, TIMER_CONGEST_NUM_EACH_SLOT);

    private TimerConfig() {
    }

    /**
     * The typed settings.
     *
     * @param ringSlots slots of the in-memory ring: the roll window plus a margin, so a slot is reused only long after
     *                  it was delivered and checkpointed
     */
    public record Settings(boolean enabled, long maxDelayMillis, int precisionMs, int rollWindowSlots, int ringSlots,
                           int logFileSize, int flushIntervalMs, int congestNumEachSlot) {

        public Settings {
            if (!PRECISIONS.contains(precisionMs)) {
                throw new IllegalArgumentException("timerPrecisionMs must be 100, 200, 500 or 1000 (as in RocketMQ), got "
                    + precisionMs);
            }
            if (ringSlots <= rollWindowSlots) {
                throw new IllegalArgumentException("ring of " + ringSlots + " slots must exceed the roll window "
                    + rollWindowSlots);
            }
        }

        public static Settings of(Config c) {
            int window = c.get(TIMER_ROLL_WINDOW_SLOT);
            int logSize = c.get(MAPPED_FILE_SIZE_TIMER_LOG) / TimerLogLayout.ENTRY_SIZE * TimerLogLayout.ENTRY_SIZE;
            return new Settings(c.get(TIMER_WHEEL_ENABLE), c.get(TIMER_MAX_DELAY_SEC) * 1000L, c.get(TIMER_PRECISION_MS),
                window, ringSlotsFor(window), logSize, c.get(TIMER_FLUSH_INTERVAL_MS), c.get(TIMER_CONGEST_NUM_EACH_SLOT));
        }

        /** The roll window plus a quarter (at least 64 slots). */
        public static int ringSlotsFor(int rollWindowSlots) {
            return rollWindowSlots + Math.max(64, rollWindowSlots / 4);
        }

        /** The roll window in ms. */
        public long windowMillis() {
            return (long) rollWindowSlots * precisionMs;
        }
    }
}
