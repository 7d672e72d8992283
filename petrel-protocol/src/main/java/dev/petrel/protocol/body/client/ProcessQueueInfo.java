package dev.petrel.protocol.body.client;

/**
 * A push consumer's in-memory state of one queue, in ConsumerRunningInfo. {@code droped} is Apache's spelling.
 */
public record ProcessQueueInfo(
    int cachedMsgCount,
    long cachedMsgMaxOffset,
    long cachedMsgMinOffset,
    int cachedMsgSizeInMiB,
    long commitOffset,
    boolean droped,
    long lastConsumeTimestamp,
    long lastLockTimestamp,
    long lastPullTimestamp,
    boolean locked,
    int transactionMsgCount,
    long transactionMsgMaxOffset,
    long transactionMsgMinOffset,
    long tryUnlockTimes) {
}
