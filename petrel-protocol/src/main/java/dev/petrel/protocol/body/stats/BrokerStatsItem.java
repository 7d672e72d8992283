package dev.petrel.protocol.body.stats;

/**
 * One window of a broker statistic: sum, tps and average per operation.
 */
public record BrokerStatsItem(
    double avgpt,
    long sum,
    double tps) {
}
