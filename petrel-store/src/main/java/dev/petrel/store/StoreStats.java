package dev.petrel.store;

/**
 * A snapshot of the store's counters.
 *
 * @param dispatchLag bytes of the CommitLog written but not yet in ConsumeQueues
 * @param diskUsedRatio 0..1 use of the CommitLog's file system
 */
public record StoreStats(long totalPuts, long totalPutBytes, long totalGets, long totalGetMessages,
                         long commitLogMinOffset, long commitLogMaxOffset, long dispatchLag, double diskUsedRatio,
                         long earliestMessageTime, boolean diskFull) {
}
