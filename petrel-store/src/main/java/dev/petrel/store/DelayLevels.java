package dev.petrel.store;

import java.util.Arrays;

/**
 * The {@code messageDelayLevel} table ("1s 5s 10s ..."): level n (1-based) waits the n-th duration. Used for the
 * ConsumeQueue tag slot of {@code SCHEDULE_TOPIC_XXXX} records (message-format.md §6): delivery time =
 * store time + delay of the level, the level clamped to the highest one; levels below 1 keep the tag hash.
 */
public final class DelayLevels {

    public static final String SCHEDULE_TOPIC = "SCHEDULE_TOPIC_XXXX";

    private final long[] millis;

    private DelayLevels(long[] millis) {
        this.millis = millis;
    }

    public static DelayLevels parse(String text) {
        String[] parts = text.trim().split("\\s+");
        long[] ms = new long[parts.length];
        for (int i = 0; i < parts.length; i++) {
            String p = parts[i];
            if (p.length() < 2) {
                throw new IllegalArgumentException("delay level '" + p + "' needs a number and a unit (s, m, h, d)");
            }
            long unit = switch (p.charAt(p.length() - 1)) {
                case 's' -> 1000L;
                case 'm' -> 60_000L;
                case 'h' -> 3_600_000L;
                case 'd' -> 86_400_000L;
                default -> throw new IllegalArgumentException("delay level '" + p + "' has an unknown unit; use s, m, h or d");
            };
            ms[i] = Long.parseLong(p.substring(0, p.length() - 1)) * unit;
        }
        return new DelayLevels(ms);
    }

    static boolean isValid(String text) {
        try {
            parse(text);
            return true;
        } catch (RuntimeException e) {
            return false;
        }
    }

    public int maxLevel() {
        return millis.length;
    }

    /** Delay of {@code level} in ms (1-based); levels above the highest are clamped to it. */
    public long delayMillis(int level) {
        return millis[Math.min(level, millis.length) - 1];
    }

    /**
     * The ConsumeQueue tag slot of a schedule-topic record: its delivery time, or {@code tagCode} when the level is
     * absent or below 1.
     */
    public long tagSlot(String delayProperty, long storeTimestamp, long tagCode) {
        if (delayProperty == null) {
            return tagCode;
        }
        int level;
        try {
            level = Integer.parseInt(delayProperty.trim());
        } catch (NumberFormatException e) {
            return tagCode;
        }
        return level > 0 ? storeTimestamp + delayMillis(level) : tagCode;
    }

    @Override
    public String toString() {
        return Arrays.toString(millis);
    }
}
