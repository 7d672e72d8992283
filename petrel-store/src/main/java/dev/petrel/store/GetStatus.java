package dev.petrel.store;

/**
 * Outcome of a get by queue offset, with RocketMQ's {@code GetMessageStatus} names and next-begin-offset rules
 * (a master's view):
 * <ul>
 *   <li>{@link #FOUND}: records returned; next = offset after the last entry examined.</li>
 *   <li>{@link #NO_MATCHED_MESSAGE}: entries examined, none passed the filter; next = after the examined entries.</li>
 *   <li>{@link #MESSAGE_WAS_REMOVING}: entries point to deleted CommitLog data; next = after the examined entries.</li>
 *   <li>{@link #OFFSET_FOUND_NULL}: the offset is in range but its ConsumeQueue file is gone; next = start of the
 *   next file.</li>
 *   <li>{@link #OFFSET_OVERFLOW_BADLY}: offset &gt; max; next = max (as 5.x; 4.x answered min when min was 0).</li>
 *   <li>{@link #OFFSET_OVERFLOW_ONE}: offset == max (nothing new yet); next = offset.</li>
 *   <li>{@link #OFFSET_TOO_SMALL}: offset &lt; min; next = min.</li>
 *   <li>{@link #NO_MESSAGE_IN_QUEUE}: the queue exists but max is 0; next = 0.</li>
 *   <li>{@link #NO_MATCHED_LOGIC_QUEUE}: no such queue; next = 0.</li>
 * </ul>
 */
public enum GetStatus {
    FOUND,
    NO_MATCHED_MESSAGE,
    MESSAGE_WAS_REMOVING,
    OFFSET_FOUND_NULL,
    OFFSET_OVERFLOW_BADLY,
    OFFSET_OVERFLOW_ONE,
    OFFSET_TOO_SMALL,
    NO_MESSAGE_IN_QUEUE,
    NO_MATCHED_LOGIC_QUEUE
}
