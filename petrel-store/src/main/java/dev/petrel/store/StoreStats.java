package dev.petrel.store;

/**
 * A snapshot of the store's counters.
 *
 * @param dispatchLag          bytes of the CommitLog written but not yet in ConsumeQueues (Apache's
 *                             {@code dispatchBehindBytes}: max offset minus dispatched offset)
 * @param diskUsedRatio        0..1 use of the CommitLog's file system
 * @param confirmedOffset      end of the bytes the commit gate confirmed (readers see nothing beyond it)
 * @param dispatchBehindConfirmed bytes confirmed but not yet dispatched: the part of the lag that delays acks
 * @param pendingAcks          puts stored and waiting to be acknowledged (confirmed and dispatched)
 * @param ackedPuts            puts acknowledged through the dispatcher since start (the latency sample size)
 * @param ackLatencyP99Micros  99th percentile of append-to-visible time of acknowledged puts, µs (upper bound of a
 *                             power-of-two bucket)
 * @param ackLatencyMaxMicros  largest append-to-visible time of an acknowledged put, µs
 */
public record StoreStats(long totalPuts, long totalPutBytes, long totalGets, long totalGetMessages,
                         long commitLogMinOffset, long commitLogMaxOffset, long dispatchLag, double diskUsedRatio,
                         long earliestMessageTime, boolean diskFull, long confirmedOffset, long dispatchBehindConfirmed,
                         int pendingAcks, long ackedPuts, long ackLatencyP99Micros, long ackLatencyMaxMicros) {
}
