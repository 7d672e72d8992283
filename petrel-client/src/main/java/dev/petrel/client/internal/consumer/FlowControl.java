package dev.petrel.client.internal.consumer;

/**
 * Whether a push consumer may pull a queue again now (flows.md §8): not while the queue caches more than
 * {@code maxCount} messages, more than {@code maxMiB} MiB, or (concurrent listeners only) messages spanning more than
 * {@code maxSpan} offsets. RocketMQ's defaults are 1000 messages, 100 MiB and 2000. A pull that is held back is tried
 * again after {@link #DELAY_MILLIS}. Because a queue has at most one pull in flight and a pull returns at most
 * {@code pullBatchSize} messages, a queue never caches more than {@code maxCount + pullBatchSize} messages.
 *
 * @param maxCount pullThresholdForQueue
 * @param maxMiB   pullThresholdSizeForQueue
 * @param maxSpan  consumeConcurrentlyMaxSpan
 * @param orderly  orderly listeners do not check the span
 */
public record FlowControl(int maxCount, int maxMiB, int maxSpan, boolean orderly) {

    /** PULL_TIME_DELAY_MILLS_WHEN_CACHE_FLOW_CONTROL. */
    public static final long DELAY_MILLIS = 50;
    private static final long MIB = 1024L * 1024L;

    /** Why a pull waits, or {@link Decision#PULL}. */
    public enum Decision { PULL, TOO_MANY_MESSAGES, TOO_MANY_BYTES, SPAN_TOO_WIDE }

    public Decision check(int cachedCount, long cachedBytes, long offsetSpan) {
        if (cachedCount > maxCount) {
            return Decision.TOO_MANY_MESSAGES;
        }
        if (cachedBytes / MIB > maxMiB) {
            return Decision.TOO_MANY_BYTES;
        }
        if (!orderly && offsetSpan > maxSpan) {
            return Decision.SPAN_TOO_WIDE;
        }
        return Decision.PULL;
    }
}
