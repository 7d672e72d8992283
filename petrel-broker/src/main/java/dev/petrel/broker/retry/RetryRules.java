package dev.petrel.broker.retry;

/**
 * The retry and dead-letter decisions of flows.md §10–§11, as pure functions (a property test checks them against the
 * rules table):
 *
 * <pre>
 *   max reconsume times = header maxReconsumeTimes  if present and the client is V3_4_9 or newer
 *                         group retryMaxTimes        otherwise (16 by default)
 *
 *   CONSUMER_SEND_MSG_BACK (record = the failed message as stored)
 *     record.reconsumeTimes &gt;= max  or  header delayLevel &lt; 0   → %DLQ%group, no delay
 *     otherwise                                               → %RETRY%group, delay level
 *                                                               header delayLevel, or 3 + record.reconsumeTimes when 0
 *
 *   SEND_MESSAGE to %RETRY%group (a client re-sending a failed message itself)
 *     header reconsumeTimes &gt; max  or  the group holds an unexpired queue lock → %DLQ%group (DELAY=-1)
 *     otherwise                                                               → stored as sent
 * </pre>
 *
 * Levels above the highest configured one are lowered to it by the delay rewrite, not here.
 */
public final class RetryRules {

    /** {@code MQVersion.Version.V3_4_9.ordinal()}: clients from this version on send their own max reconsume times. */
    public static final int V3_4_9 = 121;

    /** A send-back's target: the dead-letter topic, or the retry topic after {@code delayLevel}. */
    public record SendBack(boolean deadLetter, int delayLevel) {
    }

    private RetryRules() {
    }

    public static int maxReconsumeTimes(Integer headerMax, int requestVersion, int groupRetryMaxTimes) {
        return headerMax != null && requestVersion >= V3_4_9 ? headerMax : groupRetryMaxTimes;
    }

    public static SendBack sendBack(int storedReconsumeTimes, int headerDelayLevel, int maxReconsumeTimes) {
        if (storedReconsumeTimes >= maxReconsumeTimes || headerDelayLevel < 0) {
            return new SendBack(true, 0);
        }
        if (headerDelayLevel > 0) {
            return new SendBack(false, headerDelayLevel);
        }
        // Saturated: an orderly client's max is Integer.MAX_VALUE, so the count may be large.
        return new SendBack(false, (int) Math.min(Integer.MAX_VALUE, 3L + Math.max(0, storedReconsumeTimes)));
    }

    public static boolean retrySendGoesToDeadLetter(int headerReconsumeTimes, int maxReconsumeTimes,
                                                   boolean groupHoldsQueueLocks) {
        return headerReconsumeTimes > maxReconsumeTimes || groupHoldsQueueLocks;
    }
}
