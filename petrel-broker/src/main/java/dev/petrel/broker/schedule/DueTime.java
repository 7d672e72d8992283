package dev.petrel.broker.schedule;

/**
 * When a parked message is due. The ConsumeQueue tag slot of a schedule-topic entry holds its delivery time (store
 * time + the level's delay). If that lies further ahead than one full delay of its level, the wall clock moved back
 * since the message was stored; the message is then due now rather than held for the size of the jump (Apache's
 * {@code correctDeliverTimestamp}). Pure.
 */
public final class DueTime {

    private DueTime() {
    }

    /**
     * @param tagSlot     the entry's delivery time (epoch ms)
     * @param nowMillis   the wall clock now
     * @param delayMillis the delay of the entry's level
     * @return the time to deliver at: {@code tagSlot}, or {@code nowMillis} if the clock moved back
     */
    public static long effective(long tagSlot, long nowMillis, long delayMillis) {
        return tagSlot > nowMillis + delayMillis ? nowMillis : tagSlot;
    }
}
