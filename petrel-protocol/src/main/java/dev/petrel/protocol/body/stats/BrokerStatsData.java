package dev.petrel.protocol.body.stats;

import dev.petrel.protocol.body.BodyCodec;

/**
 * VIEW_BROKER_STATS_DATA (315) response: the statistic over the last minute, hour and day.
 */
public record BrokerStatsData(
    BrokerStatsItem statsDay,
    BrokerStatsItem statsHour,
    BrokerStatsItem statsMinute) {

    public static final BodyCodec<BrokerStatsData> CODEC = BodyCodec.of(BrokerStatsData.class);
}
